import { describe, expect, it } from 'vitest';
import { industrySectorValues } from '../constants';
import { emailFaq, faqBySector, faqForIndustry } from './faq';

const text = (sector: string) =>
  faqForIndustry(sector)
    .map((entry) => `${entry.question} ${entry.answer}`)
    .join('\n');

describe('faqForIndustry', () => {
  it.each(industrySectorValues)('%s has 5 to 10 complete entries', (sector) => {
    const entries = faqForIndustry(sector);
    expect(entries.length).toBeGreaterThanOrEqual(5);
    expect(entries.length).toBeLessThanOrEqual(10);
    for (const entry of entries) {
      expect(entry.question.trim()).toMatch(/\?$/);
      expect(entry.answer.trim().length).toBeGreaterThan(40);
    }
    expect(new Set(entries.map((entry) => entry.question)).size).toBe(entries.length);
  });

  it.each(industrySectorValues)('%s covers e-mail setup and delivery', (sector) => {
    expect(faqForIndustry(sector)).toEqual(expect.arrayContaining([...emailFaq]));
    const all = text(sector);
    for (const term of [
      'SPF',
      'DKIM',
      'Send Test Email',
      'Reply-to',
      'From address',
      'Settings > Email Configuration',
    ]) {
      expect(all).toContain(term);
    }
  });

  it('gives surplus funds locators the fee range and the claim duration', () => {
    expect(text('Surplus Funds Locator')).toMatch(/25% to 50% of the amount actually recovered/);
    expect(text('Surplus Funds Locator')).toMatch(/30 to 90 days/);
    expect(text('Surplus Funds Locator')).toMatch(/cap/);
  });

  it('gives wholesalers the assignment fee range', () => {
    expect(text('Wholesaler')).toMatch(/\$3,000 to \$15,000/);
  });

  it('gives real estate investors the down payment, cash-on-cash return and the 1% rule', () => {
    const all = text('Real Estate Investor');
    expect(all).toMatch(/\$10,000 to \$20,000/);
    expect(all).toMatch(/8% to 12%/);
    expect(all).toMatch(/cash-on-cash/i);
    expect(all).toMatch(/1% rule/);
  });

  it('keeps each figure in its own sector', () => {
    expect(text('Small Business')).not.toMatch(/25% to 50%|\$3,000|\$10,000|1% rule/);
    expect(text('Wholesaler')).not.toMatch(/25% to 50%|1% rule/);
    expect(text('Real Estate Investor')).not.toMatch(/25% to 50%|\$3,000 to \$15,000/);
  });

  it('falls back to Small Business for a missing, blank or unknown sector', () => {
    for (const sector of [undefined, null, '', 'Bakery']) {
      expect(faqForIndustry(sector)).toEqual([...faqBySector['Small Business']]);
    }
  });
});
