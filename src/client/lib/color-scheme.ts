import { colorSchemes, defaultColorScheme } from '../../common/constants';

export type ColorScheme = (typeof colorSchemes)[number];

/** Browser storage key of the last applied scheme (spec §9 "Browser storage"). */
export const colorSchemeStorageKey = 'locus-color-scheme';

/** Delay before the signed-in user's scheme replaces the stored one (spec §9). */
export const userColorSchemeDelayMs = 100;

export function isColorScheme(value: unknown): value is ColorScheme {
  return typeof value === 'string' && (colorSchemes as readonly string[]).includes(value);
}

/** A known scheme, or the product default for anything else. */
export function normalizeColorScheme(value: unknown): ColorScheme {
  return isColorScheme(value) ? value : (defaultColorScheme as ColorScheme);
}

function readStored(): string | null {
  try {
    return localStorage.getItem(colorSchemeStorageKey);
  } catch {
    return null;
  }
}

/** Sets the scheme on <html> (styles.css swaps the brand tokens); optionally remembers it. */
export function applyColorScheme(value: unknown, { store = false }: { store?: boolean } = {}): ColorScheme {
  const scheme = normalizeColorScheme(value);
  document.documentElement.dataset.colorScheme = scheme;
  if (store) {
    try {
      localStorage.setItem(colorSchemeStorageKey, scheme);
    } catch {
      // Storage can be unavailable (private mode, quota); the scheme still applies to this page.
    }
  }
  return scheme;
}

/** At start-up: the stored scheme, or the product default. */
export function applyStoredColorScheme(): ColorScheme {
  return applyColorScheme(readStored());
}

/** The scheme currently shown. */
export function currentColorScheme(): ColorScheme {
  return normalizeColorScheme(document.documentElement.dataset.colorScheme);
}
