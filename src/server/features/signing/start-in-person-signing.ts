import { eq } from 'drizzle-orm';
import { enhancedSignatureRecipients } from '../../db/schema/signing';
import { conflict } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { isAwaited } from './remind-recipients';
import {
  recipientRowOf,
  requestNotActiveMessage,
  requestRowOf,
  runningRequestStatuses,
} from './signing-records';
import { createSigningToken } from './signing-tokens';

export const inPersonLifetimeMs = 30 * 60 * 1000;
export const notTheirTurnMessage = 'It is not this recipient’s turn to sign';

/**
 * POST /:id/recipients/:recipientId/in-person: the signed-in sender hands the device over. A
 * short-lived token (30 min, only its hash stored) opens the same signing flow without the
 * e-mailed code; consent is still asked. Only for a recipient whose turn it is.
 */
export async function startInPersonSigning(ctx: ServiceContext, requestId: string, recipientId: string) {
  return ctx.db.transaction(async (tx) => {
    const request = await requestRowOf(tx, ctx.orgId, requestId, { lock: true });
    if (!(runningRequestStatuses as readonly string[]).includes(request.status))
      throw conflict(requestNotActiveMessage);
    const recipient = await recipientRowOf(tx, ctx.orgId, requestId, recipientId);
    if (!isAwaited(recipient)) throw conflict(notTheirTurnMessage);
    const { token, hash } = createSigningToken();
    const expiresAt = new Date(Date.now() + inPersonLifetimeMs);
    await tx
      .update(enhancedSignatureRecipients)
      .set({ inPersonTokenHash: hash, inPersonExpiresAt: expiresAt, updatedAt: new Date() })
      .where(eq(enhancedSignatureRecipients.id, recipientId));
    return { token, expiresAt };
  });
}
