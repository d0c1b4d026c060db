import { useMemo } from 'react';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Rough height of a body, in pixels: a sandboxed frame's content cannot be measured from here. */
function estimatedHeight(bodyHtml: string | null, bodyText: string | null) {
  const length = (bodyText ?? bodyHtml?.replace(/<[^>]+>/g, ' ') ?? '').length;
  const lines = length / 90 + (bodyHtml?.match(/<(p|br|div|tr|li)\b/gi)?.length ?? 0);
  return Math.min(640, Math.max(96, Math.round(lines * 22) + 40));
}

/**
 * A message body in a sandboxed frame (issue 15 point 6). The server has already removed scripts,
 * handlers and remote images; the frame is the second wall: `sandbox="allow-popups"` runs no
 * script and gives the document a unique origin (links still open in a new tab). A stored message
 * is loaded from `/api/emails/:id/body`, which answers under its own CSP (no script, no fetch but
 * images, inline styles allowed): a `srcdoc` document would inherit the app's CSP, which refuses
 * the inline styles mail is written with. Without a message id (a signature preview), `srcdoc`.
 */
export function EmailMessageFrame({
  messageId,
  showImages,
  bodyHtml,
  bodyText,
  title,
}: {
  messageId?: string;
  showImages?: boolean;
  bodyHtml: string | null;
  bodyText: string | null;
  title: string;
}) {
  const height = useMemo(() => estimatedHeight(bodyHtml, bodyText), [bodyHtml, bodyText]);
  const source = messageId
    ? { src: `/api/emails/${messageId}/body${showImages ? '?images=1' : ''}` }
    : {
        srcDoc: `<!doctype html><meta charset="utf-8"><base target="_blank">${bodyHtml ?? `<pre>${escapeHtml(bodyText ?? '')}</pre>`}`,
      };
  return (
    <iframe
      title={title}
      sandbox="allow-popups"
      {...source}
      className="w-full rounded-md border border-border bg-white"
      style={{ height }}
      referrerPolicy="no-referrer"
    />
  );
}
