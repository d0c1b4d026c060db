import { describe, expect, it } from 'vitest';
import { sortTemplates, type TemplateListItem } from './api';

const template = (name: string, extra: Partial<TemplateListItem> = {}): TemplateListItem => ({
  id: name,
  name,
  description: null,
  templateType: 'agreement',
  industryType: null,
  isActive: true,
  isDefault: false,
  libraryKey: null,
  mergeFields: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('sortTemplates', () => {
  it('puts defaults, then the sector’s library templates, then the rest by name', () => {
    const sorted = sortTemplates(
      [
        template('Zeta own'),
        template('Wholesale contract', { industryType: 'Wholesaler', libraryKey: 'wholesale' }),
        template('Power of attorney', { industryType: 'Surplus Funds Locator', libraryKey: 'poa' }),
        template('Fee agreement', {
          industryType: 'Surplus Funds Locator',
          libraryKey: 'fee',
          isDefault: true,
        }),
        template('Alpha own'),
      ],
      'Surplus Funds Locator',
    );
    expect(sorted.map((t) => t.name)).toEqual([
      'Fee agreement',
      'Power of attorney',
      'Wholesale contract',
      'Alpha own',
      'Zeta own',
    ]);
  });
});
