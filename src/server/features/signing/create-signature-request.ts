import { z } from 'zod';
import { optionalEmail, optionalLine } from '../../../common/validation/common';
import {
  createEnhancedFieldSchema,
  createSignatureRecipientSchema,
  createSignatureRequestSchema,
  maxRecipients,
} from '../../../common/validation/signing';
import { deals } from '../../db/schema/crm';
import { enhancedSignatureFields, enhancedSignatureRequests } from '../../db/schema/signing';
import { invalidFields } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { assertReferences } from '../../lib/tenant-scope';
import { documentRowOf } from '../document-instances/present-document';
import { documentHashOf } from './document-hash';
import { duplicateRecipientErrors, insertRecipients, pastExpiryErrors } from './draft-request';
import { lockDocumentForSigning } from './signing-document-status';
import { presentSignatureRequest } from './present-signature-request';
import type { SendDeps } from './send-signature-request';
import { assertDocumentSendable, documentRowFor } from './signing-records';

export const documentHashRequiredMessage = 'Document hash is required';
export const maxRequestFields = 200;

/** POST /api/enhanced-signature-requests: a draft, with its recipients and fields if given. */
export const createSignatureRequestBodySchema = createSignatureRequestSchema.extend({
  documentHash: optionalLine('Document hash', 128),
  recipients: z
    .array(createSignatureRecipientSchema, { error: 'Recipients must be a list' })
    .max(maxRecipients, `A request may have at most ${maxRecipients} recipients`)
    .optional(),
  fields: z
    .array(
      createEnhancedFieldSchema.extend({
        recipientEmail: optionalEmail('Please enter a valid email address'),
      }),
      { error: 'Fields must be a list' },
    )
    .max(maxRequestFields, `A request may have at most ${maxRequestFields} fields`)
    .optional(),
});

export type CreateSignatureRequestBody = z.infer<typeof createSignatureRequestBodySchema>;

export async function createSignatureRequest(
  ctx: ServiceContext,
  deps: SendDeps,
  input: CreateSignatureRequestBody,
) {
  await assertReferences(ctx.db, ctx.orgId, [{ table: deals, id: input.dealId, message: 'Deal not found' }]);
  const document = input.documentInstanceId ? await documentRowOf(ctx, input.documentInstanceId) : null;
  const recipients = input.recipients ?? [];
  const fields = input.fields ?? [];
  const errors = [...pastExpiryErrors(input.expiresAt), ...duplicateRecipientErrors(recipients)];
  if (!document && !input.documentHash)
    errors.push({ path: 'documentHash', message: documentHashRequiredMessage });
  for (const [index, field] of fields.entries()) {
    if (field.recipientId) {
      errors.push({
        path: `fields.${index}.recipientId`,
        message: 'Name the field’s recipient by recipientEmail',
      });
    } else if (
      field.recipientEmail &&
      !recipients.some((r) => r.email.toLowerCase() === field.recipientEmail?.toLowerCase())
    ) {
      errors.push({
        path: `fields.${index}.recipientEmail`,
        message: `${field.recipientEmail} is not a recipient of this request`,
      });
    }
  }
  if (errors.length > 0) throw invalidFields(errors);
  const documentHash = document
    ? await documentHashOf(ctx, deps.files, document.id)
    : (input.documentHash as string);

  const requestId = await ctx.db.transaction(async (tx) => {
    if (document)
      await assertDocumentSendable(
        tx,
        ctx.orgId,
        await documentRowFor(tx, ctx.orgId, document.id, { lock: true }),
      );
    const [request] = await tx
      .insert(enhancedSignatureRequests)
      .values({
        organizationId: ctx.orgId,
        documentInstanceId: document?.id ?? null,
        dealId: input.dealId ?? document?.dealId ?? null,
        title: input.title,
        message: input.message ?? null,
        signatureType: input.signatureType,
        legalCompliance: input.legalCompliance,
        requiresNotarization: input.requiresNotarization ?? false,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        documentHash,
        createdBy: ctx.actor.id,
      })
      .returning({ id: enhancedSignatureRequests.id });
    const rows = await insertRecipients(tx, ctx.orgId, request.id, recipients);
    if (fields.length > 0) {
      await tx.insert(enhancedSignatureFields).values(
        fields.map(({ recipientEmail, recipientId: _recipientId, fieldName, ...field }, index) => ({
          ...field,
          organizationId: ctx.orgId,
          signatureRequestId: request.id,
          recipientId: rows.find((r) => r.email.toLowerCase() === recipientEmail?.toLowerCase())?.id ?? null,
          fieldName: fieldName ?? `${field.fieldType} ${index + 1}`,
          isRequired: field.isRequired ?? true,
        })),
      );
      if (document) await lockDocumentForSigning(tx, ctx.orgId, document.id);
    }
    return request.id;
  });
  return presentSignatureRequest(ctx.db, ctx.orgId, requestId);
}
