import type { SecretBox } from '../../lib/secret-box';

/**
 * What `enhanced_signature_recipients.verificationData` holds (issue 17, decision 032). The link's
 * raw token is kept only sealed (AES-GCM, SECRET_KEY), so reminders and completion copies can
 * carry the same link; `accessToken` holds its SHA-256 for lookups.
 */
export interface RecipientVerificationData {
  sealedToken?: string;
  /** The e-mailed one-time code: its hash, expiry and the wrong tries against it. */
  code?: { hash: string; expiresAt: string; attempts: number; sentAt: string };
  /** Wrong codes over the recipient's life (a fraud signal). */
  failedCodes?: number;
  /** SHA-256 of the signing-session cookies that passed the code check (a few devices at most). */
  sessions?: string[];
  /** The IP address the document was first viewed from (a fraud signal at signing). */
  viewedFromIp?: string | null;
}

export const verificationDataOf = (value: unknown): RecipientVerificationData =>
  value && typeof value === 'object' ? (value as RecipientVerificationData) : {};

export const sealRecipientToken = (secrets: SecretBox, token: string) => secrets.seal(token);

/** The raw link token of a recipient, or null when it was never sealed (or the key changed). */
export function openRecipientToken(secrets: SecretBox, data: unknown): string | null {
  const sealed = verificationDataOf(data).sealedToken;
  if (!sealed) return null;
  try {
    return secrets.open(sealed);
  } catch {
    return null;
  }
}
