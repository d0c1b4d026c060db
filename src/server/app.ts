import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServerConfig } from './config';
import type { DatabaseHandle } from './db';
import { type AuthRateLimits, authRoutes, defaultAuthRateLimits } from './features/auth/routes';
import { healthRoutes } from './features/health/routes';
import { registerAccessGuard } from './plugins/access-guard';
import { registerClientApp } from './plugins/client-app';
import { registerErrorHandler } from './plugins/error-handler';
import { declareRouteAccess, type RegisteredRoute } from './plugins/route-access';
import { registerSameOriginCheck } from './plugins/same-origin';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSessions } from './plugins/session';

export interface AppOptions {
  database: DatabaseHandle;
  config: Pick<ServerConfig, 'clientDir' | 'superAdminEmails' | 'production'> & { trustProxy?: boolean };
  logger?: FastifyServerOptions['logger'];
  rateLimits?: Partial<AuthRateLimits>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route with its declared access, for the route-permission test and table. */
    routeTable: RegisteredRoute[];
  }
}

export async function buildApp({ database, config, logger = false, rateLimits }: AppOptions) {
  const db = database.db;
  const app = Fastify({
    logger,
    // Only behind a proxy that overwrites X-Forwarded-For; otherwise clients could fake their IP.
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  declareRouteAccess(app, routeTable);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, config.production);
  registerSameOriginCheck(app);
  await registerSessions(app, { db, superAdminEmails: config.superAdminEmails, secureCookies: config.production });
  registerAccessGuard(app);

  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { db, rateLimits: { ...defaultAuthRateLimits, ...rateLimits } });
  await app.register((await import('./features/users/routes')).userRoutes, { db });
  await app.register((await import('./features/teams/routes')).teamRoutes, { db });
  await app.register((await import('./features/organizations/routes')).organizationRoutes, { db });
  await app.register((await import('./features/releases/routes')).releaseRoutes, { db });
  await app.register((await import('./features/feedback/routes')).feedbackRoutes, { db });
  await app.register((await import('./features/public-submissions/routes')).publicSubmissionRoutes, { db });
  await app.register((await import('./features/leads/routes')).leadRoutes, { db });
  await app.register((await import('./features/clients/routes')).clientRoutes, { db });
  await app.register((await import('./features/companies/routes')).companyRoutes, { db });
  await app.register((await import('./features/deals/routes')).dealRoutes, { db });
  await app.register((await import('./features/activities/routes')).activityRoutes, { db });
  await app.register((await import('./features/lists/routes')).listRoutes, { db });
  await app.register((await import('./features/tags/routes')).tagRoutes, { db });
  await app.register((await import('./features/custom-fields/routes')).customFieldRoutes, { db });
  await app.register((await import('./features/surplus/routes')).surplusRoutes, { db });
  await app.register((await import('./features/pipeline-board/routes')).pipelineBoardRoutes, { db });
  await app.register((await import('./features/dashboard/routes')).dashboardRoutes, { db });
  await app.register((await import('./features/search/routes')).searchRoutes, { db });
  await registerClientApp(app, config.clientDir);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
