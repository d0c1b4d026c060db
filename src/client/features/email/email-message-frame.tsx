import { useMemo } from 'react';

/** What the frame may load: inline data images, https images once allowed, inline styles; nothing else. */
const frameCsp = "default-src 'none'; img-src data: https:; style-src 'unsafe-inline'";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The document the frame shows: the (server-sanitised) body, or the text part as preformatted text. */
export function messageDocument(bodyHtml: string | null, bodyText: string | null): string {
  const body = bodyHtml ?? `<pre>${escapeHtml(bodyText ?? '')}</pre>`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${frameCsp}"><base target="_blank"><style>
html,body{margin:0;padding:0;font:14px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:#0f172a;overflow-wrap:anywhere}
pre{white-space:pre-wrap;font:inherit;margin:0}img{max-width:100%;height:auto}table{max-width:100%}
blockquote{margin:0 0 0 .5rem;padding-left:.75rem;border-left:3px solid #cbd5e1;color:#475569}
</style></head><body>${body}</body></html>`;
}

/**
 * A message body in a sandboxed frame (issue 15 point 6): the server has already removed scripts,
 * handlers and remote images; the frame is the second wall. `sandbox="allow-popups"` runs no
 * script and gives the page no access to ours (links still open in a new tab); the CSP in the
 * document forbids every fetch but images. The frame grows to its content's height.
 */
export function EmailMessageFrame({
  bodyHtml,
  bodyText,
  title,
}: {
  bodyHtml: string | null;
  bodyText: string | null;
  title: string;
}) {
  const srcDoc = messageDocument(bodyHtml, bodyText);
  // Without allow-same-origin the page cannot read the frame's content height: the frame is sized
  // from the text's length (within bounds) and scrolls inside when that guess is short.
  const height = useMemo(() => {
    const length = (bodyText ?? bodyHtml?.replace(/<[^>]+>/g, ' ') ?? '').length;
    const lines = length / 90 + (bodyHtml?.match(/<(p|br|div|tr|li)\b/gi)?.length ?? 0);
    return Math.min(640, Math.max(96, Math.round(lines * 22) + 40));
  }, [bodyHtml, bodyText]);

  return (
    <iframe
      title={title}
      sandbox="allow-popups"
      srcDoc={srcDoc}
      className="w-full rounded-md border border-border bg-white"
      style={{ height }}
      referrerPolicy="no-referrer"
    />
  );
}
