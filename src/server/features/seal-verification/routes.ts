import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  verificationNotFoundMessage,
  verifyByHashQuerySchema,
  verifyByIdParamsSchema,
} from '../../../common/signing/verification-result';
import type { FeatureOptions } from '../../app';
import type { Database } from '../../db';
import { conflict, notFound } from '../../lib/app-error';
import { reserveAttemptsOrRefuse } from '../../lib/attempt-limit';
import { attachmentDisposition } from '../../lib/content-disposition';
import { contextOf } from '../../lib/service-context';
import type { RouteAccess } from '../../plugins/route-access';
import { buildEvidence } from './build-evidence';
import { evidenceZip, safeFileName } from './evidence-zip';
import {
  findSealedRequest,
  type SealedRequestRow,
  sealedFileBytes,
  sealedFileMissingMessage,
  sealedRequestOf,
} from './load-sealed-request';
import { presentVerification } from './present-verification';

const view: RouteAccess = {
  anyOf: [
    ['documents', 'view'],
    ['documents', 'read'],
  ],
};

const idParams = z.object({ id: z.string().max(100) });

/** Public lookups per IP address and minute: enough for a person, too few to walk the hashes. */
export const verifyLookupLimit = { windowMs: 60_000, perIp: 30 };
export const tooManyLookupsMessage = (seconds: number) =>
  `Too many verification lookups from this address. Try again in ${seconds} seconds.`;

function perIpLimit(db: Database) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await reserveAttemptsOrRefuse(
      db,
      reply,
      verifyLookupLimit.windowMs,
      [{ scope: 'verify:ip', subject: request.ip, limit: verifyLookupLimit.perIp }],
      tooManyLookupsMessage,
    );
  };
}

/** Evidence exports and the public verification of sealed documents (issue 18). */
export async function sealVerificationRoutes(base: FastifyInstance, options: FeatureOptions) {
  const { db, files } = options;
  const app = base.withTypeProvider<ZodTypeProvider>();
  const requests = '/api/enhanced-signature-requests';

  app.get(
    `${requests}/:id/evidence`,
    { config: { access: view }, schema: { params: idParams } },
    async (request, reply) => {
      const ctx = contextOf(request, db);
      const row = await sealedRequestOf(db, ctx.orgId, request.params.id);
      const evidence = await buildEvidence(db, row);
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(`${safeFileName(row.title)} evidence.json`))
        .header('Cache-Control', 'private, no-store')
        .send(`${JSON.stringify(evidence, null, 2)}\n`);
    },
  );

  app.get(
    `${requests}/:id/evidence.zip`,
    { config: { access: view }, schema: { params: idParams } },
    async (request, reply) => {
      const ctx = contextOf(request, db);
      const row = await sealedRequestOf(db, ctx.orgId, request.params.id);
      const [evidence, pdf] = await Promise.all([buildEvidence(db, row), sealedFileBytes(db, files, row)]);
      if (!pdf) throw conflict(sealedFileMissingMessage);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', attachmentDisposition(`${safeFileName(row.title)} evidence.zip`))
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(evidenceZip(evidence, pdf)));
    },
  );

  const answer = async (row: SealedRequestRow | null) => {
    if (!row) throw notFound(verificationNotFoundMessage);
    return presentVerification(db, files, row);
  };

  app.get(
    '/api/verify',
    {
      config: { access: 'public' },
      onRequest: perIpLimit(db),
      schema: { querystring: verifyByHashQuerySchema },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return answer(await findSealedRequest(db, { finalDocumentHash: request.query.sha256 }));
    },
  );

  app.get(
    '/api/verify/:verificationId',
    { config: { access: 'public' }, onRequest: perIpLimit(db), schema: { params: verifyByIdParamsSchema } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return answer(await findSealedRequest(db, { verificationId: request.params.verificationId }));
    },
  );
}
