/**
 * What the message frame may load: inline data images, https images once allowed, inline styles;
 * nothing else, no script, and (`sandbox`) a unique origin even when the URL is opened directly.
 */
export const messageFramePolicy = [
  "default-src 'none'",
  'img-src data: https:',
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  'sandbox allow-popups',
].join('; ');

const escapeText = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A sanitised body (or the text part, escaped) as the document the message frame shows. */
export function messageDocument(safeHtml: string | null, bodyText: string | null): string {
  const body = safeHtml ?? `<pre>${escapeText(bodyText ?? '')}</pre>`;
  return `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>
html,body{margin:0;padding:0;font:14px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:#0f172a;overflow-wrap:anywhere}
pre{white-space:pre-wrap;font:inherit;margin:0}img{max-width:100%;height:auto}table{max-width:100%}
blockquote{margin:0 0 0 .5rem;padding-left:.75rem;border-left:3px solid #cbd5e1;color:#475569}
</style></head><body>${body}</body></html>`;
}
