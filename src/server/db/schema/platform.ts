import {
  bigint,
  primaryKey,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { signingAuthoritySources } from '../../../common/allowed-values';
import { idColumn, timestamps } from './columns';
import { atLeast, between, oneOf } from './checks';
import {
  AUDIT_RETENTION_MAX_DAYS,
  AUDIT_RETENTION_MIN_DAYS,
  deploymentEnvironments,
  deploymentStatuses,
  serviceRequestCategories,
  serviceRequestPriorities,
  serviceRequestStatuses,
  systemUpdateCategories,
  systemUpdateIconTypes,
  systemUpdatePriorities,
} from '../../../common/validation/platform-values';
import { organizations, tenantId, userRef, users } from './identity';

/** Platform rows that may concern one organization or all of them (null). */
const optionalOrganizationId = () =>
  uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid').primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    // Lets "sign out everywhere" and user deletion end the user's sessions.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Beyond the spec (issue 18): the platform's own certificate authority, which issues every
 * organization's sealing certificate. Created on first start, or imported from a PKCS#12 file
 * (SIGNING_CA_P12_FILE); the private key sealed with SECRET_KEY. One is active at a time.
 */
export const platformSigningAuthorities = pgTable(
  'platform_signing_authorities',
  {
    id: idColumn(),
    subject: text('subject').notNull(),
    serialNumber: text('serial_number').notNull().unique(),
    certificatePem: text('certificate_pem').notNull(),
    encryptedPrivateKey: text('encrypted_private_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    source: text('source', { enum: signingAuthoritySources }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('platform_signing_authorities_one_active_idx').on(t.isActive).where(sql`${t.isActive}`),
    oneOf(t.source, signingAuthoritySources),
  ],
);

export const deployments = pgTable(
  'deployments',
  {
    id: idColumn(),
    version: text('version').notNull(),
    releaseType: text('release_type'),
    deployedAt: timestamp('deployed_at', { withTimezone: true }).notNull().defaultNow(),
    deployedBy: text('deployed_by'),
    commitHash: text('commit_hash'),
    commitMessage: text('commit_message'),
    releaseNotes: text('release_notes'),
    environment: text('environment').notNull().default('production'),
    status: text('status').notNull().default('success'),
    ...timestamps(),
  },
  (t) => [
    index('deployments_deployed_at_idx').on(t.deployedAt),
    oneOf(t.environment, deploymentEnvironments),
    oneOf(t.status, deploymentStatuses),
  ],
);

export const systemUpdates = pgTable(
  'system_updates',
  {
    id: idColumn(),
    organizationId: optionalOrganizationId(),
    userId: userRef('user_id'),
    updateType: text('update_type'),
    category: text('category'),
    title: text('title').notNull(),
    description: text('description'),
    actionUrl: text('action_url'),
    iconType: text('icon_type').notNull().default('info'),
    priority: text('priority').notNull().default('normal'),
    isRead: boolean('is_read').notNull().default(false),
    metadata: jsonb('metadata'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Beyond the spec: the super admin who posted it (null for releases recorded by script). */
    createdBy: userRef('created_by'),
    ...timestamps(),
  },
  (t) => [
    index('system_updates_org_user_idx').on(t.organizationId, t.userId, t.isRead),
    index('system_updates_created_at_idx').on(t.createdAt),
    oneOf(t.priority, systemUpdatePriorities),
    oneOf(t.iconType, systemUpdateIconTypes),
    oneOf(t.category, systemUpdateCategories),
  ],
);

/**
 * Beyond the spec: who has read which announcement. `system_updates.isRead` can only speak for a
 * row addressed to one user; one posted to everyone or to an organization is read per user here.
 */
export const systemUpdateReads = pgTable(
  'system_update_reads',
  {
    updateId: uuid('update_id')
      .notNull()
      .references(() => systemUpdates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.updateId] })],
);

/** One row: platform-wide settings. */
export const systemConfig = pgTable(
  'system_config',
  {
    id: idColumn(),
    maintenanceMode: boolean('maintenance_mode').notNull().default(false),
    allowRegistrations: boolean('allow_registrations').notNull().default(true),
    maxOrganizations: integer('max_organizations').notNull().default(1000),
    maxUsersPerOrg: integer('max_users_per_org').notNull().default(100),
    emailNotifications: boolean('email_notifications').notNull().default(false),
    auditRetentionDays: integer('audit_retention_days').notNull().default(90),
    ...timestamps(),
  },
  (t) => [
    atLeast(t.maxOrganizations, 1),
    atLeast(t.maxUsersPerOrg, 1),
    between(t.auditRetentionDays, AUDIT_RETENTION_MIN_DAYS, AUDIT_RETENTION_MAX_DAYS),
  ],
);

export const tenantAnalytics = pgTable(
  'tenant_analytics',
  {
    id: idColumn(),
    organizationId: tenantId(),
    date: date('date').notNull(),
    activeUsers: integer('active_users').notNull().default(0),
    totalLogins: integer('total_logins').notNull().default(0),
    apiCalls: integer('api_calls').notNull().default(0),
    // Bytes: can pass 2 GiB, so bigint.
    dataUsage: bigint('data_usage', { mode: 'number' }).notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** Milliseconds: responseTimeTotalMs / requestCount, kept by the same additive upsert. */
    avgResponseTime: integer('avg_response_time'),
    /** Beyond the spec: the sums behind the average, so flushes from several instances add up. */
    requestCount: integer('request_count').notNull().default(0),
    responseTimeTotalMs: bigint('response_time_total_ms', { mode: 'number' }).notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('tenant_analytics_org_date_idx').on(t.organizationId, t.date)],
);

/**
 * Beyond the spec: who was active on a day, so `tenant_analytics.activeUsers` counts each user
 * once however many instances saw them.
 */
export const tenantActiveUsers = pgTable(
  'tenant_active_users',
  {
    organizationId: tenantId(),
    date: date('date').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.date, t.userId] })],
);

export const systemAuditLogs = pgTable(
  'system_audit_logs',
  {
    id: idColumn(),
    organizationId: optionalOrganizationId(),
    userId: userRef('user_id'),
    action: text('action').notNull(),
    resource: text('resource'),
    resourceId: text('resource_id'),
    details: jsonb('details'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    riskLevel: text('risk_level').notNull().default('low'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [
    index('system_audit_logs_org_timestamp_idx').on(t.organizationId, t.timestamp),
    index('system_audit_logs_org_user_timestamp_idx').on(t.organizationId, t.userId, t.timestamp),
    // The retention purge deletes by age across organizations.
    index('system_audit_logs_timestamp_idx').on(t.timestamp),
  ],
);

/*
 * Beyond the spec: sign-in attempt counters, in the database so that several app instances share
 * them, and reserved (incremented) before a password is checked so parallel guesses cannot all
 * pass the limit. One row per limited key (an e-mail or an IP), its window starting at the first
 * attempt.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [index('sign_in_attempts_window_idx').on(t.windowStartedAt)],
);

export const serviceRequests = pgTable(
  'service_requests',
  {
    id: idColumn(),
    organizationId: tenantId(),
    userId: userRef('user_id'),
    subject: text('subject').notNull(),
    description: text('description'),
    priority: text('priority').notNull().default('medium'),
    status: text('status').notNull().default('open'),
    category: text('category'),
    assignedTo: userRef('assigned_to'),
    resolution: text('resolution'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('service_requests_org_status_idx').on(t.organizationId, t.status),
    // The super admins' queue across organizations, newest first.
    index('service_requests_status_created_idx').on(t.status, t.createdAt),
    oneOf(t.status, serviceRequestStatuses),
    oneOf(t.priority, serviceRequestPriorities),
    oneOf(t.category, serviceRequestCategories),
  ],
);

/**
 * Beyond the spec (issue 20 §9): a super admin's read-only visit to an organization as one of its
 * users, for at most SUPPORT_ACCESS_MINUTES. The visit's session carries this row's id.
 */
export const supportAccessSessions = pgTable(
  'support_access_sessions',
  {
    id: idColumn(),
    organizationId: tenantId(),
    /** The user whose view is borrowed. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    superAdminId: uuid('super_admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('support_access_sessions_org_started_idx').on(t.organizationId, t.startedAt),
    index('support_access_sessions_super_admin_idx').on(t.superAdminId, t.startedAt),
  ],
);

const outboxStatuses = ['pending', 'processing', 'done', 'failed'] as const;

/**
 * Side effects written in the same transaction as the change; a worker claims due rows
 * with FOR UPDATE SKIP LOCKED across all organizations, hence the (status, run_at) index.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: idColumn(),
    organizationId: optionalOrganizationId(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status', { enum: outboxStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    ...timestamps(),
  },
  (t) => [index('outbox_status_run_at_idx').on(t.status, t.runAt), oneOf(t.status, outboxStatuses)],
);
