import type { SecretBox } from '../../lib/secret-box';

/**
 * SCAFFOLD (replaced by the tracking helper): an outgoing message's HTML with an open pixel and
 * its links rewritten to signed click redirects.
 */
export function applyTracking(
  html: string,
  _tracking: { pixelId: string; appUrl: string; secrets: SecretBox },
): string {
  return html;
}
