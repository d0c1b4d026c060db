import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { optionalDate, optionalLine, maxLength } from '../../../common/validation/common';
import { signingWorkflowSchema } from '../../../common/validation/documents';
import { documentShares, documentSigningWorkflows } from '../../db/schema/documents';
import { enhancedSignatureRequests } from '../../db/schema/signing';
import { conflict, invalidFields } from '../../lib/app-error';
import { type KeysetSpec, listQuerySchema, paginate } from '../../lib/keyset-pagination';
import type { ServiceContext } from '../../lib/service-context';
import { inOrganization, queryFilter } from '../../lib/tenant-scope';
import type { Database } from '../../db';
import type { Transaction } from '../../lib/transaction';
import { documentRowOf } from '../document-instances/present-document';
import { documentHashOf } from './document-hash';
import { copyDocumentFields, insertRecipients, pastExpiryErrors } from './draft-request';
import { patchSchemaOf } from './patch-schema';
import { presentSignatureRequest } from './present-signature-request';
import { type SendDeps, sendSignatureRequest } from './send-signature-request';
import { presentShare } from './present-share';
import { assertDocumentSendable, documentRowFor, workflowRowOf, workflowWasSent } from './signing-records';
import { retainedDocumentMessage } from './retention';

/*
 * /api/document-signing-workflows: the simple-signing side. A workflow is prepared with pending
 * shares, then sent: its shares become the recipients of a signature request and the one engine
 * runs it (the request mirrors back into the workflow and shares).
 */

export const workflowSentMessage = 'This workflow was already sent and can no longer be changed';

export const listWorkflowsQuerySchema = listQuerySchema.extend({
  documentInstanceId: queryFilter(z.guid({ error: 'Invalid document instance ID' })),
});
export const updateWorkflowSchema = patchSchemaOf(signingWorkflowSchema.pick({ signingOrder: true }).shape);
export const sendWorkflowSchema = z.object({
  message: optionalLine('Message', maxLength.text),
  expiresAt: optionalDate('Expiry date'),
});

type WorkflowRow = typeof documentSigningWorkflows.$inferSelect;
type Db = Database | Transaction;

const spec: KeysetSpec = {
  sortable: { createdAt: documentSigningWorkflows.createdAt, updatedAt: documentSigningWorkflows.updatedAt },
  defaultSort: '-createdAt',
  id: documentSigningWorkflows.id,
};

async function presentWorkflows(db: Db, orgId: string, rows: WorkflowRow[]) {
  const ids = rows.map((row) => row.id);
  const [shares, requests] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select()
            .from(documentShares)
            .where(and(eq(documentShares.organizationId, orgId), inArray(documentShares.workflowId, ids)))
            .orderBy(asc(documentShares.signingOrder), asc(documentShares.createdAt)),
          db
            .select({ id: enhancedSignatureRequests.id, workflowId: enhancedSignatureRequests.workflowId })
            .from(enhancedSignatureRequests)
            .where(
              and(
                eq(enhancedSignatureRequests.organizationId, orgId),
                inArray(enhancedSignatureRequests.workflowId, ids),
              ),
            ),
        ]);
  return rows.map(({ organizationId: _organizationId, ...row }) => ({
    ...row,
    signatureRequestId: requests.find((r) => r.workflowId === row.id)?.id ?? null,
    shares: shares.filter((share) => share.workflowId === row.id).map(presentShare),
  }));
}

export async function listWorkflows(ctx: ServiceContext, query: z.infer<typeof listWorkflowsQuerySchema>) {
  const page = await paginate(
    {
      db: ctx.db,
      from: documentSigningWorkflows,
      fields: {
        id: documentSigningWorkflows.id,
        organizationId: documentSigningWorkflows.organizationId,
        documentInstanceId: documentSigningWorkflows.documentInstanceId,
        signingOrder: documentSigningWorkflows.signingOrder,
        currentStep: documentSigningWorkflows.currentStep,
        totalSteps: documentSigningWorkflows.totalSteps,
        status: documentSigningWorkflows.status,
        completedAt: documentSigningWorkflows.completedAt,
        createdAt: documentSigningWorkflows.createdAt,
        updatedAt: documentSigningWorkflows.updatedAt,
      },
      where: inOrganization(
        documentSigningWorkflows,
        ctx.orgId,
        query.documentInstanceId
          ? eq(documentSigningWorkflows.documentInstanceId, query.documentInstanceId)
          : undefined,
      ),
      spec,
      query,
    },
    (row) => row,
  );
  return { ...page, items: await presentWorkflows(ctx.db, ctx.orgId, page.items) };
}

export async function getWorkflow(db: Db, orgId: string, id: string) {
  const [view] = await presentWorkflows(db, orgId, [await workflowRowOf(db, orgId, id)]);
  return view;
}

/** POST: a workflow for a document that can still be sent (the engine sets steps and status at send). */
export async function createWorkflow(ctx: ServiceContext, input: z.infer<typeof signingWorkflowSchema>) {
  const document = await documentRowOf(ctx, input.documentInstanceId);
  const id = await ctx.db.transaction(async (tx) => {
    await assertDocumentSendable(
      tx,
      ctx.orgId,
      await documentRowFor(tx, ctx.orgId, document.id, { lock: true }),
    );
    const [row] = await tx
      .insert(documentSigningWorkflows)
      .values({
        organizationId: ctx.orgId,
        documentInstanceId: document.id,
        signingOrder: input.signingOrder,
        currentStep: input.currentStep,
        totalSteps: input.totalSteps,
        status: 'active',
      })
      .returning({ id: documentSigningWorkflows.id });
    return row.id;
  });
  return getWorkflow(ctx.db, ctx.orgId, id);
}

/** An unsent workflow, locked for the caller's change (409 once sent). */
export async function unsentWorkflowOf(tx: Transaction, orgId: string, id: string) {
  const workflow = await workflowRowOf(tx, orgId, id, { lock: true });
  if (await workflowWasSent(tx, orgId, id)) throw conflict(workflowSentMessage);
  return workflow;
}

export async function updateWorkflow(
  ctx: ServiceContext,
  id: string,
  input: z.infer<typeof updateWorkflowSchema>,
) {
  await ctx.db.transaction(async (tx) => {
    await unsentWorkflowOf(tx, ctx.orgId, id);
    await tx
      .update(documentSigningWorkflows)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(documentSigningWorkflows.id, id));
  });
  return getWorkflow(ctx.db, ctx.orgId, id);
}

/** DELETE: an unsent workflow (its shares go with it), or one whose request was cancelled. */
export async function deleteWorkflow(ctx: ServiceContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    const workflow = await workflowRowOf(tx, ctx.orgId, id, { lock: true });
    // Completed with its request: its shares are part of the evidence.
    if (workflow.status === 'completed') throw conflict(retainedDocumentMessage);
    if (workflow.status !== 'cancelled' && (await workflowWasSent(tx, ctx.orgId, id))) {
      throw conflict('This workflow is in progress: cancel its signature request first');
    }
    await tx.delete(documentSigningWorkflows).where(eq(documentSigningWorkflows.id, id));
  });
}

/**
 * POST /:id/send: the workflow's pending shares become recipients (sign → signer, view →
 * viewer, in their signingOrder), the document's placed fields are theirs by e-mail, and the
 * engine sends the request the workflow then mirrors.
 */
export async function sendWorkflow(
  ctx: ServiceContext,
  deps: SendDeps,
  id: string,
  input: z.infer<typeof sendWorkflowSchema>,
) {
  const workflow = await workflowRowOf(ctx.db, ctx.orgId, id);
  const pastExpiry = pastExpiryErrors(input.expiresAt);
  if (pastExpiry.length > 0) throw invalidFields(pastExpiry);
  const document = await documentRowOf(ctx, workflow.documentInstanceId);
  const documentHash = await documentHashOf(ctx, deps.files, document.id);
  const requestId = await ctx.db.transaction(async (tx) => {
    await unsentWorkflowOf(tx, ctx.orgId, id);
    await assertDocumentSendable(
      tx,
      ctx.orgId,
      await documentRowFor(tx, ctx.orgId, document.id, { lock: true }),
    );
    const shares = await tx
      .select()
      .from(documentShares)
      .where(and(eq(documentShares.organizationId, ctx.orgId), eq(documentShares.workflowId, id)))
      .orderBy(asc(documentShares.signingOrder), asc(documentShares.createdAt));
    if (shares.length === 0) {
      throw invalidFields([
        { path: 'shares', message: 'Add at least one share to the workflow before sending it' },
      ]);
    }
    const [request] = await tx
      .insert(enhancedSignatureRequests)
      .values({
        organizationId: ctx.orgId,
        documentInstanceId: document.id,
        dealId: document.dealId,
        title: document.name,
        message: input.message ?? null,
        signatureType: workflow.signingOrder,
        legalCompliance: 'esign',
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        documentHash,
        workflowId: id,
        createdBy: ctx.actor.id,
      })
      .returning({ id: enhancedSignatureRequests.id });
    const recipients = await insertRecipients(
      tx,
      ctx.orgId,
      request.id,
      shares.map((share) => ({
        email: share.recipientEmail,
        name: share.recipientName ?? share.recipientEmail,
        role: share.accessType === 'sign' ? ('signer' as const) : ('viewer' as const),
        signatureOrder: share.signingOrder,
        authMethod: 'email' as const,
        shareId: share.id,
      })),
    );
    const errors = await copyDocumentFields(tx, ctx.orgId, request.id, document.id, recipients);
    if (errors.length > 0) throw invalidFields(errors);
    await sendSignatureRequest(tx, deps, ctx, request.id, documentHash);
    return request.id;
  });
  return presentSignatureRequest(ctx.db, ctx.orgId, requestId);
}
