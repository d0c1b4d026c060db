import { emitDocumentEvent } from '../webhooks/document-events';
import { and, asc, eq } from 'drizzle-orm';
import {
  documentActivities,
  documentInstances,
  documentShares,
  documentSigningWorkflows,
} from '../../db/schema/documents';
import {
  enhancedSignatureFields,
  enhancedSignatureRecipients,
  enhancedSignatureRequests,
} from '../../db/schema/signing';
import { conflict, invalidFields } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import type { ServiceContext } from '../../lib/service-context';
import type { Transaction } from '../../lib/transaction';
import { appendSignatureAuditEvent } from './audit-chain';
import { documentHashOf } from './document-hash';
import { inviteStep, type SigningDeps, senderOf, stepsOf } from './invite-step';
import { presentSignatureRequest } from './present-signature-request';
import { signingActorOf } from './signing-actor';
import { actsOnDocument, queueSigningEmail, signingUrlWithoutSecret } from './signing-emails';
import {
  assertDocumentSendable,
  documentRowFor,
  requestNotDraftMessage,
  requestRowOf,
} from './signing-records';
import { createSigningToken } from './signing-tokens';
import { sealRecipientToken, verificationDataOf } from './verification-data';

/** The engine's needs: the sealing key, the links' base, and the file store the document PDF is read from. */
export interface SendDeps extends SigningDeps {
  files: FileStore;
}

type FieldError = { path: string; message: string };
type RecipientRow = typeof enhancedSignatureRecipients.$inferSelect;

/** Authentication methods with no provider behind them: refused at send, never silently skipped. */
export const unavailableAuthMessages = {
  sms: 'SMS verification is not available: no SMS provider is configured',
  phone: 'Phone verification is not available: no phone provider is configured',
  id_verification: 'ID verification is not available: no identity provider is configured',
} as const;

export function unavailableAuthErrors(
  recipients: { authMethod: string }[],
  prefix = 'recipients',
): FieldError[] {
  return recipients.flatMap((recipient, index) =>
    recipient.authMethod in unavailableAuthMessages
      ? [
          {
            path: `${prefix}.${index}.authMethod`,
            message: unavailableAuthMessages[recipient.authMethod as keyof typeof unavailableAuthMessages],
          },
        ]
      : [],
  );
}

/**
 * THE send (document send, request send and workflow send all end here), in the caller's
 * transaction on a draft request: every recipient gets a fresh link token (its hash stored, the
 * raw value only sealed), the simple-signing mirror (one workflow, one share per recipient with
 * the same token hash), the request and document become sent, activity 'sent' and audit
 * 'document_sent' (with the document's SHA-256) are recorded, cc/viewers get their view link, the
 * first step's acting recipients are invited and later steps wait.
 */
export async function sendSignatureRequest(
  tx: Transaction,
  deps: SigningDeps,
  ctx: ServiceContext,
  requestId: string,
  documentHash: string | null,
) {
  const orgId = ctx.orgId;
  const request = await requestRowOf(tx, orgId, requestId, { lock: true });
  if (request.status !== 'draft') throw conflict(requestNotDraftMessage);
  const recipients = await tx
    .select()
    .from(enhancedSignatureRecipients)
    .where(
      and(
        eq(enhancedSignatureRecipients.organizationId, orgId),
        eq(enhancedSignatureRecipients.signatureRequestId, requestId),
      ),
    )
    .orderBy(
      asc(enhancedSignatureRecipients.signatureOrder),
      asc(enhancedSignatureRecipients.createdAt),
      asc(enhancedSignatureRecipients.id),
    )
    .for('update');
  const fields = await tx
    .select({
      fieldName: enhancedSignatureFields.fieldName,
      recipientId: enhancedSignatureFields.recipientId,
    })
    .from(enhancedSignatureFields)
    .where(
      and(
        eq(enhancedSignatureFields.organizationId, orgId),
        eq(enhancedSignatureFields.signatureRequestId, requestId),
      ),
    );
  assertSendable(recipients, fields);

  const document = request.documentInstanceId
    ? await documentRowFor(tx, orgId, request.documentInstanceId, { lock: true })
    : null;
  if (document) await assertDocumentSendable(tx, orgId, document, request.id);

  const now = new Date();
  const { totalSteps, stepOf } = stepsOf(request.signatureType, recipients);
  let workflowId = request.workflowId;
  if (document) {
    const workflow = {
      signingOrder: request.signatureType,
      currentStep: 1,
      totalSteps,
      status: 'active' as const,
      completedAt: null,
      updatedAt: now,
    };
    if (workflowId) {
      await tx
        .update(documentSigningWorkflows)
        .set(workflow)
        .where(
          and(
            eq(documentSigningWorkflows.organizationId, orgId),
            eq(documentSigningWorkflows.id, workflowId),
          ),
        );
    } else {
      const [row] = await tx
        .insert(documentSigningWorkflows)
        .values({ ...workflow, organizationId: orgId, documentInstanceId: document.id })
        .returning({ id: documentSigningWorkflows.id });
      workflowId = row.id;
    }
  }

  const { organizationName, senderName } = await senderOf(tx, orgId, request.createdBy);
  for (const recipient of recipients) {
    const { token, hash } = createSigningToken();
    const acting = actsOnDocument(recipient.role);
    // Acting recipients of step 1 stay pending until inviteStep below sends them their link.
    const status: 'sent' | 'pending' | 'waiting' = !acting
      ? 'sent'
      : stepOf(recipient) === 1
        ? 'pending'
        : 'waiting';
    let shareId = recipient.shareId;
    if (document && workflowId) {
      const share = {
        shareToken: hash,
        recipientEmail: recipient.email,
        recipientName: recipient.name,
        accessType: acting ? ('sign' as const) : ('view' as const),
        signingOrder: recipient.signatureOrder,
        status,
        workflowId,
        emailSent: !acting,
        emailSentAt: acting ? null : now,
        expiresAt: request.expiresAt,
        updatedAt: now,
      };
      if (shareId) {
        await tx
          .update(documentShares)
          .set(share)
          .where(and(eq(documentShares.organizationId, orgId), eq(documentShares.id, shareId)));
      } else {
        const [row] = await tx
          .insert(documentShares)
          .values({ ...share, organizationId: orgId, documentInstanceId: document.id })
          .returning({ id: documentShares.id });
        shareId = row.id;
      }
    }
    await tx
      .update(enhancedSignatureRecipients)
      .set({
        accessToken: hash,
        signingUrl: signingUrlWithoutSecret(deps.appUrl, recipient.role),
        verificationData: {
          ...verificationDataOf(recipient.verificationData),
          sealedToken: sealRecipientToken(deps.secrets, token),
        },
        status,
        invitedAt: acting ? null : now,
        shareId,
        updatedAt: now,
      })
      .where(eq(enhancedSignatureRecipients.id, recipient.id));
    if (!acting) {
      await queueSigningEmail(tx, deps.secrets, deps.appUrl, {
        kind: 'invitation',
        organizationId: orgId,
        organizationName,
        senderName,
        to: { email: recipient.email, name: recipient.name, role: recipient.role },
        documentTitle: request.title,
        message: request.message,
        expiresAt: request.expiresAt,
        token,
      });
    }
  }

  const hashAtSend = documentHash ?? request.documentHash;
  const [sentRequest] = await tx
    .update(enhancedSignatureRequests)
    .set({ status: 'sent', sentAt: now, documentHash: hashAtSend, workflowId, updatedAt: now })
    .where(eq(enhancedSignatureRequests.id, request.id))
    .returning();
  await emitDocumentEvent(tx, 'document.sent', sentRequest);
  if (document) {
    await tx
      .update(documentInstances)
      .set({ status: 'sent', updatedAt: now })
      .where(and(eq(documentInstances.organizationId, orgId), eq(documentInstances.id, document.id)));
    await tx.insert(documentActivities).values({
      organizationId: orgId,
      documentInstanceId: document.id,
      activityType: 'sent',
      ...(await signingActorOf(tx, ctx.actor.id)),
      details: {
        signatureRequestId: request.id,
        recipients: recipients.length,
        signingOrder: request.signatureType,
      },
      ipAddress: ctx.client?.ip ?? null,
      userAgent: ctx.client?.userAgent ?? null,
    });
  }
  await appendSignatureAuditEvent(tx, {
    organizationId: orgId,
    signatureRequestId: request.id,
    eventType: 'document_sent',
    eventData: {
      documentHash: hashAtSend,
      signingOrder: request.signatureType,
      totalSteps,
      recipients: recipients.map((r) => ({
        id: r.id,
        email: r.email,
        role: r.role,
        signatureOrder: r.signatureOrder,
      })),
    },
    ipAddress: ctx.client?.ip ?? null,
    userAgent: ctx.client?.userAgent ?? null,
  });
  await inviteStep(tx, deps, orgId, request.id, 1);
}

/** What a request needs before it can go out; each problem named at its recipient or field. */
function assertSendable(
  recipients: RecipientRow[],
  fields: { fieldName: string; recipientId: string | null }[],
) {
  const errors: FieldError[] = [];
  if (recipients.length === 0) errors.push({ path: 'recipients', message: 'Add at least one recipient' });
  else if (!recipients.some((r) => actsOnDocument(r.role))) {
    errors.push({ path: 'recipients', message: 'Add at least one signer, approver or notary' });
  }
  errors.push(...unavailableAuthErrors(recipients));
  for (const field of fields) {
    const recipient = recipients.find((r) => r.id === field.recipientId);
    if (!recipient) {
      errors.push({
        path: 'fields',
        message: `“${field.fieldName}” is for nobody: assign it to a recipient`,
      });
    } else if (!actsOnDocument(recipient.role)) {
      errors.push({
        path: 'fields',
        message: `“${field.fieldName}” is for ${recipient.email}, who only receives a copy`,
      });
    }
  }
  for (const [index, recipient] of recipients.entries()) {
    if (recipient.role === 'signer' && !fields.some((f) => f.recipientId === recipient.id)) {
      errors.push({
        path: `recipients.${index}.email`,
        message: `${recipient.name} has no field to sign: place one for ${recipient.email}`,
      });
    }
  }
  if (errors.length > 0) throw invalidFields(errors);
}

/** POST /api/enhanced-signature-requests/:id/send: a draft request goes out. */
export async function sendDraftSignatureRequest(ctx: ServiceContext, deps: SendDeps, requestId: string) {
  const request = await requestRowOf(ctx.db, ctx.orgId, requestId);
  if (request.status !== 'draft') throw conflict(requestNotDraftMessage);
  // Hashed before the transaction: rendering a document takes a while and needs no lock.
  const documentHash = request.documentInstanceId
    ? await documentHashOf(ctx, deps.files, request.documentInstanceId)
    : null;
  await ctx.db.transaction((tx) => sendSignatureRequest(tx, deps, ctx, requestId, documentHash));
  return presentSignatureRequest(ctx.db, ctx.orgId, requestId);
}
