import { createHash, randomBytes } from 'node:crypto';

/*
 * An API key is `lcs_` + 32 random bytes (base64url): 256 bits, so a plain SHA-256 of it is a safe
 * thing to store and look up (a slow password hash guards guessable secrets; this one is not
 * guessable, and every API call would pay for it). The first 12 characters stay readable as
 * `keyPrefix` so a user can tell their keys apart.
 */

const keyMark = 'lcs_';
const secretPattern = /^lcs_[A-Za-z0-9_-]{43}$/;
export const keyPrefixLength = 12;

export interface NewApiKeySecret {
  key: string;
  keyHash: string;
  keyPrefix: string;
}

export function generateApiKeySecret(): NewApiKeySecret {
  const key = `${keyMark}${randomBytes(32).toString('base64url')}`;
  return { key, keyHash: hashApiKey(key), keyPrefix: key.slice(0, keyPrefixLength) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Whether a presented value could be one of our keys at all (anything else is refused unread). */
export function isWellFormedApiKey(value: string): boolean {
  return secretPattern.test(value);
}
