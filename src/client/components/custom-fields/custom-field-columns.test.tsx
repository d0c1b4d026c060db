import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { customFieldColumnId, customFieldColumns } from './custom-field-columns';
import type { CustomFieldDefinition } from './types';

type Row = { customFields: Record<string, unknown> | null };

function field(fieldKey: string, fieldType: string, extra: Partial<CustomFieldDefinition> = {}) {
  return {
    id: `id-${fieldKey}`,
    name: fieldKey.toUpperCase(),
    fieldKey,
    fieldType,
    entityType: 'lead',
    isVisible: true,
    isRequired: false,
    options: null,
    placeholder: null,
    defaultValue: null,
    orderIndex: 0,
    sectionId: null,
    validation: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  } satisfies CustomFieldDefinition;
}

const view = { isVisible: () => true };

/** The text a column's cell shows for a value. */
function cellText(definition: CustomFieldDefinition, value: unknown, currency?: string) {
  const [column] = customFieldColumns<Row>([definition], { currency });
  const html = renderToStaticMarkup(
    <>{column.cell({ customFields: { [definition.fieldKey]: value } }, view)}</>,
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function cellHtml(definition: CustomFieldDefinition, row: Row) {
  const [column] = customFieldColumns<Row>([definition]);
  return renderToStaticMarkup(<>{column.cell(row, view)}</>);
}

describe('customFieldColumns', () => {
  it('offers each visible field, hidden by default, named after it, with an id of its own', () => {
    const columns = customFieldColumns<Row>([
      field('email', 'email'),
      field('secret', 'text', { isVisible: false }),
      field('amount', 'currency'),
    ]);
    expect(columns.map((column) => [column.id, column.header])).toEqual([
      ['cf:id-email', 'EMAIL'],
      ['cf:id-amount', 'AMOUNT'],
    ]);
    expect(customFieldColumnId({ id: 'id-email' })).toBe('cf:id-email');
    for (const column of columns) {
      expect(column.defaultHidden).toBe(true);
      expect(column.sortField).toBeUndefined();
      expect(column.alwaysVisible).toBeUndefined();
    }
    expect(columns[1].align).toBe('end');
  });

  it('leaves out the fields a built-in column shows', () => {
    const columns = customFieldColumns<Row>([field('expectedFee', 'currency'), field('county', 'text')], {
      exclude: ['expectedFee'],
    });
    expect(columns.map((column) => column.header)).toEqual(['COUNTY']);
  });

  it('formats values by type', () => {
    expect(cellText(field('n', 'number'), 1234.5)).toBe('1,234.5');
    expect(cellText(field('c', 'currency'), '12500')).toBe('$12,500');
    expect(cellText(field('c', 'currency'), 10, 'EUR')).toBe('€10');
    expect(cellText(field('d', 'date'), '2026-03-04')).toBe('Mar 4, 2026');
    expect(cellText(field('b', 'checkbox'), true)).toBe('Yes');
    expect(cellText(field('b', 'checkbox'), false)).toBe('No');
    expect(cellText(field('s', 'select'), 'Tax deed')).toBe('Tax deed');
    expect(cellText(field('m', 'multiselect'), ['A', 'B'])).toBe('A B');
    expect(cellText(field('m', 'multiselect'), ['A', 'B', 'C'])).toBe('A B +1');
    expect(cellText(field('t', 'text'), 'Hello')).toBe('Hello');
    expect(cellText(field('u', 'unknown-type'), 'Plain')).toBe('Plain');
  });

  it('links e-mail, phone and web addresses', () => {
    expect(cellHtml(field('e', 'email'), { customFields: { e: 'a@b.co' } })).toContain(
      'href="mailto:a@b.co"',
    );
    expect(cellHtml(field('p', 'phone'), { customFields: { p: '(555) 010-1234' } })).toContain(
      'href="tel:5550101234"',
    );
    const url = cellHtml(field('u', 'url'), { customFields: { u: 'https://county.gov/x' } });
    expect(url).toContain('href="https://county.gov/x"');
    expect(url).toContain('county.gov/x</span>');
  });

  it('keeps long text on one line', () => {
    expect(cellHtml(field('notes', 'textarea'), { customFields: { notes: 'a\nb' } })).not.toContain(
      'whitespace-pre-line',
    );
  });

  it('shows a dash when there is no value', () => {
    for (const row of [{ customFields: null }, { customFields: {} }, { customFields: { t: '  ' } }]) {
      expect(cellHtml(field('t', 'text'), row)).toContain('—');
    }
    expect(cellText(field('m', 'multiselect'), [])).toBe('—');
  });
});
