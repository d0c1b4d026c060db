import { and, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  createEnhancedFieldSchema,
  createSignatureRecipientSchema,
  createSignatureRequestSchema,
  maxRecipients,
} from '../../../common/validation/signing';
import { deals } from '../../db/schema/crm';
import {
  enhancedSignatureFields,
  enhancedSignatureRecipients,
  enhancedSignatureRequests,
} from '../../db/schema/signing';
import { conflict, invalidField, invalidFields, notFound } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { assertReferences } from '../../lib/tenant-scope';
import type { Transaction } from '../../lib/transaction';
import { duplicateRecipientMessage, insertRecipients, pastExpiryErrors } from './draft-request';
import { lockDocumentForSigning } from './signing-document-status';
import { patchSchemaOf } from './patch-schema';
import { isRetainedRequest, retainedDocumentMessage } from './retention';
import { presentField, presentSignatureRequest, recipientViewOf } from './present-signature-request';
import {
  draftRequestOf,
  fieldRowOf,
  recipientNotFoundMessage,
  recipientRowOf,
  requestNotDeletableMessage,
  requestRowOf,
} from './signing-records';

/*
 * A draft request is edited freely; once sent it is history (409). Every write locks the request
 * row first, so an edit never slips in beside its send.
 */

export const updateSignatureRequestSchema = patchSchemaOf(
  createSignatureRequestSchema.omit({ documentInstanceId: true }).shape,
);
export const updateSignatureRecipientSchema = patchSchemaOf(createSignatureRecipientSchema.shape);
export const updateEnhancedFieldSchema = patchSchemaOf(createEnhancedFieldSchema.shape);

type RequestPatch = z.infer<typeof updateSignatureRequestSchema>;
type RecipientInput = z.infer<typeof createSignatureRecipientSchema>;
type RecipientPatch = z.infer<typeof updateSignatureRecipientSchema>;
type FieldInput = z.infer<typeof createEnhancedFieldSchema>;
type FieldPatch = z.infer<typeof updateEnhancedFieldSchema>;

const touch = (tx: Transaction, requestId: string) =>
  tx
    .update(enhancedSignatureRequests)
    .set({ updatedAt: new Date() })
    .where(eq(enhancedSignatureRequests.id, requestId));

export async function updateSignatureRequest(ctx: ServiceContext, id: string, input: RequestPatch) {
  await assertReferences(ctx.db, ctx.orgId, [{ table: deals, id: input.dealId, message: 'Deal not found' }]);
  const pastExpiry = pastExpiryErrors(input.expiresAt);
  if (pastExpiry.length > 0) throw invalidFields(pastExpiry);
  await ctx.db.transaction(async (tx) => {
    await draftRequestOf(tx, ctx.orgId, id);
    const { expiresAt, ...rest } = input;
    await tx
      .update(enhancedSignatureRequests)
      .set({
        ...rest,
        ...(expiresAt !== undefined ? { expiresAt: expiresAt ? new Date(expiresAt) : null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(enhancedSignatureRequests.id, id));
  });
  return presentSignatureRequest(ctx.db, ctx.orgId, id);
}

/** Only a draft or a cancelled request goes; a sent one is evidence until it is cancelled. */
export async function deleteSignatureRequest(ctx: ServiceContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    const request = await requestRowOf(tx, ctx.orgId, id, { lock: true });
    if (isRetainedRequest(request)) throw conflict(retainedDocumentMessage);
    if (request.status !== 'draft' && request.status !== 'cancelled')
      throw conflict(requestNotDeletableMessage);
    await tx.delete(enhancedSignatureRequests).where(eq(enhancedSignatureRequests.id, id));
  });
}

async function assertEmailFree(tx: Transaction, requestId: string, email: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: enhancedSignatureRecipients.id })
    .from(enhancedSignatureRecipients)
    .where(
      and(
        eq(enhancedSignatureRecipients.signatureRequestId, requestId),
        sql`lower(${enhancedSignatureRecipients.email}) = ${email.toLowerCase()}`,
        exceptId ? ne(enhancedSignatureRecipients.id, exceptId) : undefined,
      ),
    );
  if (taken) throw invalidField('email', duplicateRecipientMessage);
}

export async function addRecipient(ctx: ServiceContext, requestId: string, input: RecipientInput) {
  return ctx.db.transaction(async (tx) => {
    await draftRequestOf(tx, ctx.orgId, requestId);
    await assertEmailFree(tx, requestId, input.email);
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int`, last: max(enhancedSignatureRecipients.signatureOrder) })
      .from(enhancedSignatureRecipients)
      .where(eq(enhancedSignatureRecipients.signatureRequestId, requestId));
    if ((counted?.count ?? 0) >= maxRecipients) {
      throw invalidField('email', `A request may have at most ${maxRecipients} recipients`);
    }
    const [row] = await insertRecipients(tx, ctx.orgId, requestId, [input], (counted?.last ?? 0) + 1);
    await touch(tx, requestId);
    return recipientViewOf(tx, ctx.orgId, row);
  });
}

export async function updateRecipient(
  ctx: ServiceContext,
  requestId: string,
  id: string,
  input: RecipientPatch,
) {
  return ctx.db.transaction(async (tx) => {
    await draftRequestOf(tx, ctx.orgId, requestId);
    await recipientRowOf(tx, ctx.orgId, requestId, id);
    if (input.email) await assertEmailFree(tx, requestId, input.email, id);
    const [row] = await tx
      .update(enhancedSignatureRecipients)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(enhancedSignatureRecipients.id, id))
      .returning();
    await touch(tx, requestId);
    return recipientViewOf(tx, ctx.orgId, row);
  });
}

export async function removeRecipient(ctx: ServiceContext, requestId: string, id: string) {
  await ctx.db.transaction(async (tx) => {
    await draftRequestOf(tx, ctx.orgId, requestId);
    await recipientRowOf(tx, ctx.orgId, requestId, id);
    // Its fields go with it (cascade): a field for nobody could never be signed.
    await tx.delete(enhancedSignatureRecipients).where(eq(enhancedSignatureRecipients.id, id));
    await touch(tx, requestId);
  });
}

async function assertRecipientOf(
  tx: Transaction,
  ctx: ServiceContext,
  requestId: string,
  recipientId: string | null | undefined,
) {
  if (!recipientId) return;
  const [row] = await tx
    .select({ id: enhancedSignatureRecipients.id })
    .from(enhancedSignatureRecipients)
    .where(
      and(
        eq(enhancedSignatureRecipients.organizationId, ctx.orgId),
        eq(enhancedSignatureRecipients.signatureRequestId, requestId),
        inArray(enhancedSignatureRecipients.id, [recipientId]),
      ),
    );
  if (!row) throw notFound(recipientNotFoundMessage);
}

export async function addField(ctx: ServiceContext, requestId: string, input: FieldInput) {
  return ctx.db.transaction(async (tx) => {
    const request = await draftRequestOf(tx, ctx.orgId, requestId);
    await assertRecipientOf(tx, ctx, requestId, input.recipientId);
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(enhancedSignatureFields)
      .where(eq(enhancedSignatureFields.signatureRequestId, requestId));
    const [row] = await tx
      .insert(enhancedSignatureFields)
      .values({
        ...input,
        organizationId: ctx.orgId,
        signatureRequestId: requestId,
        recipientId: input.recipientId ?? null,
        fieldName: input.fieldName ?? `${input.fieldType} ${count + 1}`,
        isRequired: input.isRequired ?? true,
      })
      .returning();
    if (request.documentInstanceId) await lockDocumentForSigning(tx, ctx.orgId, request.documentInstanceId);
    await touch(tx, requestId);
    return presentField(row);
  });
}

export async function updateField(ctx: ServiceContext, requestId: string, id: string, input: FieldPatch) {
  return ctx.db.transaction(async (tx) => {
    await draftRequestOf(tx, ctx.orgId, requestId);
    await fieldRowOf(tx, ctx.orgId, requestId, id);
    await assertRecipientOf(tx, ctx, requestId, input.recipientId);
    const { fieldName, ...rest } = input;
    const [row] = await tx
      .update(enhancedSignatureFields)
      .set({ ...rest, ...(fieldName ? { fieldName } : {}), updatedAt: new Date() })
      .where(eq(enhancedSignatureFields.id, id))
      .returning();
    await touch(tx, requestId);
    return presentField(row);
  });
}

export async function removeField(ctx: ServiceContext, requestId: string, id: string) {
  await ctx.db.transaction(async (tx) => {
    await draftRequestOf(tx, ctx.orgId, requestId);
    await fieldRowOf(tx, ctx.orgId, requestId, id);
    await tx.delete(enhancedSignatureFields).where(eq(enhancedSignatureFields.id, id));
    await touch(tx, requestId);
  });
}
