import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { z } from 'zod';
import { documentShareSchema } from '../../../common/validation/documents';
import { documentShares } from '../../db/schema/documents';
import { enhancedSignatureRecipients, enhancedSignatureRequests } from '../../db/schema/signing';
import { conflict, invalidField, invalidFields } from '../../lib/app-error';
import { type KeysetSpec, listQuerySchema, paginate } from '../../lib/keyset-pagination';
import type { ServiceContext } from '../../lib/service-context';
import { inOrganization, queryFilter } from '../../lib/tenant-scope';
import { documentRowOf } from '../document-instances/present-document';
import { type SigningDeps, senderOf } from './invite-step';
import { queueSigningEmail } from './signing-emails';
import { presentShare } from './present-share';
import { isRetainedRequest, retainedDocumentMessage } from './retention';
import { shareRowOf } from './signing-records';
import { createSigningToken } from './signing-tokens';
import { unsentWorkflowOf } from './signing-workflows';

/*
 * /api/document-shares: who a document is shared with. Signing shares belong to a workflow (sent
 * through it); a view share without a workflow is e-mailed its link at once.
 */

export const signingShareNeedsWorkflowMessage =
  'A signing share belongs to a workflow: create the workflow first';
export const shareInProgressMessage =
  'This share belongs to a signature request in progress: cancel the request instead';

export const listSharesQuerySchema = listQuerySchema.extend({
  documentInstanceId: queryFilter(z.guid({ error: 'Invalid document instance ID' })),
  workflowId: queryFilter(z.guid({ error: 'Invalid workflow ID' })),
});

const spec: KeysetSpec = {
  sortable: {
    createdAt: documentShares.createdAt,
    signingOrder: documentShares.signingOrder,
    status: documentShares.status,
  },
  defaultSort: '-createdAt',
  id: documentShares.id,
};

export async function listShares(ctx: ServiceContext, query: z.infer<typeof listSharesQuerySchema>) {
  const { shareToken: _shareToken, ...fields } = getTableColumns(documentShares);
  return paginate(
    {
      db: ctx.db,
      from: documentShares,
      fields,
      where: inOrganization(
        documentShares,
        ctx.orgId,
        query.documentInstanceId
          ? eq(documentShares.documentInstanceId, query.documentInstanceId)
          : undefined,
        query.workflowId ? eq(documentShares.workflowId, query.workflowId) : undefined,
      ),
      spec,
      query,
    },
    ({ organizationId: _organizationId, ...share }) => share,
  );
}

export async function getShare(ctx: ServiceContext, id: string) {
  return presentShare(await shareRowOf(ctx.db, ctx.orgId, id));
}

/**
 * POST: with workflowId, a pending share of that unsent workflow (its link is made at send);
 * without, only a view share, which is created and e-mailed its link in the same transaction.
 */
export async function createShare(
  ctx: ServiceContext,
  deps: SigningDeps,
  input: z.infer<typeof documentShareSchema>,
) {
  if (!input.workflowId && input.accessType === 'sign') {
    throw invalidFields([{ path: 'workflowId', message: signingShareNeedsWorkflowMessage }]);
  }
  const document = await documentRowOf(ctx, input.documentInstanceId);
  const id = await ctx.db.transaction(async (tx) => {
    const { token, hash } = createSigningToken();
    const values = {
      organizationId: ctx.orgId,
      documentInstanceId: document.id,
      recipientEmail: input.recipientEmail,
      recipientName: input.recipientName ?? null,
      accessType: input.accessType,
      signingOrder: input.signingOrder ?? 1,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      shareToken: hash,
    };
    if (input.workflowId) {
      const workflow = await unsentWorkflowOf(tx, ctx.orgId, input.workflowId);
      if (workflow.documentInstanceId !== document.id) {
        throw invalidField('workflowId', 'This workflow belongs to another document');
      }
      const [taken] = await tx
        .select({ id: documentShares.id })
        .from(documentShares)
        .where(
          and(
            eq(documentShares.workflowId, workflow.id),
            sql`lower(${documentShares.recipientEmail}) = ${input.recipientEmail.toLowerCase()}`,
          ),
        );
      if (taken) throw invalidField('recipientEmail', 'This e-mail already has a share in this workflow');
      // Pending: the placeholder hash is replaced by the recipient's own token when the workflow is sent.
      const [row] = await tx
        .insert(documentShares)
        .values({ ...values, workflowId: workflow.id, status: 'pending' })
        .returning({ id: documentShares.id });
      return row.id;
    }
    const now = new Date();
    const [row] = await tx
      .insert(documentShares)
      .values({ ...values, status: 'sent', emailSent: true, emailSentAt: now })
      .returning({ id: documentShares.id });
    const { organizationName, senderName } = await senderOf(tx, ctx.orgId, ctx.actor.id);
    await queueSigningEmail(tx, deps.secrets, deps.appUrl, {
      kind: 'invitation',
      organizationId: ctx.orgId,
      organizationName,
      senderName,
      to: { email: input.recipientEmail, name: input.recipientName ?? input.recipientEmail, role: 'viewer' },
      documentTitle: document.name,
      expiresAt: values.expiresAt,
      token,
    });
    return row.id;
  });
  return getShare(ctx, id);
}

/** DELETE: a standalone share (its link dies) or one of an unsent workflow; never a running request's. */
export async function deleteShare(ctx: ServiceContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    const share = await shareRowOf(tx, ctx.orgId, id);
    const [running] = await tx
      .select({ status: enhancedSignatureRequests.status })
      .from(enhancedSignatureRecipients)
      .innerJoin(
        enhancedSignatureRequests,
        eq(enhancedSignatureRequests.id, enhancedSignatureRecipients.signatureRequestId),
      )
      .where(
        and(
          eq(enhancedSignatureRecipients.organizationId, ctx.orgId),
          eq(enhancedSignatureRecipients.shareId, id),
        ),
      );
    if (running && isRetainedRequest(running)) throw conflict(retainedDocumentMessage);
    if (running && ['sent', 'viewed', 'signed'].includes(running.status))
      throw conflict(shareInProgressMessage);
    if (share.workflowId && !running) await unsentWorkflowOf(tx, ctx.orgId, share.workflowId);
    await tx.delete(documentShares).where(eq(documentShares.id, id));
  });
}
