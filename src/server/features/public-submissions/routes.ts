import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { demoRequestSchema, earlyAccessSchema } from '../../../common/validation/public-submissions';
import { supportSubmissionSchema } from '../../../common/validation/support';
import type { Database } from '../../db';
import { notFound } from '../../lib/app-error';
import { reserveAttemptsOrRefuse } from '../../lib/attempt-limit';
import { isUuid } from '../../lib/service-context';
import {
  getSupportSubmissionImage,
  listDemoRequests,
  listEarlyAccessSignups,
  listSupportSubmissions,
} from './list-submissions';
import { submitDemoRequest } from './submit-demo-request';
import { submitEarlyAccess } from './submit-early-access';
import { submitSupportSubmission } from './submit-support-submission';

export interface SubmissionRateLimit {
  /** Submissions allowed per IP address and per endpoint in the window. */
  perIp: number;
  windowMs: number;
}

export const defaultSubmissionRateLimit: SubmissionRateLimit = { perIp: 20, windowMs: 10 * 60 * 1000 };

export interface PublicSubmissionRouteOptions {
  db: Database;
  rateLimit?: SubmissionRateLimit;
}

export const tooManySubmissionsMessage = (seconds: number) =>
  `Too many submissions. Please try again in ${Math.ceil(seconds / 60)} minute(s).`;

/**
 * The marketing and support forms visitors send without an account, and the super admin's lists
 * of what they sent. Each stored submission queues an outbox notice in its transaction.
 */
export async function publicSubmissionRoutes(
  base: FastifyInstance,
  { db, rateLimit = defaultSubmissionRateLimit }: PublicSubmissionRouteOptions,
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const limitPerIp = (form: string) => perIpLimit(db, rateLimit, form);

  app.post(
    '/api/early-access',
    {
      config: { access: 'public' },
      onRequest: limitPerIp('early-access'),
      schema: { body: earlyAccessSchema },
    },
    async (request, reply) => {
      const result = await submitEarlyAccess({ db, input: request.body });
      if (result.alreadyRegistered) return reply.status(200).send({ success: true, alreadyRegistered: true });
      return reply.status(201).send({ success: true, id: result.id });
    },
  );

  app.post(
    '/api/demo-request',
    {
      config: { access: 'public' },
      onRequest: limitPerIp('demo-request'),
      schema: { body: demoRequestSchema },
    },
    async (request, reply) => {
      const { id } = await submitDemoRequest({ db, input: request.body });
      return reply.status(201).send({ success: true, id });
    },
  );

  app.post(
    '/api/support-submission',
    {
      config: { access: 'public' },
      onRequest: limitPerIp('support-submission'),
      schema: { body: supportSubmissionSchema },
    },
    async (request, reply) => {
      const { id } = await submitSupportSubmission({ db, input: request.body });
      return reply.status(201).send({ success: true, id });
    },
  );

  app.get('/api/early-access', { config: { access: 'superAdmin' } }, async () => ({
    items: await listEarlyAccessSignups({ db }),
  }));

  app.get('/api/demo-requests', { config: { access: 'superAdmin' } }, async () => ({
    items: await listDemoRequests({ db }),
  }));

  app.get('/api/support-submissions', { config: { access: 'superAdmin' } }, async () => ({
    items: await listSupportSubmissions({ db }),
  }));

  app.get(
    '/api/support-submissions/:id/image',
    { config: { access: 'superAdmin' }, schema: { params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      const image = isUuid(request.params.id)
        ? await getSupportSubmissionImage({ db, id: request.params.id })
        : null;
      if (!image) throw notFound('Image not found');
      return reply
        .type(image.contentType)
        .header('Content-Disposition', 'inline')
        .header('Cache-Control', 'private, max-age=3600')
        .send(image.bytes);
    },
  );
}

/**
 * Counts every attempt per IP address and form (valid or not) before the body is read, so the
 * forms cannot be used to flood the tables; over the limit answers 429 with Retry-After. The
 * counters live in the database, shared by parallel requests and every app instance.
 */
function perIpLimit(db: Database, rateLimit: SubmissionRateLimit, form: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await reserveAttemptsOrRefuse(
      db,
      reply,
      rateLimit.windowMs,
      [{ scope: `submission:${form}:ip`, subject: request.ip, limit: rateLimit.perIp }],
      tooManySubmissionsMessage,
    );
  };
}
