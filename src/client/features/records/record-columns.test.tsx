import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { dateColumn, nameColumn, ownerColumn, textColumn } from './record-columns';

interface Row {
  id: string;
  name: string;
  city: string | null;
  owner: string | null;
  createdAt: string | null;
}

const row: Row = { id: 'r1', name: 'Ann Lee', city: null, owner: 'u1', createdAt: null };
const view = { isVisible: () => true };
const nameOf = (id: string | null | undefined) => (id === 'u1' ? 'Uma Owner' : null);
const textOf = (node: unknown) => {
  expect(isValidElement(node)).toBe(true);
  return (node as ReactElement<{ children: unknown }>).props.children;
};

describe('record columns', () => {
  it('shows a dash for a missing value, and takes the options given', () => {
    const city = textColumn<Row>('city', 'City', (r) => r.city, { sortField: 'city', defaultHidden: true });
    expect(city).toMatchObject({ id: 'city', header: 'City', sortField: 'city', defaultHidden: true });
    expect(textOf(city.cell(row, view))).toBe('—');
    expect(textOf(dateColumn<Row>('created', 'Created', (r) => r.createdAt).cell(row, view))).toBe('—');
  });

  it('sorts dates newest first unless told otherwise', () => {
    expect(dateColumn<Row>('created', 'Created', (r) => r.createdAt).sortFirst).toBe('desc');
  });

  it('names the owner, or says Unassigned', () => {
    const owner = ownerColumn<Row>(nameOf, (r) => r.owner);
    expect(textOf(owner.cell(row, view))).toBe('Uma Owner');
    expect(textOf(owner.cell({ ...row, owner: null }, view))).toBe('Unassigned');
  });

  it('keeps the name column always shown, with the id and header a list gives it', () => {
    const name = nameColumn<Row>({ name: (r) => r.name, href: (r) => `/x/${r.id}` });
    expect(name).toMatchObject({ id: 'name', header: 'Name', alwaysVisible: true });
    expect(
      nameColumn<Row>({ id: 'dealName', header: 'Deal', name: (r) => r.name, href: () => '/' }),
    ).toMatchObject({
      id: 'dealName',
      header: 'Deal',
    });
  });
});
