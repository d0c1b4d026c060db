import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields';

describe('changedFields', () => {
  it('keeps only the fields and customFields keys that differ', () => {
    const before = {
      dealName: 'Palm Way',
      notes: null as string | null,
      tags: ['a', 'b'],
      customFields: { county: 'Pinellas', seniorLiens: 12_000, state: 'FL' },
    };
    const after = {
      dealName: 'Palm Way',
      notes: '',
      tags: ['a', 'b'],
      customFields: { county: 'Pinellas', seniorLiens: 15_000, state: 'FL' },
    };
    expect(changedFields(before, after)).toEqual({ notes: '', customFields: { seniorLiens: 15_000 } });
  });

  it('sends nothing when nothing changed, and clears a key the form no longer sends', () => {
    const body = { dealName: 'x', customFields: { a: { b: 1, c: [1, 2] } } };
    expect(changedFields(body, structuredClone(body))).toEqual({});
    expect(changedFields({ customFields: { a: 1, b: 2 } }, { customFields: { a: 1 } })).toEqual({
      customFields: { b: null },
    });
    expect(changedFields({ tags: ['a'] }, { tags: ['a', 'b'] })).toEqual({ tags: ['a', 'b'] });
  });
});
