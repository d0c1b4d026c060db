import type { SendDocumentForSignatureInput } from '../../../common/validation/signing';
import { enhancedSignatureRequests } from '../../db/schema/signing';
import { invalidFields } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { documentRowOf } from '../document-instances/present-document';
import { documentHashOf } from './document-hash';
import { copyDocumentFields, duplicateRecipientErrors, insertRecipients } from './draft-request';
import { presentSignatureRequest } from './present-signature-request';
import { type SendDeps, sendSignatureRequest, unavailableAuthErrors } from './send-signature-request';
import { assertDocumentSendable, documentRowFor } from './signing-records';

/**
 * POST /api/document-instances/:id/send: one call makes the request (title defaults to the
 * document's name), its recipients, their fields (the document's placed fields, matched by
 * e-mail) and sends it. All in one transaction: a refusal leaves nothing behind.
 */
export async function sendDocumentForSignature(
  ctx: ServiceContext,
  deps: SendDeps,
  documentInstanceId: string,
  input: SendDocumentForSignatureInput,
) {
  const document = await documentRowOf(ctx, documentInstanceId);
  const refused = [...duplicateRecipientErrors(input.recipients), ...unavailableAuthErrors(input.recipients)];
  if (refused.length > 0) throw invalidFields(refused);
  const documentHash = await documentHashOf(ctx, deps.files, document.id);
  const requestId = await ctx.db.transaction(async (tx) => {
    const locked = await documentRowFor(tx, ctx.orgId, document.id, { lock: true });
    await assertDocumentSendable(tx, ctx.orgId, locked);
    const [request] = await tx
      .insert(enhancedSignatureRequests)
      .values({
        organizationId: ctx.orgId,
        documentInstanceId: document.id,
        dealId: document.dealId,
        title: input.title ?? document.name,
        message: input.message ?? null,
        signatureType: input.signingOrder,
        legalCompliance: input.legalCompliance,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        documentHash,
        createdBy: ctx.actor.id,
      })
      .returning({ id: enhancedSignatureRequests.id });
    const recipients = await insertRecipients(tx, ctx.orgId, request.id, input.recipients);
    const errors = await copyDocumentFields(tx, ctx.orgId, request.id, document.id, recipients);
    if (errors.length > 0) throw invalidFields(errors);
    await sendSignatureRequest(tx, deps, ctx, request.id, documentHash);
    return request.id;
  });
  return presentSignatureRequest(ctx.db, ctx.orgId, requestId);
}
