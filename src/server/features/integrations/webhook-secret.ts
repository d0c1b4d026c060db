import { randomBytes } from 'node:crypto';

/**
 * A new webhook signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in
 * base64 (the spec asks for 24 to 64). Shown once; stored only sealed with the secret box.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
