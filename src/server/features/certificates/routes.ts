import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { issueCertificateSchema, updateCertificateSchema } from '../../../common/validation/certificates';
import { maxLength } from '../../../common/validation/common';
import type { FeatureOptions } from '../../app';
import { attachmentDisposition } from '../../lib/content-disposition';
import { contextOf } from '../../lib/service-context';
import type { RouteAccess } from '../../plugins/route-access';
import {
  certificateAuthorityChain,
  certificatePem,
  getCertificate,
  issueCertificate,
  listCertificates,
  updateCertificate,
} from './certificates';

const idParams = z.object({ id: z.string().max(maxLength.code) });

/*
 * Whoever sees settings sees the certificate and downloads its public parts; issuing and
 * deactivating (who seals in the organization's name) is settings:manage, an administrator's.
 */
const read: { access: RouteAccess } = {
  access: {
    anyOf: [
      ['settings', 'view'],
      ['settings', 'manage'],
    ],
  },
};
const change: { access: RouteAccess } = { access: { permission: ['settings', 'manage'] } };

const pemFile = 'application/x-pem-file';

/** Organization sealing certificates and the platform CA chain (issue 18). */
export async function certificateRoutes(base: FastifyInstance, { db, secrets }: FeatureOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/digital-certificates', { config: read }, async (request) =>
    listCertificates(contextOf(request, db), secrets),
  );

  app.get('/api/digital-certificates/ca-chain', { config: read }, async (request, reply) =>
    reply
      .header('Content-Type', pemFile)
      .header('Content-Disposition', attachmentDisposition('locus-sealing-ca-chain.pem'))
      .send(await certificateAuthorityChain(contextOf(request, db))),
  );

  app.get('/api/digital-certificates/:id', { config: read, schema: { params: idParams } }, async (request) =>
    getCertificate(contextOf(request, db), request.params.id),
  );

  app.get(
    '/api/digital-certificates/:id/certificate',
    { config: read, schema: { params: idParams } },
    async (request, reply) => {
      const { pem, fileName } = await certificatePem(contextOf(request, db), request.params.id);
      return reply
        .header('Content-Type', pemFile)
        .header('Content-Disposition', attachmentDisposition(fileName))
        .send(pem);
    },
  );

  app.post(
    '/api/digital-certificates',
    // No body at all is a plain "issue one with the defaults" (RSA 2048).
    { config: change, schema: { body: z.preprocess((body) => body ?? {}, issueCertificateSchema) } },
    async (request, reply) =>
      reply.status(201).send(await issueCertificate(contextOf(request, db), secrets, request.body)),
  );

  app.patch(
    '/api/digital-certificates/:id',
    { config: change, schema: { params: idParams, body: updateCertificateSchema } },
    async (request) => updateCertificate(contextOf(request, db), request.params.id, request.body),
  );
}
