import { randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { enhancedSignatureRecipients } from '../../db/schema/signing';
import { AppError, badRequest } from '../../lib/app-error';
import type { SigningDeps } from '../signing/invite-step';
import { verificationDataOf } from '../signing/verification-data';
import { codeHashOf, consentFirstMessage, maxCodeAttempts, noCodeNeededMessage } from './send-signing-code';
import { assertLinkUsable, lockSigningLink, type SigningLink } from './signing-link';
import { hashSession, signingStateOf } from './signing-view';

export const deadCodeMessage = 'This code no longer works. Ask for a new code.';
export const wrongCodeMessage = (triesLeft: number) =>
  `That code is not correct. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;

type VerifyOutcome = { error: string } | { error: undefined; link: SigningLink; session: string };

/** Devices a recipient may have verified at once (a phone and a computer, say); the oldest drops out. */
const maxSessions = 5;

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * POST /api/signing/:token/verify: checks the e-mailed code. Right: the code is spent and a new
 * signing session (a random cookie, its hash kept on the recipient) is answered. Wrong: one of
 * the 5 tries is spent (and counted as a fraud signal); the 5th wrong try or an expired code
 * kills it. The try is written before the answer, so parallel guesses cannot share one.
 */
export async function verifySigningCode(
  db: Database,
  deps: SigningDeps,
  link: SigningLink,
  code: string,
): Promise<{ link: SigningLink; session: string }> {
  const outcome = await db.transaction(async (tx): Promise<VerifyOutcome> => {
    const locked = await lockSigningLink(tx, link);
    assertLinkUsable(locked);
    const { recipient } = locked;
    const state = signingStateOf(locked, undefined);
    if (state === 'consent') throw new AppError(403, consentFirstMessage);
    if (state !== 'verify') throw new AppError(409, noCodeNeededMessage);
    const data = verificationDataOf(recipient.verificationData);
    const stored = data.code;
    if (!stored || stored.attempts >= maxCodeAttempts || Date.parse(stored.expiresAt) <= Date.now()) {
      return { error: deadCodeMessage };
    }
    const now = new Date();
    if (!sameHash(codeHashOf(deps, recipient.id, code), stored.hash)) {
      const attempts = stored.attempts + 1;
      await tx
        .update(enhancedSignatureRecipients)
        .set({
          verificationData: {
            ...data,
            code: { ...stored, attempts },
            failedCodes: (data.failedCodes ?? 0) + 1,
          },
          updatedAt: now,
        })
        .where(eq(enhancedSignatureRecipients.id, recipient.id));
      return {
        error: attempts >= maxCodeAttempts ? deadCodeMessage : wrongCodeMessage(maxCodeAttempts - attempts),
      };
    }
    const session = randomBytes(32).toString('base64url');
    const { code: _spent, ...rest } = data;
    const [updated] = await tx
      .update(enhancedSignatureRecipients)
      .set({
        verificationData: {
          ...rest,
          sessions: [...(data.sessions ?? []), hashSession(session)].slice(-maxSessions),
        },
        updatedAt: now,
      })
      .where(eq(enhancedSignatureRecipients.id, recipient.id))
      .returning();
    return { error: undefined, link: { ...locked, recipient: updated }, session };
  });
  if (outcome.error !== undefined) throw badRequest(outcome.error);
  return outcome;
}
