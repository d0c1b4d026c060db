import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentShareSchema, signingWorkflowSchema } from '../../../common/validation/documents';
import {
  createEnhancedFieldSchema,
  createSignatureRecipientSchema,
  resendRecipientSchema,
  sendDocumentForSignatureSchema,
} from '../../../common/validation/signing';
import type { FeatureOptions } from '../../app';
import { notFound } from '../../lib/app-error';
import { attachmentDisposition } from '../../lib/content-disposition';
import { withEtag } from '../../lib/record-version';
import { renderSignedDocumentPdf } from '../document-rendering/render-signed-pdf';
import { readSealedPdf, sealedPdfMissingMessage } from '../sealing/sealed-file';
import { contextOf } from '../../lib/service-context';
import type { RouteAccess } from '../../plugins/route-access';
import { cancelSignatureRequest } from './cancel-signature-request';
import { createSignatureRequest, createSignatureRequestBodySchema } from './create-signature-request';
import { createShare, deleteShare, getShare, listShares, listSharesQuerySchema } from './document-shares';
import {
  addField,
  addRecipient,
  deleteSignatureRequest,
  removeField,
  removeRecipient,
  updateEnhancedFieldSchema,
  updateField,
  updateRecipient,
  updateSignatureRecipientSchema,
  updateSignatureRequest,
  updateSignatureRequestSchema,
} from './edit-draft-request';
import { listSignatureRequests, listSignatureRequestsQuerySchema } from './list-signature-requests';
import { presentSignatureRequest } from './present-signature-request';
import { remindRecipients } from './remind-recipients';
import { resendToRecipient } from './resend-to-recipient';
import { sendDocumentForSignature } from './send-document-for-signature';
import { type SendDeps, sendDraftSignatureRequest } from './send-signature-request';
import { signatureAuditTrailOf } from './signature-audit-trail';
import {
  createWorkflow,
  deleteWorkflow,
  getWorkflow,
  listWorkflows,
  listWorkflowsQuerySchema,
  sendWorkflow,
  sendWorkflowSchema,
  updateWorkflow,
  updateWorkflowSchema,
} from './signing-workflows';
import { startInPersonSigning } from './start-in-person-signing';

const view: RouteAccess = {
  anyOf: [
    ['documents', 'view'],
    ['documents', 'read'],
  ],
};
const edit: RouteAccess = {
  anyOf: [
    ['documents', 'edit'],
    ['documents', 'update'],
  ],
};

const idParams = z.object({ id: z.string().max(100) });
const recipientParams = idParams.extend({ recipientId: z.string().max(100) });
const fieldParams = idParams.extend({ fieldId: z.string().max(100) });
const remindSchema = z.object({ recipientId: z.guid({ error: 'Invalid recipient ID' }).optional() });

/** The sender's side of signing (issue 17): requests, recipients, fields, workflows, shares. */
export async function signatureRequestRoutes(base: FastifyInstance, options: FeatureOptions) {
  const { db } = options;
  const deps: SendDeps = { secrets: options.secrets, appUrl: options.appUrl, files: options.files };
  const app = base.withTypeProvider<ZodTypeProvider>();
  const requests = '/api/enhanced-signature-requests';

  app.post(
    '/api/document-instances/:id/send',
    { config: { access: edit }, schema: { params: idParams, body: sendDocumentForSignatureSchema } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await sendDocumentForSignature(contextOf(request, db), deps, request.params.id, request.body)),
  );

  // ---- Signature requests ----

  app.get(
    requests,
    { config: { access: view }, schema: { querystring: listSignatureRequestsQuerySchema } },
    async (request) => listSignatureRequests(contextOf(request, db), request.query),
  );

  app.post(
    requests,
    { config: { access: edit }, schema: { body: createSignatureRequestBodySchema } },
    async (request, reply) =>
      reply.status(201).send(await createSignatureRequest(contextOf(request, db), deps, request.body)),
  );

  app.get(
    `${requests}/:id`,
    { config: { access: view }, schema: { params: idParams } },
    async (request, reply) => {
      const ctx = contextOf(request, db);
      return withEtag(reply, await presentSignatureRequest(ctx.db, ctx.orgId, request.params.id));
    },
  );

  app.patch(
    `${requests}/:id`,
    { config: { access: edit }, schema: { params: idParams, body: updateSignatureRequestSchema } },
    async (request) => updateSignatureRequest(contextOf(request, db), request.params.id, request.body),
  );

  app.delete(
    `${requests}/:id`,
    { config: { access: edit }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteSignatureRequest(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    `${requests}/:id/recipients`,
    { config: { access: edit }, schema: { params: idParams, body: createSignatureRecipientSchema } },
    async (request, reply) =>
      reply.status(201).send(await addRecipient(contextOf(request, db), request.params.id, request.body)),
  );

  app.patch(
    `${requests}/:id/recipients/:recipientId`,
    { config: { access: edit }, schema: { params: recipientParams, body: updateSignatureRecipientSchema } },
    async (request) =>
      updateRecipient(contextOf(request, db), request.params.id, request.params.recipientId, request.body),
  );

  app.delete(
    `${requests}/:id/recipients/:recipientId`,
    { config: { access: edit }, schema: { params: recipientParams } },
    async (request, reply) => {
      await removeRecipient(contextOf(request, db), request.params.id, request.params.recipientId);
      return reply.status(204).send();
    },
  );

  app.post(
    `${requests}/:id/fields`,
    { config: { access: edit }, schema: { params: idParams, body: createEnhancedFieldSchema } },
    async (request, reply) =>
      reply.status(201).send(await addField(contextOf(request, db), request.params.id, request.body)),
  );

  app.patch(
    `${requests}/:id/fields/:fieldId`,
    { config: { access: edit }, schema: { params: fieldParams, body: updateEnhancedFieldSchema } },
    async (request) =>
      updateField(contextOf(request, db), request.params.id, request.params.fieldId, request.body),
  );

  app.delete(
    `${requests}/:id/fields/:fieldId`,
    { config: { access: edit }, schema: { params: fieldParams } },
    async (request, reply) => {
      await removeField(contextOf(request, db), request.params.id, request.params.fieldId);
      return reply.status(204).send();
    },
  );

  app.post(
    `${requests}/:id/send`,
    { config: { access: edit }, schema: { params: idParams } },
    async (request) => sendDraftSignatureRequest(contextOf(request, db), deps, request.params.id),
  );

  app.post(
    `${requests}/:id/cancel`,
    { config: { access: edit }, schema: { params: idParams } },
    async (request) => cancelSignatureRequest(contextOf(request, db), deps, request.params.id),
  );

  app.post(
    `${requests}/:id/remind`,
    { config: { access: edit }, schema: { params: idParams, body: remindSchema.optional() } },
    async (request) =>
      remindRecipients(contextOf(request, db), deps, request.params.id, request.body?.recipientId),
  );

  app.post(
    `${requests}/:id/recipients/:recipientId/resend`,
    { config: { access: edit }, schema: { params: recipientParams, body: resendRecipientSchema.optional() } },
    async (request) =>
      resendToRecipient(
        contextOf(request, db),
        deps,
        request.params.id,
        request.params.recipientId,
        request.body ?? {},
      ),
  );

  app.post(
    `${requests}/:id/recipients/:recipientId/in-person`,
    { config: { access: edit }, schema: { params: recipientParams } },
    async (request, reply) => {
      // The one answer that carries a token: the sender's own device opens the signing flow with it.
      reply.header('Cache-Control', 'no-store');
      return startInPersonSigning(contextOf(request, db), request.params.id, request.params.recipientId);
    },
  );

  app.get(
    `${requests}/:id/audit-trail`,
    { config: { access: view }, schema: { params: idParams } },
    async (request) => signatureAuditTrailOf(contextOf(request, db), request.params.id),
  );

  app.get(
    `${requests}/:id/signed-pdf`,
    { config: { access: view }, schema: { params: idParams } },
    async (request, reply) => {
      const ctx = contextOf(request, db);
      const detail = await presentSignatureRequest(db, ctx.orgId, request.params.id);
      // Once sealed, the sealed file (what the hash and the verification id stand for); before, the
      // copy rendered from the stored values.
      const sealed =
        detail.sealStatus === 'sealed'
          ? await readSealedPdf(db, options.files, { ...detail, organizationId: ctx.orgId })
          : null;
      if (detail.sealStatus === 'sealed' && !sealed) throw notFound(sealedPdfMissingMessage);
      const pdf = sealed ?? (await renderSignedDocumentPdf(db, ctx.orgId, detail.id, options.files));
      const name = sealed ? `${detail.title} (sealed).pdf` : `${detail.title} (signed).pdf`;
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', attachmentDisposition(name))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(pdf);
    },
  );

  // ---- Simple signing: workflows and shares ----

  const workflows = '/api/document-signing-workflows';
  app.get(
    workflows,
    { config: { access: view }, schema: { querystring: listWorkflowsQuerySchema } },
    async (request) => listWorkflows(contextOf(request, db), request.query),
  );
  app.post(
    workflows,
    { config: { access: edit }, schema: { body: signingWorkflowSchema } },
    async (request, reply) =>
      reply.status(201).send(await createWorkflow(contextOf(request, db), request.body)),
  );
  app.get(`${workflows}/:id`, { config: { access: view }, schema: { params: idParams } }, async (request) => {
    const ctx = contextOf(request, db);
    return getWorkflow(ctx.db, ctx.orgId, request.params.id);
  });
  app.patch(
    `${workflows}/:id`,
    { config: { access: edit }, schema: { params: idParams, body: updateWorkflowSchema } },
    async (request) => updateWorkflow(contextOf(request, db), request.params.id, request.body),
  );
  app.delete(
    `${workflows}/:id`,
    { config: { access: edit }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteWorkflow(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    `${workflows}/:id/send`,
    { config: { access: edit }, schema: { params: idParams, body: sendWorkflowSchema.optional() } },
    async (request) => sendWorkflow(contextOf(request, db), deps, request.params.id, request.body ?? {}),
  );

  const shares = '/api/document-shares';
  app.get(
    shares,
    { config: { access: view }, schema: { querystring: listSharesQuerySchema } },
    async (request) => listShares(contextOf(request, db), request.query),
  );
  app.post(
    shares,
    { config: { access: edit }, schema: { body: documentShareSchema } },
    async (request, reply) =>
      reply.status(201).send(await createShare(contextOf(request, db), deps, request.body)),
  );
  app.get(`${shares}/:id`, { config: { access: view }, schema: { params: idParams } }, async (request) =>
    getShare(contextOf(request, db), request.params.id),
  );
  app.delete(
    `${shares}/:id`,
    { config: { access: edit }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteShare(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );
}
