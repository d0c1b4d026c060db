import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  defaultApiKeyRateLimit,
  defaultSessionCacheMs,
  defaultWebhookTimeoutMs,
  type MailOAuthConfig,
  type ServerConfig,
} from './config';
import type { DatabaseHandle } from './db';
import { createHeadAsGetServer } from './lib/head-as-get-server';
import { type AuthRateLimits, authRoutes, defaultAuthRateLimits } from './features/auth/routes';
import { healthRoutes } from './features/health/routes';
import { registerAccessGuard } from './plugins/access-guard';
import { registerClientApp } from './plugins/client-app';
import { registerErrorHandler } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { registerMaintenanceMode } from './plugins/maintenance-mode';
import { declareRouteAccess, type RegisteredRoute } from './plugins/route-access';
import { registerSameOriginCheck } from './plugins/same-origin';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSessions } from './plugins/session';
import { registerTenantAnalytics } from './plugins/tenant-analytics';
import { userRoutes } from './features/users/routes';
import { teamRoutes } from './features/teams/routes';
import { organizationRoutes } from './features/organizations/routes';
import { releaseRoutes } from './features/releases/routes';
import { feedbackRoutes } from './features/feedback/routes';
import { publicSubmissionRoutes } from './features/public-submissions/routes';
import { leadRoutes } from './features/leads/routes';
import { entityDefinitionRoutes } from './features/objects/definition-routes';
import { entityRecordRoutes } from './features/objects/record-routes';
import { clientRoutes } from './features/clients/routes';
import { companyRoutes } from './features/companies/routes';
import { dealRoutes } from './features/deals/routes';
import { activityRoutes } from './features/activities/routes';
import { listRoutes } from './features/lists/routes';
import { tagRoutes } from './features/tags/routes';
import { customFieldRoutes } from './features/custom-fields/routes';
import { surplusRoutes } from './features/surplus/routes';
import { pipelineBoardRoutes } from './features/pipeline-board/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { searchRoutes } from './features/search/routes';
import { sampleDataRoutes } from './features/sample-data/routes';
import { fileRoutes } from './features/files/routes';
import { scheduleAttemptPurge } from './lib/attempt-limit';
import type { FileStore } from './lib/file-store';
import { preferenceRoutes } from './features/preferences/routes';
import { savedViewRoutes } from './features/saved-views/routes';
import { auditRoutes } from './features/audit/routes';
import { seedPermissionCatalogue } from './features/permissions/permission-catalogue';
import { permissionRoutes } from './features/permissions/routes';
import { entityTemplateRoutes } from './features/objects/template-routes';
import { entityRecordImportRoutes } from './features/objects/import-routes';
import { createSecretBox, type SecretBox } from './lib/secret-box';
import { emailAccountRoutes } from './features/email-accounts/routes';
import type { OutboxContext } from './jobs/outbox-handler';
import { emailSettingsRoutes } from './features/email-settings/routes';
import { emailThreadRoutes } from './features/email-threads/routes';
import { accountLinkRoutes } from './features/auth/account-link-routes';
import { emailTemplateRoutes } from './features/email-templates/routes';
import { documentTemplateRoutes } from './features/document-templates/routes';
import { emailSignatureRoutes } from './features/email-signatures/routes';
import { emailTrackingRoutes } from './features/email-tracking/routes';
import { documentInstanceRoutes } from './features/document-instances/routes';
import { signatureFieldRoutes } from './features/signature-fields/routes';
import { signatureRequestRoutes } from './features/signing/routes';
import { signingSessionRoutes } from './features/signing-session/routes';
import { ensurePlatformAuthority } from './features/certificates/platform-authority';
import { certificateRoutes } from './features/certificates/routes';
import { sealingRoutes } from './features/sealing/routes';
import { sealVerificationRoutes } from './features/seal-verification/routes';
import { registerOpenApi } from './features/openapi/register-openapi';
import { jsonSerializerCompiler } from './features/openapi/json-serializer';
import { apiKeysRoutes } from './features/api-keys/routes';
import { integrationsRoutes } from './features/integrations/routes';
import { webhooksRoutes } from './features/webhooks/routes';
import { importsRoutes } from './features/imports/routes';
import { platformOrganizationRoutes } from './features/platform-organizations/routes';
import { systemConfigRoutes } from './features/system-config/routes';
import { platformHealthRoutes } from './features/platform-health/routes';
import { platformAuditRoutes } from './features/platform-audit/routes';
import { tenantAnalyticsRoutes } from './features/tenant-analytics/routes';
import { serviceRequestRoutes } from './features/service-requests/routes';
import { submissionAdminRoutes } from './features/public-submissions/submission-admin-routes';
import { announcementRoutes } from './features/announcements/routes';
import { supportAccessRoutes } from './features/support-access/routes';
import { registerSupportAccessAudit } from './features/support-access/record-support-request';

export interface AppOptions {
  database: DatabaseHandle;
  /** Where uploaded files are kept (a folder under DATA_DIR; S3 could take its place). */
  files: FileStore;
  /**
   * Seals secrets kept in the database (mail passwords, tokens, queued links). main.ts passes the
   * persistent key; without one (benches, one-off tests) a random key lives as long as the app.
   */
  secrets?: SecretBox;
  config: Pick<ServerConfig, 'clientDir' | 'superAdminEmails' | 'production'> &
    Partial<
      Pick<
        ServerConfig,
        | 'trustProxy'
        | 'sessionCacheMs'
        | 'apiKeyRateLimit'
        | 'bulkBatchSize'
        | 'smtpUrl'
        | 'smtpFrom'
        | 'appUrl'
        | 'mailOAuth'
        | 'signingCaPkcs12'
        | 'signingTsaUrl'
        | 'webhookAllowPrivateTargets'
        | 'webhookTimeoutMs'
        | 'webhookDisableAfterMs'
      >
    >;
  logger?: FastifyServerOptions['logger'];
  rateLimits?: Partial<AuthRateLimits>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route with its declared access, for the route-permission test and table. */
    routeTable: RegisteredRoute[];
    /** What outbox handlers run with: main.ts starts the worker with it, tests drain with it. */
    outboxContext: OutboxContext;
  }
}

export async function buildApp({
  database,
  files,
  secrets = createSecretBox(randomBytes(32)),
  config,
  logger = false,
  rateLimits,
}: AppOptions) {
  const db = database.db;
  // The permission catalogue follows the permission model of this build (idempotent).
  await seedPermissionCatalogue(db);
  // Sealing needs the platform CA: made (or imported) now, so a bad SIGNING_CA_P12_FILE stops the start.
  await ensurePlatformAuthority(db, secrets, config.signingCaPkcs12);
  const app = Fastify({
    logger,
    // Only behind a proxy that overwrites X-Forwarded-For; otherwise clients could fake their IP.
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // Closing ends idle keep-alive connections at once (main.ts closes those answered later).
    forceCloseConnections: 'idle',
    exposeHeadRoutes: false,
    serverFactory: createHeadAsGetServer,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document; they do not re-check what the presenters already shaped.
  app.setSerializerCompiler(jsonSerializerCompiler);

  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  declareRouteAccess(app, routeTable);
  registerErrorHandler(app);
  registerInputGuard(app);
  registerSecurityHeaders(app, config.production);
  registerSameOriginCheck(app);
  await registerSessions(app, {
    db,
    superAdminEmails: config.superAdminEmails,
    secureCookies: config.production,
    cacheMs: config.sessionCacheMs ?? defaultSessionCacheMs,
    apiKeyRateLimit: config.apiKeyRateLimit ?? defaultApiKeyRateLimit,
  });
  // Per-organization request counters (issue 20 §5): needs the session's organization.
  registerTenantAnalytics(app, { db });
  // After the sessions hook: a super admin's own requests pass while everyone else's wait.
  registerMaintenanceMode(app, { db, production: config.production });
  registerAccessGuard(app);
  registerSupportAccessAudit(app, db);
  await registerOpenApi(app, config.clientDir);

  await app.register(healthRoutes, { database });
  scheduleAttemptPurge(app, db);
  await app.register(authRoutes, { db, rateLimits: { ...defaultAuthRateLimits, ...rateLimits } });
  // Feature routes: each file declares its routes' access; order does not matter.
  const featureOptions: FeatureOptions = {
    db,
    files,
    secrets,
    bulkBatchSize: config.bulkBatchSize,
    appUrl: config.appUrl ?? 'http://localhost:3000',
    smtpUrl: config.smtpUrl,
    mailOAuth: config.mailOAuth ?? {},
    smtpFrom: config.smtpFrom,
    signingTsaUrl: config.signingTsaUrl,
    databaseDriver: database.driver,
    superAdminEmails: config.superAdminEmails,
  };
  app.decorate('outboxContext', {
    db,
    files,
    secrets,
    smtpUrl: config.smtpUrl,
    smtpFrom: config.smtpFrom,
    appUrl: featureOptions.appUrl,
    superAdminEmails: config.superAdminEmails,
    signingTsaUrl: config.signingTsaUrl,
    webhookAllowPrivateTargets: config.webhookAllowPrivateTargets ?? false,
    webhookTimeoutMs: config.webhookTimeoutMs ?? defaultWebhookTimeoutMs,
    webhookDisableAfterMs: config.webhookDisableAfterMs,
    log: app.log,
  } satisfies OutboxContext);
  // Typed as taking every feature option: each plugin reads the ones it needs.
  const featureRoutes: FastifyPluginAsync<FeatureOptions>[] = [
    userRoutes,
    teamRoutes,
    organizationRoutes,
    releaseRoutes,
    feedbackRoutes,
    publicSubmissionRoutes,
    leadRoutes,
    clientRoutes,
    companyRoutes,
    dealRoutes,
    activityRoutes,
    listRoutes,
    tagRoutes,
    customFieldRoutes,
    surplusRoutes,
    pipelineBoardRoutes,
    dashboardRoutes,
    searchRoutes,
    sampleDataRoutes,
    preferenceRoutes,
    savedViewRoutes,
    auditRoutes,
    permissionRoutes,
    entityDefinitionRoutes,
    entityRecordRoutes,
    entityTemplateRoutes,
    entityRecordImportRoutes,
    emailThreadRoutes,
    emailAccountRoutes,
    emailSettingsRoutes,
    accountLinkRoutes,
    emailTemplateRoutes,
    emailSignatureRoutes,
    documentTemplateRoutes,
    emailTrackingRoutes,
    documentInstanceRoutes,
    signatureFieldRoutes,
    signatureRequestRoutes,
    signingSessionRoutes,
    certificateRoutes,
    sealingRoutes,
    sealVerificationRoutes,
    apiKeysRoutes,
    integrationsRoutes,
    webhooksRoutes,
    importsRoutes,
    // The platform (issue 20): /api/super-admin/* for super admins, plus what members see of it.
    platformOrganizationRoutes,
    systemConfigRoutes,
    platformHealthRoutes,
    platformAuditRoutes,
    tenantAnalyticsRoutes,
    serviceRequestRoutes,
    submissionAdminRoutes,
    announcementRoutes,
    supportAccessRoutes,
  ];
  for (const routes of featureRoutes) {
    await app.register(routes, featureOptions);
  }
  await app.register(fileRoutes, { db, files });
  await registerClientApp(app, config.clientDir);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** What every feature's routes are registered with. */
export interface FeatureOptions {
  db: DatabaseHandle['db'];
  files: FileStore;
  secrets: SecretBox;
  bulkBatchSize?: number;
  appUrl: string;
  smtpUrl?: string;
  /** OAuth2 clients for Gmail and Outlook mailboxes (none configured: `{}`). */
  mailOAuth?: MailOAuthConfig;
  /** SMTP_FROM: the platform's sender address. */
  smtpFrom?: string;
  /** SIGNING_TSA_URL (issue 18): sealing timestamps with it when set. */
  signingTsaUrl?: string;
  /** Which database runs (the platform health screen says so). */
  databaseDriver?: DatabaseHandle['driver'];
  /** SUPER_ADMIN_EMAILS: super admins by e-mail, beside users flagged isSuperAdmin. */
  superAdminEmails: readonly string[];
}
