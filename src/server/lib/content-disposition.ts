/**
 * `attachment` with the file's name (RFC 6266): an ASCII fallback for old clients and the exact
 * name as UTF-8 in `filename*`. Quotes, backslashes and control characters never reach the header.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
