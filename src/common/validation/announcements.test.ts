import { describe, expect, it } from 'vitest';
import { hasMarkup, isActionUrl } from './announcements';

describe('announcement text and links', () => {
  it('finds markup the way a browser would read a tag, and leaves plain "<" alone', () => {
    for (const text of [
      '<script>',
      '<b>bold</b>',
      '</p>',
      '<!-- x -->',
      '<?xml',
      '<IMG SRC=x>',
      'a<svg/onload=1>',
    ]) {
      expect(hasMarkup(text), text).toBe(true);
    }
    for (const text of ['a < b', '<3', '2 <= 3', '-> next', 'x<1']) {
      expect(hasMarkup(text), text).toBe(false);
    }
  });

  it('takes http(s) addresses and paths of this site, nothing that leaves it another way', () => {
    for (const url of [
      'https://status.example.com/x',
      'http://example.com',
      '/settings/profile',
      '/deals?stage=won#top',
    ]) {
      expect(isActionUrl(url), url).toBe(true);
    }
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      'ftp://x.example',
      'example.com',
      '/a b',
      'https://',
    ]) {
      expect(isActionUrl(url), url).toBe(false);
    }
  });
});
