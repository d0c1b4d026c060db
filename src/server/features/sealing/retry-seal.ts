import { enhancedSignatureRequests } from '../../db/schema/signing';
import { conflict } from '../../lib/app-error';
import { enqueueOutbox, outboxKinds } from '../../lib/outbox';
import type { ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { requestRowOf } from '../signing/signing-records';
import { presentSeal } from './present-seal';
import { requestAlreadySealedMessage, requestNotCompletedMessage } from './seal-signature-request';

/**
 * POST …/:id/seal: seals a completed request again through the outbox — after a failed seal, or a
 * pending one whose job died. Sealing is idempotent, so a job still alive beside it does no harm.
 */
export async function retrySeal(ctx: ServiceContext, id: string) {
  return ctx.db.transaction(async (tx) => {
    const request = await requestRowOf(tx, ctx.orgId, id, { lock: true });
    if (request.status !== 'completed') throw conflict(requestNotCompletedMessage);
    if (request.sealStatus === 'sealed') throw conflict(requestAlreadySealedMessage);
    const [pending] = await tx
      .update(enhancedSignatureRequests)
      .set({ sealStatus: 'pending', sealError: null, updatedAt: new Date() })
      .where(rowInOrganization(enhancedSignatureRequests, ctx.orgId, request.id))
      .returning();
    await enqueueOutbox(tx, {
      kind: outboxKinds.sealSignatureRequest,
      organizationId: ctx.orgId,
      payload: { requestId: request.id },
    });
    return presentSeal(tx, pending);
  });
}
