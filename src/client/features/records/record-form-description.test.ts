import { describe, expect, it } from 'vitest';
import {
  formDefaults,
  formFieldPaths,
  formPayload,
  type RecordFormDescription,
  setAt,
  valueAt,
} from './record-form-description';
import { standardFields } from './standard-fields';

const description: Pick<RecordFormDescription, 'sections'> = {
  sections: [
    {
      fields: [
        { name: 'fullName', label: 'Full name', kind: 'text' },
        standardFields.phone,
        { name: 'leadStatus', label: 'Status', kind: 'select', defaultValue: 'New' },
        standardFields.owner('assignedOwner'),
        standardFields.tags('tags'),
        standardFields.lastContact,
        { name: 'data.deceased', label: 'Deceased', kind: 'checkbox' },
        { name: 'data.parcel', label: 'Parcel', kind: 'text' },
      ],
    },
  ],
};

describe('record form description', () => {
  it('starts a new record from the defaults, the owner being the user', () => {
    expect(formDefaults(description, { defaultOwnerId: 'me' })).toEqual({
      fullName: '',
      phone: '',
      phoneType: '',
      leadStatus: 'New',
      assignedOwner: 'me',
      tags: [],
      lastContactDate: '',
      data: { deceased: false, parcel: '' },
    });
  });

  it('starts an edit from the record, a stored moment as its day', () => {
    const noon = new Date(2026, 2, 4, 12).toISOString();
    const values = formDefaults(
      description,
      { defaultOwnerId: 'me' },
      { fullName: 'Ann', phone: null, assignedOwner: null, lastContactDate: noon, data: { deceased: true } },
    );
    expect(values).toMatchObject({
      fullName: 'Ann',
      phone: '',
      assignedOwner: '',
      lastContactDate: '2026-03-04',
      data: { deceased: true, parcel: '' },
    });
  });

  it('sends a timestamp day as that day’s noon, an empty one as null', () => {
    const values = formDefaults(description, {});
    expect(formPayload(description, { ...values, lastContactDate: '' }).lastContactDate).toBeNull();
    const sent = formPayload(description, { ...values, lastContactDate: '2026-03-04' }).lastContactDate;
    expect(new Date(String(sent)).getHours()).toBe(12);
    expect(values.lastContactDate).toBe('');
  });

  it('names every path the API may report, the phone type included', () => {
    expect(formFieldPaths(description)).toContain('phoneType');
    expect(formFieldPaths(description)).toContain('data.parcel');
  });

  it('reads and writes dotted paths without touching the original objects', () => {
    const data = { parcel: '12' };
    const record: Record<string, unknown> = { data };
    setAt(record, 'data.county', 'Dade');
    expect(valueAt(record, 'data.county')).toBe('Dade');
    expect(data).toEqual({ parcel: '12' });
    expect(valueAt(record, 'missing.key')).toBeUndefined();
  });
});
