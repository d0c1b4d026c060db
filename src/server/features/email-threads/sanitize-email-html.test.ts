import { describe, expect, it } from 'vitest';
import { htmlToText, safeStyle, sanitizeEmailHtml, snippetOf } from './sanitize-email-html';

describe('sanitizeEmailHtml', () => {
  it('keeps layout, drops what runs or fetches', () => {
    const { html, hasRemoteImages } = sanitizeEmailHtml(
      `<table width="100%" bgcolor="#eee"><tr><td style="padding:8px;background:url('https://t.example/x')">Hi</td></tr></table>
       <div background="https://t.example/bg.gif">bg</div><a href="vbscript:x">v</a><a href="//evil.example">pr</a>
       <img src="cid:part1@mail"><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example">
       <math><mi xlink:href="javascript:alert(1)">m</mi></math><noscript><img src="https://t.example/n.gif"></noscript>`,
    );
    expect(html).toContain('<table width="100%" bgcolor="#eee">');
    expect(html).toContain('<td style="padding:8px">Hi</td>');
    expect(html).toContain('<div>bg</div>');
    expect(html).not.toMatch(/vbscript|evil\.example|cid:|<base|<meta|javascript|<noscript|n\.gif/);
    expect(html).toContain('<a target="_blank" rel="noopener noreferrer nofollow">v</a>');
    expect(hasRemoteImages).toBe(false);
  });

  it('holds remote images back until asked, and says there are some', () => {
    const dirty = '<p>Logo: <img src="https://cdn.example/logo.png" alt="Logo" width="120"></p>';
    const hidden = sanitizeEmailHtml(dirty);
    expect(hidden.hasRemoteImages).toBe(true);
    expect(hidden.html).toBe(
      '<p>Logo: <img alt="Logo" width="120" data-src="https://cdn.example/logo.png" /></p>',
    );
    expect(sanitizeEmailHtml(dirty, { showImages: true }).html).toBe(
      '<p>Logo: <img alt="Logo" width="120" src="https://cdn.example/logo.png" /></p>',
    );
    // A data-src the sender wrote is never taken for one we set.
    expect(sanitizeEmailHtml('<img data-src="https://t.example/p.gif">').html).toBe('<img />');
  });

  it('filters style declarations one by one', () => {
    expect(safeStyle('color: red; background-image: URL(https://x); width: 10px')).toBe(
      'color: red; width: 10px',
    );
    expect(safeStyle('behavior: url(x.htc); -moz-binding: url(x)')).toBe('');
    expect(safeStyle('width: expression(alert(1)); color: \\72 ed')).toBe('');
    expect(safeStyle('color: blue /* url(https://x) */')).toBe('color: blue');
  });
});

describe('htmlToText and snippets', () => {
  it('turns a composed body into readable text', () => {
    expect(
      htmlToText(
        '<p>Dear Mary,</p><p>We found <b>$12,000</b> &amp; more.</p><ul><li>One</li><li>Two</li></ul>',
      ),
    ).toBe('Dear Mary,\nWe found $12,000 & more.\n- One\n- Two');
    expect(htmlToText('<style>p{}</style><script>x()</script>Hi<br>there')).toBe('Hi\nthere');
  });

  it('cuts a snippet to one line', () => {
    expect(snippetOf('Line one\n\nLine two', null)).toBe('Line one Line two');
    expect(snippetOf(null, '<p>Only html</p>')).toBe('Only html');
    expect(snippetOf('x'.repeat(300), null)).toHaveLength(160);
  });
});
