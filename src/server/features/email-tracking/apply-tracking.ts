import { randomBytes } from 'node:crypto';
import type { SecretBox } from '../../lib/secret-box';

/*
 * Open and click tracking of outgoing CRM mail (organization_email_settings.trackingEnabled).
 * The pixel URL carries only the random pixel id. A click URL carries the target and an HMAC of
 * pixel id + target, so the redirect route only ever sends a reader to the URL that was in the
 * message: a changed `u` or a forged `s` is refused (no open redirect).
 */

export interface TrackingOptions {
  pixelId: string;
  appUrl: string;
  secrets: SecretBox;
}

/** A new email_tracking.trackingPixelId: 128 random bits, unguessable in a URL. */
export function newTrackingPixelId(): string {
  return randomBytes(16).toString('base64url');
}

const base = (appUrl: string) => appUrl.replace(/\/+$/, '');

export function trackingPixelUrl({ pixelId, appUrl }: Pick<TrackingOptions, 'pixelId' | 'appUrl'>) {
  return `${base(appUrl)}/api/email-tracking/open/${encodeURIComponent(pixelId)}`;
}

/** What the click signature covers: the pixel id and the exact target. */
export const clickSignatureData = (pixelId: string, url: string) => `${pixelId}\n${url}`;

export function trackedClickUrl({ pixelId, appUrl, secrets }: TrackingOptions, url: string) {
  const query = new URLSearchParams({ u: url, s: secrets.sign(clickSignatureData(pixelId, url)) });
  return `${base(appUrl)}/api/email-tracking/click/${encodeURIComponent(pixelId)}?${query}`;
}

const decodeEntities = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

const encodeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The message's HTML with its http(s) links rewritten to signed click redirects and a 1×1 pixel
 * at the end of the body. Other links (mailto:, tel:, anchors) are left alone: they open nothing
 * on the web. Links already pointing at our tracking routes are not wrapped twice.
 */
export function applyTracking(html: string, tracking: TrackingOptions): string {
  const ownPrefix = `${base(tracking.appUrl)}/api/email-tracking/`;
  const rewritten = html.replace(
    /(<a\b[^>]*?\shref\s*=\s*)(?:"([^"]*)"|'([^']*)')/gi,
    (whole, start: string, doubleQuoted: string | undefined, singleQuoted: string | undefined) => {
      const raw = decodeEntities((doubleQuoted ?? singleQuoted ?? '').trim());
      if (!/^https?:\/\//i.test(raw) || raw.startsWith(ownPrefix)) return whole;
      return `${start}"${encodeAttribute(trackedClickUrl(tracking, raw))}"`;
    },
  );
  const pixel = `<img src="${encodeAttribute(trackingPixelUrl(tracking))}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />`;
  return /<\/body>/i.test(rewritten)
    ? rewritten.replace(/<\/body>/i, `${pixel}</body>`)
    : `${rewritten}${pixel}`;
}
