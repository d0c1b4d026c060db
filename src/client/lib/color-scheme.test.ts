import { describe, expect, it } from 'vitest';
import { isColorScheme, normalizeColorScheme } from './color-scheme';

describe('colour schemes', () => {
  it('accepts the six schemes of styles.css', () => {
    for (const scheme of ['locus', 'blue', 'green', 'purple', 'orange', 'slate']) {
      expect(isColorScheme(scheme)).toBe(true);
    }
  });

  it('falls back to the product default for unknown or missing values', () => {
    expect(normalizeColorScheme('neon')).toBe('locus');
    expect(normalizeColorScheme(null)).toBe('locus');
    expect(normalizeColorScheme(undefined)).toBe('locus');
    expect(normalizeColorScheme('green')).toBe('green');
  });
});
