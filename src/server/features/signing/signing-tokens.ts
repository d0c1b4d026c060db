import { createHash, randomBytes } from 'node:crypto';

/**
 * A signing or sharing link's secret: 32 random bytes (256 bits) in base64url. Only its SHA-256
 * is stored (`accessToken`, `shareToken`); the raw value exists in the e-mail and the browser.
 */
export function createSigningToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSigningToken(token) };
}

export function hashSigningToken(token: string) {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token as links carry it: base64url, 43 characters. Anything else is refused before a lookup. */
export const signingTokenPattern = /^[A-Za-z0-9_-]{43}$/;
