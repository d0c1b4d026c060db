import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import {
  type AnalyticsCounters,
  createAnalyticsCounters,
} from '../features/tenant-analytics/analytics-counters';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's tenant analytics counters (flushed every minute and on close). */
    tenantAnalytics: AnalyticsCounters;
  }
}

export const analyticsFlushIntervalMs = 60_000;

/**
 * Counts every answered /api/* request of a signed-in user or API key towards its organization's
 * day (features/tenant-analytics/analytics-counters.ts says what counts). Registered after the
 * sessions, so `request.auth` is known; costs a map lookup and a few additions per request.
 */
export function registerTenantAnalytics(
  app: FastifyInstance,
  { db, flushIntervalMs = analyticsFlushIntervalMs }: { db: Database; flushIntervalMs?: number },
) {
  const counters = createAnalyticsCounters(db);
  app.decorate('tenantAnalytics', counters);

  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    // A super admin's support visit is not the organization's own activity.
    if (!auth || auth.supportAccess || !request.url.startsWith('/api/')) return;
    counters.recordAnswer({
      organizationId: auth.organization.id,
      userId: auth.apiKeyId ? null : auth.user.id,
      viaApiKey: auth.apiKeyId !== undefined,
      statusCode: reply.statusCode,
      responseTimeMs: reply.elapsedTime,
    });
  });

  // Sign-ins are counted where every session starts (password, registration, a linked account),
  // so no sign-in route has to remember to.
  const start = app.sessions.start.bind(app.sessions);
  app.sessions.start = async (...args) => {
    const auth = await start(...args);
    if (!auth.supportAccess) counters.recordSignIn(auth.organization.id, auth.user.id);
    return auth;
  };

  const flushQuietly = () =>
    counters
      .flush()
      .catch((err) => app.log.warn({ err }, 'tenant analytics flush failed; kept for the next'));
  const timer = setInterval(flushQuietly, flushIntervalMs);
  timer.unref();
  // preClose, not onClose: onClose hooks run last-registered first, so main.ts's database close
  // (registered after this) would come before the last flush. A request still running when the
  // app closes is not counted: the cost of never writing to a closed database.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await flushQuietly();
  });
}
