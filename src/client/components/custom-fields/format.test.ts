import { describe, expect, it } from 'vitest';
import { formatCurrency, formatCustomFieldValue, safeCurrency } from './format';
import { groupFieldsBySection } from './group-fields';

const as = (fieldType: string) => ({ fieldType, dataType: null });

describe('formatCustomFieldValue', () => {
  it('formats money in the given currency, cents only when present', () => {
    expect(formatCustomFieldValue(as('currency'), 12500)).toEqual({ kind: 'text', text: '$12,500' });
    expect(formatCustomFieldValue(as('currency'), '1250.5')).toEqual({ kind: 'text', text: '$1,250.50' });
    expect(formatCustomFieldValue(as('currency'), 10, { currency: 'EUR' })).toEqual({
      kind: 'text',
      text: '€10',
    });
  });

  it('reads dates as calendar days and ticks as Yes/No', () => {
    expect(formatCustomFieldValue(as('date'), '2026-03-04')).toEqual({ kind: 'text', text: 'Mar 4, 2026' });
    expect(formatCustomFieldValue(as('checkbox'), true)).toMatchObject({ kind: 'boolean', text: 'Yes' });
    expect(formatCustomFieldValue(as('checkbox'), false)).toMatchObject({ kind: 'boolean', text: 'No' });
  });

  it('links e-mail, phone and http(s) addresses only', () => {
    expect(formatCustomFieldValue(as('email'), 'a@b.co')).toMatchObject({
      kind: 'link',
      href: 'mailto:a@b.co',
    });
    expect(formatCustomFieldValue(as('phone'), '(555) 010-1234')).toMatchObject({
      kind: 'link',
      href: 'tel:5550101234',
    });
    expect(formatCustomFieldValue(as('url'), 'https://county.gov/x')).toMatchObject({
      kind: 'link',
      text: 'county.gov/x',
      external: true,
    });
    expect(formatCustomFieldValue(as('url'), 'javascript:alert(1)')).toEqual({
      kind: 'text',
      text: 'javascript:alert(1)',
    });
  });

  it('treats blanks as empty and lists options', () => {
    expect(formatCustomFieldValue(as('text'), '  ')).toEqual({ kind: 'empty' });
    expect(formatCustomFieldValue(as('multiselect'), [])).toEqual({ kind: 'empty' });
    expect(formatCustomFieldValue(as('multiselect'), ['A', 'B'])).toEqual({
      kind: 'list',
      items: ['A', 'B'],
    });
  });

  it('falls back to USD for an unknown currency', () => {
    expect(safeCurrency('zz')).toBe('USD');
    expect(safeCurrency('gbp')).toBe('GBP');
    expect(formatCurrency(5, { currency: null })).toBe('$5');
  });
});

describe('groupFieldsBySection', () => {
  it('puts loose fields first, then sections in order, skipping empty ones', () => {
    const sections = [
      {
        id: 's2',
        name: 'Second',
        entityType: 'deal',
        orderIndex: 1,
        isCollapsible: false,
        isExpanded: true,
        updatedAt: '',
      },
      {
        id: 's1',
        name: 'First',
        entityType: 'deal',
        orderIndex: 0,
        isCollapsible: false,
        isExpanded: true,
        updatedAt: '',
      },
      {
        id: 's3',
        name: 'Empty',
        entityType: 'deal',
        orderIndex: 2,
        isCollapsible: false,
        isExpanded: true,
        updatedAt: '',
      },
    ];
    const fields = [
      { name: 'b', sectionId: 's2', orderIndex: 1 },
      { name: 'a', sectionId: null, orderIndex: 3 },
      { name: 'c', sectionId: 's1', orderIndex: 0 },
      { name: 'd', sectionId: 'gone', orderIndex: 2 },
    ];
    const groups = groupFieldsBySection(fields, sections);
    expect(groups.map((g) => [g.section?.name ?? null, g.fields.map((f) => f.name)])).toEqual([
      [null, ['d', 'a']],
      ['First', ['c']],
      ['Second', ['b']],
    ]);
  });
});
