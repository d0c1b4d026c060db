import { describe, expect, it } from 'vitest';
import { industrySectorValues } from '../../../common/constants';
import { leadSourceNames, revenueTypeNames } from '../organizations/seed-organization-defaults';
import { sampleSets } from './sample-sets';

// A sample record whose type or source is not one of the organization's own choices cannot be
// chosen again in its form or found by the list's filter.
describe.each(industrySectorValues)('the %s sample set', (sector) => {
  const set = sampleSets[sector];

  it("gives its deals only the sector's revenue types", () => {
    for (const deal of set.deals) {
      if (deal.dealType) expect(revenueTypeNames[sector]).toContain(deal.dealType);
    }
  });

  it("gives its leads and deals only the sector's lead sources", () => {
    for (const record of [...set.leads, ...set.deals]) {
      if (record.leadSource) expect(leadSourceNames[sector]).toContain(record.leadSource);
    }
  });
});
