import type { IndustrySector } from './constants';

/** What a deal is called in each sector: "Ann Lee — surplus claim". */
const dealNouns: Record<IndustrySector, string> = {
  'Surplus Funds Locator': 'surplus claim',
  'Real Estate Investor': 'property deal',
  'Small Business': 'deal',
  'Tax Deed Investor': 'tax deed',
  Wholesaler: 'wholesale deal',
};

/** The name of the deal a lead conversion creates when none is given (server and convert dialog). */
export function convertedDealName(leadName: string, sector: string | null | undefined): string {
  return `${leadName} — ${dealNouns[sector as IndustrySector] ?? 'deal'}`;
}
