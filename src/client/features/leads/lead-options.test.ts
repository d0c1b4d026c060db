import { describe, expect, it } from 'vitest';
import { toApiParams } from '../../components/data-table/list-params';
import { leadFilterDefs, leadFilterKeys, leadStatusOptions, settableLeadStatusOptions } from './lead-options';

describe('the lead filter bar', () => {
  it('has a control for every filter the list call takes', () => {
    const defs = leadFilterDefs({ owners: [], sources: [], tags: [] });
    expect(defs.map((def) => def.key)).toEqual([...leadFilterKeys]);
  });

  it('offers lead sources and tags as choices when the organization has them, free text otherwise', () => {
    const withLists = leadFilterDefs({ owners: [], sources: ['Referral'], tags: ['VIP'] });
    expect(withLists.find((def) => def.key === 'leadSource')).toMatchObject({
      kind: 'select',
      options: [{ value: 'Referral', label: 'Referral' }],
    });
    expect(withLists.find((def) => def.key === 'tag')?.kind).toBe('select');
    const without = leadFilterDefs({ owners: [], sources: [], tags: [] });
    expect(without.find((def) => def.key === 'leadSource')?.kind).toBe('text');
    expect(without.find((def) => def.key === 'tag')?.kind).toBe('text');
  });

  it('sends the chosen filters by field name', () => {
    const params = toApiParams({
      search: '',
      sort: '-createdAt',
      filters: { leadStatus: 'Qualified', interestLevel: 'Hot', createdFrom: '2025-01-01' },
    });
    expect(params).toEqual({
      sort: '-createdAt',
      leadStatus: 'Qualified',
      interestLevel: 'Hot',
      createdFrom: '2025-01-01',
    });
  });
});

describe('lead status options', () => {
  it('lets people set every status but Converted, which only the Convert action gives', () => {
    expect(settableLeadStatusOptions.map((option) => option.value)).toEqual([
      'New',
      'Contacted',
      'Qualified',
      'Disqualified',
    ]);
    // Filters still offer it, to find the converted leads.
    expect(leadStatusOptions.map((option) => option.value)).toContain('Converted');
  });
});
