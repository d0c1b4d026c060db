import { describe, expect, it } from 'vitest';
import { convertedDealName } from './converted-deal-name';

describe('convertedDealName', () => {
  it('names the deal after the lead and the sector’s kind of deal', () => {
    expect(convertedDealName('Ann Lee', 'Surplus Funds Locator')).toBe('Ann Lee — surplus claim');
    expect(convertedDealName('Ann Lee', 'Wholesaler')).toBe('Ann Lee — wholesale deal');
    expect(convertedDealName('Ann Lee', null)).toBe('Ann Lee — deal');
  });

  it('stays within a deal name’s 255 characters', () => {
    const name = convertedDealName('A'.repeat(255), 'Surplus Funds Locator');
    expect(name).toHaveLength(255);
    expect(name.endsWith(' — surplus claim')).toBe(true);
  });
});
