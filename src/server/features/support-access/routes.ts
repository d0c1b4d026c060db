import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { startSupportAccessSchema } from '../../../common/validation/support-access';
import type { FeatureOptions } from '../../app';
import { conflict } from '../../lib/app-error';
import { requestClientOf } from '../../lib/service-context';
import { destroySession } from '../auth/session-store';
import { closeAbandonedSupportAccess, closeSupportAccess } from './close-support-access';
import {
  getCurrentSupportAccess,
  listSupportAccess,
  listSupportAccessQuerySchema,
  listSupportAccessUsers,
  listSupportAccessUsersQuerySchema,
} from './list-support-access';
import { planSupportAccess, recordSupportAccessStart } from './start-support-access';

export const noSupportAccessMessage = 'This session is not a support access visit';

/** How often visits nobody ended (expired, signed out) are recorded as ended. */
const sweepEveryMs = 60 * 1000;

/**
 * Support access (issue 20): a super admin opens an organization read-only as one of its users
 * for 30 minutes. The visit is a session of that user carrying the visit's id (plugins/session.ts
 * loads it, plugins/access-guard.ts refuses its writes, record-support-request.ts logs its calls).
 */
export const supportAccessRoutes: FastifyPluginAsync<FeatureOptions> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/super-admin/support-access',
    { config: { access: 'superAdmin' }, schema: { body: startSupportAccessSchema } },
    async (request, reply) => {
      const auth = request.auth!;
      const plan = await planSupportAccess(db, { id: auth.user.id, sessionId: auth.sessionId }, request.body);
      const client = requestClientOf(request);
      // The browser now holds the visit's session; the super admin's own waits for its end.
      await app.sessions.start(
        reply,
        plan.target,
        (tx) => recordSupportAccessStart(tx, plan, auth.user, request.body.reason, client),
        plan.extras,
      );
      return reply.status(201).send({
        id: plan.id,
        organization: { id: plan.target.organizationId, name: plan.organizationName },
        user: { id: plan.target.id, email: plan.target.email, name: plan.target.name },
        reason: request.body.reason,
        expiresAt: plan.expiresAt,
      });
    },
  );

  app.get(
    '/api/super-admin/support-access',
    { config: { access: 'superAdmin' }, schema: { querystring: listSupportAccessQuerySchema } },
    async (request) => listSupportAccess(db, request.query),
  );

  app.get(
    '/api/super-admin/support-access/users',
    { config: { access: 'superAdmin' }, schema: { querystring: listSupportAccessUsersQuerySchema } },
    async (request) => listSupportAccessUsers(db, request.auth!.user.id, request.query),
  );

  app.get('/api/support-access/current', { config: { access: 'authenticated' } }, async (request) =>
    getCurrentSupportAccess(db, request.auth!),
  );

  app.post(
    '/api/support-access/end',
    { config: { access: 'authenticated', duringSupportAccess: true } },
    async (request, reply) => {
      const auth = request.auth!;
      const visit = auth.supportAccess;
      if (!visit) throw conflict(noSupportAccessMessage);
      const client = requestClientOf(request);
      const restored = await app.sessions.resume(reply, visit.returnSessionId ?? '', async (tx) => {
        await destroySession(tx, auth.sessionId);
        await closeSupportAccess(tx, visit.id, 'by_super_admin', client);
      });
      return { ended: true, restored };
    },
  );

  const sweep = () =>
    closeAbandonedSupportAccess(db).catch((err) => app.log.warn({ err }, 'support access sweep failed'));
  const timer = setInterval(sweep, sweepEveryMs);
  timer.unref();
  app.addHook('onReady', async () => {
    await sweep();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};
