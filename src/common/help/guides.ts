/**
 * Help guides by industry sector (product spec §2 "Help panel"): 5 for Surplus Funds Locator, 1 for
 * each other sector. A missing or unknown sector gets the Small Business guides.
 */
import type { IndustrySector } from '../constants';
import {
  realEstateInvestorGuide,
  smallBusinessGuide,
  taxDeedInvestorGuide,
  wholesalerGuide,
} from './guides-other-sectors';
import { surplusFundsGuides } from './guides-surplus-funds';
import { helpFallbackSector, resolveSector } from './sector';
import type { Guide } from './types';

export const guidesBySector: Readonly<Record<IndustrySector, readonly Guide[]>> = {
  'Surplus Funds Locator': surplusFundsGuides,
  'Real Estate Investor': [realEstateInvestorGuide],
  'Small Business': [smallBusinessGuide],
  'Tax Deed Investor': [taxDeedInvestorGuide],
  Wholesaler: [wholesalerGuide],
};

/** The e-mail setup guide's id; it points to Settings > Email Configuration and its Send Test Email action. */
export const emailSetupGuideId = 'email-setup-for-client-outreach';

export function guidesForIndustry(sector: string | null | undefined): Guide[] {
  return [...guidesBySector[resolveSector(sector, helpFallbackSector)]];
}

/** A guide of the sector's list by id; undefined shows "Article not found". */
export function findGuide(sector: string | null | undefined, id: string): Guide | undefined {
  return guidesForIndustry(sector).find((guide) => guide.id === id);
}
