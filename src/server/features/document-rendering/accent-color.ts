import type { colorSchemes } from '../../../common/constants';

/*
 * An organization's colour scheme (organizations.colorScheme) as the hex its PDFs use for
 * headings and rules: the scheme's primary colour, the same as the app's theme in styles.css.
 */
const schemeHex: Record<(typeof colorSchemes)[number], string> = {
  locus: '#0f6b78',
  blue: '#2563eb',
  green: '#15803d',
  purple: '#7c3aed',
  orange: '#c2410c',
  slate: '#334155',
};

export const defaultAccentColor = schemeHex.locus;

/** A scheme name or a "#rrggbb" to a hex colour; anything else is the default teal. */
export function accentColorOf(colorOrScheme: string | null | undefined): string {
  if (!colorOrScheme) return defaultAccentColor;
  if (/^#[0-9a-fA-F]{6}$/.test(colorOrScheme)) return colorOrScheme.toLowerCase();
  return schemeHex[colorOrScheme as keyof typeof schemeHex] ?? defaultAccentColor;
}
