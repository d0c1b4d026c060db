import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  apiKeyPermissions,
  importJobStatuses,
  importRecordActions,
  importSourceTypes,
  integrationEntityTypes,
  integrationStatuses,
  integrationTypes,
  webhookMethods,
} from '../../../common/allowed-values';
import { idColumn, timestamps } from './columns';
import { oneOf } from './checks';
import { tenantId, userRef } from './identity';

export const integrations = pgTable(
  'integrations',
  {
    id: idColumn(),
    organizationId: tenantId(),
    name: text('name').notNull(),
    type: text('type', { enum: integrationTypes }).notNull(),
    status: text('status', { enum: integrationStatuses }).notNull().default('active'),
    config: jsonb('config'),
    fieldMappings: jsonb('field_mappings'),
    lastSync: timestamp('last_sync', { withTimezone: true }),
    errorMessage: text('error_message'),
    ...timestamps(),
  },
  (t) => [
    index('integrations_org_created_idx').on(t.organizationId, t.createdAt),
    oneOf(t.type, integrationTypes),
    oneOf(t.status, integrationStatuses),
  ],
);

const integrationRef = () =>
  uuid('integration_id').references(() => integrations.id, { onDelete: 'cascade' });

export const apiKeys = pgTable(
  'api_keys',
  {
    id: idColumn(),
    organizationId: tenantId(),
    integrationId: integrationRef(),
    name: text('name').notNull(),
    // Looked up before the organization is known, so unique on its own.
    keyHash: text('key_hash').notNull().unique(),
    keyPrefix: text('key_prefix').notNull(),
    permissions: text('permissions', { enum: apiKeyPermissions }).array().notNull().default(['read']),
    lastUsed: timestamp('last_used', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    status: text('status').notNull().default('active'),
    createdBy: userRef('created_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Per-key rate limit: the current window's start and the calls counted in it (one atomic update per call). */
    rateWindowStart: timestamp('rate_window_start', { withTimezone: true }),
    rateWindowCount: integer('rate_window_count').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('api_keys_org_created_idx').on(t.organizationId, t.createdAt),
    check(
      'api_keys_permissions_check',
      sql`${t.permissions} <@ array[${sql.raw(apiKeyPermissions.map((p) => `'${p}'`).join(', '))}]::text[]`,
    ),
  ],
);

export const webhookLogs = pgTable(
  'webhook_logs',
  {
    id: idColumn(),
    organizationId: tenantId(),
    integrationId: integrationRef(),
    webhookUrl: text('webhook_url').notNull(),
    method: text('method', { enum: webhookMethods }).notNull().default('POST'),
    headers: jsonb('headers'),
    payload: jsonb('payload'),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    /** Milliseconds. */
    processingTime: integer('processing_time'),
    errorMessage: text('error_message'),
    entityType: text('entity_type', { enum: integrationEntityTypes }),
    entityId: uuid('entity_id'),
    status: text('status'),
    /** The event delivered (e.g. `lead.created`), its Standard Webhooks message id, and which try this was. */
    eventType: text('event_type'),
    messageId: text('message_id'),
    attempt: integer('attempt').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    index('webhook_logs_org_created_idx').on(t.organizationId, t.createdAt),
    index('webhook_logs_org_integration_idx').on(t.organizationId, t.integrationId, t.createdAt),
    oneOf(t.method, webhookMethods),
    oneOf(t.entityType, integrationEntityTypes),
  ],
);

export const importJobs = pgTable(
  'import_jobs',
  {
    id: idColumn(),
    organizationId: tenantId(),
    integrationId: integrationRef(),
    name: text('name').notNull(),
    entityType: text('entity_type', { enum: integrationEntityTypes }).notNull(),
    sourceType: text('source_type', { enum: importSourceTypes }).notNull(),
    status: text('status', { enum: importJobStatuses }).notNull().default('pending'),
    totalRecords: integer('total_records').notNull().default(0),
    processedRecords: integer('processed_records').notNull().default(0),
    successfulRecords: integer('successful_records').notNull().default(0),
    failedRecords: integer('failed_records').notNull().default(0),
    fieldMappings: jsonb('field_mappings'),
    errorLogs: jsonb('error_logs'),
    filePath: text('file_path'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdBy: userRef('created_by'),
    /** How duplicates are handled and matched ({ duplicates: skip|update|create, matchBy, ... }). */
    options: jsonb('options'),
    /** Set by Cancel; the running job stops at its next batch. */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('import_jobs_org_created_idx').on(t.organizationId, t.createdAt),
    oneOf(t.entityType, integrationEntityTypes),
    oneOf(t.sourceType, importSourceTypes),
    oneOf(t.status, importJobStatuses),
  ],
);

/** Every record an import created or updated, with the values it replaced: what undo works from. */
export const importJobRecords = pgTable(
  'import_job_records',
  {
    id: idColumn(),
    organizationId: tenantId(),
    importJobId: uuid('import_job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    entityType: text('entity_type', { enum: integrationEntityTypes }).notNull(),
    entityId: uuid('entity_id').notNull(),
    action: text('action', { enum: importRecordActions }).notNull(),
    /** The updated record's columns before the import (null for created records). */
    previous: jsonb('previous'),
    rowNumber: integer('row_number'),
    ...timestamps(),
  },
  (t) => [
    index('import_job_records_org_job_idx').on(t.organizationId, t.importJobId),
    oneOf(t.entityType, integrationEntityTypes),
    oneOf(t.action, importRecordActions),
  ],
);

/**
 * Which record an outside id (a county list's case number, a column named as the id) was imported
 * as, per source (a polling integration or a saved mapping), so re-runs update instead of duplicating.
 */
export const importExternalIds = pgTable(
  'import_external_ids',
  {
    id: idColumn(),
    organizationId: tenantId(),
    source: text('source').notNull(),
    entityType: text('entity_type', { enum: integrationEntityTypes }).notNull(),
    externalId: text('external_id').notNull(),
    entityId: uuid('entity_id').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('import_external_ids_org_source_key').on(
      t.organizationId,
      t.source,
      t.entityType,
      t.externalId,
    ),
    oneOf(t.entityType, integrationEntityTypes),
  ],
);
