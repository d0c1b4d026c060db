import { and, eq, isNotNull } from 'drizzle-orm';
import { documentActivities, documentInstances, documentSigningWorkflows } from '../../db/schema/documents';
import { enhancedSignatureRecipients, enhancedSignatureRequests } from '../../db/schema/signing';
import { conflict } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { type SigningDeps, senderOf } from './invite-step';
import { presentSignatureRequest } from './present-signature-request';
import { signingActorOf } from './signing-actor';
import { queueSigningEmail } from './signing-emails';
import { requestNotActiveMessage, requestRowOf } from './signing-records';

/**
 * POST /api/enhanced-signature-requests/:id/cancel. The request becomes cancelled, which every
 * link checks: they die at once (recipients keep the status they reached, as evidence). The
 * workflow and the document are cancelled, and whoever was invited and has not declined is told.
 */
export async function cancelSignatureRequest(ctx: ServiceContext, deps: SigningDeps, id: string) {
  await ctx.db.transaction(async (tx) => {
    const request = await requestRowOf(tx, ctx.orgId, id, { lock: true });
    if (!['draft', 'sent', 'viewed', 'signed'].includes(request.status))
      throw conflict(requestNotActiveMessage);
    const now = new Date();
    await tx
      .update(enhancedSignatureRequests)
      .set({ status: 'cancelled', updatedAt: now })
      .where(eq(enhancedSignatureRequests.id, id));
    if (request.workflowId) {
      await tx
        .update(documentSigningWorkflows)
        .set({ status: 'cancelled', updatedAt: now })
        .where(
          and(
            eq(documentSigningWorkflows.organizationId, ctx.orgId),
            eq(documentSigningWorkflows.id, request.workflowId),
          ),
        );
    }
    if (request.documentInstanceId && request.status !== 'draft') {
      await tx
        .update(documentInstances)
        .set({ status: 'cancelled', revisionPending: true, updatedAt: now })
        .where(
          and(
            eq(documentInstances.organizationId, ctx.orgId),
            eq(documentInstances.id, request.documentInstanceId),
          ),
        );
      await tx.insert(documentActivities).values({
        organizationId: ctx.orgId,
        documentInstanceId: request.documentInstanceId,
        activityType: 'cancelled',
        ...(await signingActorOf(tx, ctx.actor.id)),
        details: { signatureRequestId: id },
        ipAddress: ctx.client?.ip ?? null,
        userAgent: ctx.client?.userAgent ?? null,
      });
    }
    const invited = await tx
      .select()
      .from(enhancedSignatureRecipients)
      .where(
        and(
          eq(enhancedSignatureRecipients.organizationId, ctx.orgId),
          eq(enhancedSignatureRecipients.signatureRequestId, id),
          isNotNull(enhancedSignatureRecipients.invitedAt),
        ),
      );
    const { organizationName, senderName } = await senderOf(tx, ctx.orgId, request.createdBy);
    for (const recipient of invited) {
      if (recipient.status === 'declined') continue;
      await queueSigningEmail(tx, deps.secrets, deps.appUrl, {
        kind: 'cancelled',
        organizationId: ctx.orgId,
        organizationName,
        senderName,
        to: { email: recipient.email, name: recipient.name, role: recipient.role },
        documentTitle: request.title,
      });
    }
  });
  return presentSignatureRequest(ctx.db, ctx.orgId, id);
}
