import { z } from 'zod';
import type { sealLevels } from '../allowed-values';
import { normalizeVerificationId } from './verification-id';

/*
 * What the public /verify lookups answer (issue 18): enough for anyone holding the sealed PDF or
 * its verification id to see who sealed it, for whom and when, and whether its audit chain still
 * verifies, without exposing a recipient's full e-mail address.
 */

export type SealLevel = (typeof sealLevels)[number];

export interface VerificationRecipient {
  name: string;
  /** The first letter of the local part and the domain: j•••@example.com. */
  maskedEmail: string;
  role: string;
  viewedAt: string | null;
  signedAt: string | null;
}

export interface VerificationEvent {
  sequence: number;
  eventType: string;
  timestamp: string;
  recipientName: string | null;
}

export interface VerificationChain {
  valid: boolean;
  events: number;
  /** The first event that does not verify, or where the chain left the one sealed in the PDF. */
  brokenAt?: { sequence: number; reason: string };
}

export interface VerificationResult {
  found: true;
  verificationId: string;
  organizationName: string;
  documentTitle: string;
  sealedAt: string;
  completedAt: string | null;
  sealLevel: SealLevel | null;
  /** SHA-256 of the sealed PDF. */
  finalDocumentHash: string;
  /** SHA-256 of the document as sent for signature. */
  documentHash: string;
  recipients: VerificationRecipient[];
  events: VerificationEvent[];
  /** Re-computed from the stored events at the time of the lookup. */
  chain: VerificationChain;
  /** The stored sealed PDF still hashes to finalDocumentHash (null: its bytes are missing). */
  sealedFileIntact: boolean | null;
}

export const verificationNotFoundMessage = 'No document sealed by Locus matches';

export const sha256HexPattern = /^[0-9a-fA-F]{64}$/;

export const verifyByHashQuerySchema = z.object({
  sha256: z
    .string({ error: 'Give the SHA-256 of the file as 64 hexadecimal characters' })
    .max(64, 'A SHA-256 is 64 hexadecimal characters')
    .regex(sha256HexPattern, 'A SHA-256 is 64 hexadecimal characters')
    .transform((value) => value.toLowerCase()),
});

export const verificationIdInvalidMessage =
  'A verification id is 16 letters and digits, like 7K3M-9Q2D-XW4P-8RTN';

export const verifyByIdParamsSchema = z.object({
  verificationId: z
    .string()
    .max(40, verificationIdInvalidMessage)
    .transform((value, ctx) => {
      const normalized = normalizeVerificationId(value);
      if (!normalized) {
        ctx.addIssue({ code: 'custom', message: verificationIdInvalidMessage });
        return z.NEVER;
      }
      return normalized;
    }),
});
