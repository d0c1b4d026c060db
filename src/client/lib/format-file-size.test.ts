import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format-file-size';

describe('formatFileSize', () => {
  it('reads as people expect', () => {
    expect(formatFileSize(900)).toBe('900 B');
    expect(formatFileSize(200 * 1024)).toBe('200 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
  });
});
