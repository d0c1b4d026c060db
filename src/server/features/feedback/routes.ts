import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feedbackSchema } from '../../../common/validation/feedback';
import type { Database } from '../../db';
import { contextOf } from '../../lib/service-context';
import { listFeedback } from './list-feedback';
import { submitFeedback } from './submit-feedback';

export interface FeedbackRouteOptions {
  db: Database;
}

/** The feedback button of the shell (product spec §2, §5) and the super admin's reading list. */
export async function feedbackRoutes(base: FastifyInstance, { db }: FeedbackRouteOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/feedback',
    { config: { access: 'authenticated' }, schema: { body: feedbackSchema } },
    async (request, reply) => {
      const userAgent = request.body.userAgent ?? request.headers['user-agent'] ?? null;
      const { id } = await submitFeedback(contextOf(request, db), { ...request.body, userAgent });
      return reply.status(201).send({ success: true, id });
    },
  );

  app.get('/api/feedback', { config: { access: 'superAdmin' } }, async () => ({
    items: await listFeedback({ db }),
  }));
}
