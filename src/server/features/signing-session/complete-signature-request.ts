import { emitDocumentEvent } from '../webhooks/document-events';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event';
import { and, asc, desc, eq } from 'drizzle-orm';
import { activities, deals } from '../../db/schema/crm';
import { documentSigningWorkflows } from '../../db/schema/documents';
import { organizations } from '../../db/schema/identity';
import { pipelines, stages } from '../../db/schema/lists';
import { enhancedSignatureRequests } from '../../db/schema/signing';
import { enqueueOutbox, outboxKinds } from '../../lib/outbox';
import type { Transaction } from '../../lib/transaction';
import { closedAtOnStageChange } from '../deals/deal-closing';
import type { SigningLink } from './signing-link';
import { recordSignerActivity, type SignerClient } from './signing-step-records';
import { setSigningDocumentStatus } from '../signing/signing-document-status';

/** The stage a completed signing moves a deal to (case-insensitive), in the deal's own pipeline. */
export const signedStageName = 'signed';

/**
 * The last signature's consequences, in its transaction (the request row is locked by the
 * caller and was not completed before it, so this runs exactly once): request, document and
 * workflow completed, the 'completed' activity, ONE outbox job that seals the document (the seal
 * then queues the mail of the sealed copy to everyone, issue 18), a note on the deal, and the
 * deal moved to its pipeline's "Signed" stage when the organization wants that.
 */
export async function completeSignatureRequest(tx: Transaction, link: SigningLink, client: SignerClient) {
  const { request } = link;
  const now = new Date();
  const [completed] = await tx
    .update(enhancedSignatureRequests)
    .set({ status: 'completed', completedAt: now, sealStatus: 'pending', sealError: null, updatedAt: now })
    .where(eq(enhancedSignatureRequests.id, request.id))
    .returning();
  let dealId = request.dealId;
  const document = await setSigningDocumentStatus(tx, request, 'completed');
  dealId ??= document?.dealId ?? null;
  if (request.workflowId) {
    await tx
      .update(documentSigningWorkflows)
      .set({ status: 'completed', completedAt: now, updatedAt: now })
      .where(
        and(
          eq(documentSigningWorkflows.id, request.workflowId),
          eq(documentSigningWorkflows.organizationId, request.organizationId),
        ),
      );
  }
  await recordSignerActivity(tx, { ...link, request: completed }, client, 'completed');
  await enqueueOutbox(tx, {
    kind: outboxKinds.sealSignatureRequest,
    organizationId: request.organizationId,
    payload: { requestId: request.id },
  });
  if (dealId) await noteDealSigned(tx, completed, dealId);
  await emitDocumentEvent(tx, 'document.completed', completed);
  return completed;
}

/** "Document signed: …" on the deal, and the move to its "Signed" stage per the organization's setting. */
async function noteDealSigned(tx: Transaction, request: SigningLink['request'], dealId: string) {
  const orgId = request.organizationId;
  const [deal] = await tx
    .select({ id: deals.id, stage: deals.stage, clientId: deals.relatedClient })
    .from(deals)
    .where(and(eq(deals.id, dealId), eq(deals.organizationId, orgId)))
    .limit(1);
  if (!deal) return;
  const now = new Date();
  await tx.insert(activities).values({
    organizationId: orgId,
    dealId: deal.id,
    clientId: deal.clientId,
    userId: request.createdBy,
    type: 'note',
    subject: `Document signed: ${request.title}`.slice(0, 255),
    description: `Every recipient signed “${request.title}” on ${now.toUTCString()}.`,
    status: 'completed',
    completedAt: now,
  });
  if (!(await movesDealOnSigning(tx, orgId))) return;
  const target = await signedStageFor(tx, orgId, deal.stage);
  if (!target) return;
  await tx
    .update(deals)
    .set({ stage: target, closedAt: closedAtOnStageChange(orgId, target), updatedAt: now })
    .where(and(eq(deals.id, deal.id), eq(deals.organizationId, orgId)));
  // The move is a stage change like any other for webhooks.
  await emitWebhookEvent(tx, orgId, 'deal.stage_changed', {
    id: deal.id,
    stage: target,
    previousStage: deal.stage,
    signatureRequestId: request.id,
  });
}

/** organization.settings.moveDealOnSigning; unset: on for surplus locators, off for the others. */
async function movesDealOnSigning(tx: Transaction, orgId: string) {
  const [org] = await tx
    .select({ settings: organizations.settings, sector: organizations.industrySector })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .limit(1);
  const setting = org?.settings?.moveDealOnSigning;
  return typeof setting === 'boolean' ? setting : org?.sector === 'Surplus Funds Locator';
}

/**
 * The "Signed" stage of the deal's pipeline (the one holding its current stage, else the
 * default): null when there is none, or when the deal already stands at or past it.
 */
async function signedStageFor(tx: Transaction, orgId: string, currentStage: string) {
  const activeStages = await tx
    .select({
      pipelineId: stages.pipelineId,
      name: stages.name,
      orderIndex: stages.orderIndex,
      isDefault: pipelines.isDefault,
    })
    .from(stages)
    .innerJoin(pipelines, and(eq(pipelines.id, stages.pipelineId), eq(pipelines.organizationId, orgId)))
    .where(and(eq(stages.organizationId, orgId), eq(stages.isActive, true), eq(pipelines.isActive, true)))
    .orderBy(desc(pipelines.isDefault), asc(pipelines.orderIndex), asc(stages.orderIndex));
  const current = activeStages.find((s) => s.name === currentStage);
  const pipelineId = current?.pipelineId ?? activeStages.find((s) => s.isDefault)?.pipelineId;
  const signed = activeStages.find(
    (s) => s.pipelineId === pipelineId && s.name.toLowerCase() === signedStageName,
  );
  if (!signed || signed.name === currentStage) return null;
  if (current && current.pipelineId === signed.pipelineId && current.orderIndex > signed.orderIndex)
    return null;
  return signed.name;
}
