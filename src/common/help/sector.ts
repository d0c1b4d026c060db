import { type IndustrySector, industrySectorValues } from '../constants';

/** The sector whose guides and FAQ a missing or unknown sector gets. */
export const helpFallbackSector: IndustrySector = 'Small Business';

/**
 * The known industry sector `sector` names, forgiving case and surrounding spaces
 * ('wholesaler ' -> 'Wholesaler'); null when it is missing, blank or unknown.
 */
export function matchSector(sector: string | null | undefined): IndustrySector | null {
  if (typeof sector !== 'string') return null;
  const wanted = sector.trim().toLowerCase();
  if (wanted === '') return null;
  return industrySectorValues.find((value) => value.toLowerCase() === wanted) ?? null;
}

/** `matchSector`, with `fallback` for a missing, blank or unknown sector. */
export function resolveSector(sector: string | null | undefined, fallback: IndustrySector): IndustrySector {
  return matchSector(sector) ?? fallback;
}

/** True when `sector` is missing or only whitespace. */
export function isBlankSector(sector: string | null | undefined): boolean {
  return typeof sector !== 'string' || sector.trim() === '';
}
