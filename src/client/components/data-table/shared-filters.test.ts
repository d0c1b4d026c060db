import { describe, expect, it } from 'vitest';
import { clientFilterDefs, clientFilterKeys } from '../../features/clients/client-options';
import { companyFilterDefs, companyFilterKeys } from '../../features/companies/company-options';
import { leadFilterDefs, leadFilterKeys } from '../../features/leads/lead-options';
import { tagFilterDef } from './shared-filters';

describe('the filters every record list shares', () => {
  it('offer a tag and the created range on leads, clients and companies', () => {
    const owners = [{ value: 'u1', label: 'Ann' }];
    const lists = [
      [leadFilterDefs({ owners, sources: [], tags: ['vip'] }), leadFilterKeys],
      [clientFilterDefs({ owners, tags: ['vip'] }), clientFilterKeys],
      [companyFilterDefs({ owners, tags: ['vip'] }), companyFilterKeys],
    ] as const;
    for (const [defs, keys] of lists) {
      const byKey = new Map(defs.map((def) => [def.key, def]));
      for (const key of ['tag', 'createdFrom', 'createdTo']) {
        expect(byKey.has(key)).toBe(true);
        expect(keys).toContain(key);
      }
      expect(byKey.get('createdFrom')?.kind).toBe('date');
    }
  });

  it('picks a tag from the organization’s tags, or takes it typed while there are none', () => {
    expect(tagFilterDef(['vip'])).toMatchObject({
      kind: 'select',
      options: [{ value: 'vip', label: 'vip' }],
    });
    expect(tagFilterDef([])).toMatchObject({ kind: 'text' });
  });
});
