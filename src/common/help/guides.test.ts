import { describe, expect, it } from 'vitest';
import { industrySectorValues } from '../constants';
import { emailSetupGuideId, findGuide, guidesBySector, guidesForIndustry } from './guides';
import { guideDescriptionMaxLength, truncateDescription } from './tour-state';
import { guideCategories } from './types';

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const allGuides = industrySectorValues.flatMap((sector) => guidesBySector[sector]);

describe('guides', () => {
  it.each([
    ['Surplus Funds Locator', 5],
    ['Real Estate Investor', 1],
    ['Small Business', 1],
    ['Tax Deed Investor', 1],
    ['Wholesaler', 1],
  ])('%s has %i guide(s)', (sector, count) => {
    expect(guidesForIndustry(sector)).toHaveLength(count);
  });

  it('falls back to Small Business for a missing, blank or unknown sector', () => {
    const smallBusiness = guidesForIndustry('Small Business');
    for (const sector of [undefined, null, '', '   ', 'Dentist', 'surplus']) {
      expect(guidesForIndustry(sector)).toEqual(smallBusiness);
    }
  });

  it('matches a sector regardless of case and surrounding spaces', () => {
    expect(guidesForIndustry(' surplus funds locator ')).toHaveLength(5);
  });

  it('returns a copy, so callers cannot change the stored list', () => {
    guidesForIndustry('Wholesaler').pop();
    expect(guidesForIndustry('Wholesaler')).toHaveLength(1);
  });

  it('uses only the allowed categories and read times of 3 to 20 minutes', () => {
    for (const guide of allGuides) {
      expect(guideCategories).toContain(guide.category);
      expect(Number.isInteger(guide.readTimeMinutes)).toBe(true);
      expect(guide.readTimeMinutes).toBeGreaterThanOrEqual(3);
      expect(guide.readTimeMinutes).toBeLessThanOrEqual(20);
    }
  });

  it('has unique kebab-case ids and non-empty fields', () => {
    const ids = allGuides.map((guide) => guide.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const guide of allGuides) {
      expect(guide.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(guide.title.trim()).not.toBe('');
      expect(guide.description.trim()).not.toBe('');
    }
  });

  it('writes full markdown articles: 400-900 words for surplus funds, 300-600 for the others', () => {
    for (const sector of industrySectorValues) {
      const [min, max] = sector === 'Surplus Funds Locator' ? [400, 900] : [300, 600];
      for (const guide of guidesBySector[sector]) {
        expect(words(guide.content), guide.id).toBeGreaterThanOrEqual(min);
        expect(words(guide.content), guide.id).toBeLessThanOrEqual(max);
        expect(guide.content.startsWith(`# ${guide.title}\n`), guide.id).toBe(true);
        expect(guide.content).toMatch(/^## /m);
        expect(guide.content).toMatch(/^(- |1\. )/m);
      }
    }
  });

  it('covers five different categories for surplus funds, including System Setup', () => {
    const categories = guidesForIndustry('Surplus Funds Locator').map((guide) => guide.category);
    expect(new Set(categories).size).toBe(5);
    expect(categories).toEqual(
      expect.arrayContaining([
        'System Setup',
        'Getting Started',
        'Lead Generation',
        'Client Management',
        'Legal Documents',
      ]),
    );
  });

  it('has an e-mail setup guide pointing to Settings > Email Configuration and Send Test Email', () => {
    const guide = findGuide('Surplus Funds Locator', emailSetupGuideId);
    expect(guide?.category).toBe('System Setup');
    expect(guide?.content).toContain('Settings > Email Configuration');
    expect(guide?.content).toContain('Send Test Email');
    for (const term of ['SPF', 'DKIM', 'DMARC', 'Reply-to']) expect(guide?.content).toContain(term);
  });

  it('tells locators that state rules vary and must be checked', () => {
    for (const guide of guidesForIndustry('Surplus Funds Locator').filter(
      (g) => g.category !== 'System Setup',
    )) {
      expect(guide.content, guide.id).toMatch(
        /vary by state|differ by state|varies by state|vary widely by state/,
      );
    }
    const legal = guidesForIndustry('Surplus Funds Locator').find((g) => g.category === 'Legal Documents');
    expect(legal?.content).toMatch(/not legal advice/);
    expect(legal?.content).toMatch(/attorney/);
  });

  it('finds a guide by id within the sector, or undefined', () => {
    expect(findGuide('Wholesaler', 'running-an-assignment-deal')?.title).toBe(
      'Running an assignment deal in Locus',
    );
    expect(findGuide('Wholesaler', emailSetupGuideId)).toBeUndefined();
    expect(findGuide(undefined, 'getting-started-with-your-pipeline')).toBeDefined();
    expect(findGuide('Surplus Funds Locator', 'nope')).toBeUndefined();
  });
});

describe('truncateDescription', () => {
  it('keeps text of at most 150 characters as it is', () => {
    expect(guideDescriptionMaxLength).toBe(150);
    expect(truncateDescription('short')).toBe('short');
    const exact = 'x'.repeat(150);
    expect(truncateDescription(exact)).toBe(exact);
  });

  it('cuts longer text at 150 characters and adds "..."', () => {
    const long = `${'a'.repeat(150)}bcdef`;
    expect(truncateDescription(long)).toBe(`${'a'.repeat(150)}...`);
    expect(truncateDescription('x'.repeat(151))).toHaveLength(153);
  });

  it('accepts another limit', () => {
    expect(truncateDescription('abcdef', 3)).toBe('abc...');
  });

  it('cuts the long guide descriptions the list shows', () => {
    const long = allGuides.filter((guide) => guide.description.length > 150);
    expect(long.length).toBeGreaterThan(0);
    for (const guide of long) {
      expect(truncateDescription(guide.description)).toBe(`${guide.description.slice(0, 150)}...`);
    }
  });
});
