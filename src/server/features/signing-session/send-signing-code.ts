import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { enhancedSignatureRecipients } from '../../db/schema/signing';
import { AppError } from '../../lib/app-error';
import { queueSigningEmail } from '../signing/signing-emails';
import type { SigningDeps } from '../signing/invite-step';
import { verificationDataOf } from '../signing/verification-data';
import { assertLinkUsable, lockSigningLink, type SigningLink } from './signing-link';
import { requestPeopleOf } from './signing-step-records';
import { maskEmail, signingStateOf } from './signing-view';

/** A code lives 10 minutes; a new one may be asked for every 30 seconds. */
export const codeLifetimeMs = 10 * 60_000;
export const codeResendMs = 30_000;
export const maxCodeAttempts = 5;

export const consentFirstMessage = 'Accept the consent first';
export const noCodeNeededMessage = 'This link needs no code';

/** The stored form of a code: keyed by the server's secret and the recipient, so a leaked row reveals nothing. */
export const codeHashOf = (deps: SigningDeps, recipientId: string, code: string) =>
  deps.secrets.sign(`signing-code:${recipientId}:${code}`);

/**
 * POST /api/signing/:token/code: a fresh 6-digit code e-mailed to the recipient (the previous
 * one dies). At most one per 30 s: 429 with the seconds to wait.
 */
export async function sendSigningCode(
  db: Database,
  deps: SigningDeps,
  link: SigningLink,
): Promise<{ sentTo: string; retryAfter?: number }> {
  return db.transaction(async (tx) => {
    const locked = await lockSigningLink(tx, link);
    assertLinkUsable(locked);
    const { recipient, request } = locked;
    const state = signingStateOf(locked, undefined);
    if (state === 'consent') throw new AppError(403, consentFirstMessage);
    if (state !== 'verify') throw new AppError(409, noCodeNeededMessage);
    const data = verificationDataOf(recipient.verificationData);
    if (data.code) {
      const wait = Date.parse(data.code.sentAt) + codeResendMs - Date.now();
      if (wait > 0) return { sentTo: maskEmail(recipient.email), retryAfter: Math.ceil(wait / 1000) };
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = new Date();
    await tx
      .update(enhancedSignatureRecipients)
      .set({
        verificationData: {
          ...data,
          code: {
            hash: codeHashOf(deps, recipient.id, code),
            expiresAt: new Date(now.getTime() + codeLifetimeMs).toISOString(),
            attempts: 0,
            sentAt: now.toISOString(),
          },
        },
        updatedAt: now,
      })
      .where(eq(enhancedSignatureRecipients.id, recipient.id));
    const people = await requestPeopleOf(tx, request);
    await queueSigningEmail(tx, deps.secrets, deps.appUrl, {
      kind: 'code',
      organizationId: request.organizationId,
      organizationName: people.organizationName,
      senderName: people.senderName,
      to: { email: recipient.email, name: recipient.name, role: recipient.role },
      documentTitle: request.title,
      code,
    });
    return { sentTo: maskEmail(recipient.email) };
  });
}
