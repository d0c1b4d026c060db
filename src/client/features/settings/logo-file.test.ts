import { describe, expect, it } from 'vitest';
import { checkLogoFile, logoSizeMessage, logoTypeMessage } from './logo-file';

describe('checkLogoFile', () => {
  it('accepts PNG, JPEG, GIF and WebP images up to 512 KB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      expect(checkLogoFile({ type, size: 512 * 1024 })).toBeNull();
    }
  });

  it('refuses other types, SVG included', () => {
    expect(checkLogoFile({ type: 'image/svg+xml', size: 100 })).toBe(logoTypeMessage);
    expect(checkLogoFile({ type: 'application/pdf', size: 100 })).toBe(logoTypeMessage);
    expect(checkLogoFile({ type: '', size: 100 })).toBe(logoTypeMessage);
  });

  it('refuses files over 512 KB', () => {
    expect(checkLogoFile({ type: 'image/png', size: 512 * 1024 + 1 })).toBe(logoSizeMessage);
    expect(logoSizeMessage).toBe('Logo must be 512 KB or smaller');
  });
});
