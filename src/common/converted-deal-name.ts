import type { IndustrySector } from './constants';
import { maxLineLength } from './validation/common';

/** What a deal is called in each sector: "Ann Lee — surplus claim". */
const dealNouns: Record<IndustrySector, string> = {
  'Surplus Funds Locator': 'surplus claim',
  'Real Estate Investor': 'property deal',
  'Small Business': 'deal',
  'Tax Deed Investor': 'tax deed',
  Wholesaler: 'wholesale deal',
};

/**
 * The name of the deal a lead conversion creates when none is given (server and convert dialog),
 * shortened to a deal name's 255 characters so the deal can be saved back as it is.
 */
export function convertedDealName(leadName: string, sector: string | null | undefined): string {
  const suffix = ` — ${dealNouns[sector as IndustrySector] ?? 'deal'}`;
  return `${leadName.slice(0, maxLineLength - suffix.length).trimEnd()}${suffix}`;
}
