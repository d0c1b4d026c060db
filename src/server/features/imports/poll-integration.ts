import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import {
  type PollingConfig,
  importFileMaxBytes,
  pollingConfigSchema,
} from '../../../common/validation/imports';
import type { Database } from '../../db';
import { files } from '../../db/schema/files';
import { importJobs, integrations } from '../../db/schema/integrations';
import type { OutboxContext, OutboxHandler } from '../../jobs/outbox-handler';
import { conflict } from '../../lib/app-error';
import { enqueueOutbox, outboxKinds } from '../../lib/outbox';
import { fetchOutbound } from '../../lib/outbound-url';
import type { ServiceContext } from '../../lib/service-context';
import { loadFieldDefinitions } from '../custom-fields/validate-custom-fields';
import { findIntegrationRow } from '../integrations/find-integration';
import { checkedMapping, insertImportJob, type NewImportJob, storeJsonRows } from './create-import-job';
import { customFieldEntityOf, suggestMapping } from './import-targets';
import { detectEncoding, objectsOfJson, previewCsv } from './read-import-source';
import { uploadContentType } from './upload-import-file';

/*
 * Scheduled imports (integration type polling): a periodic scheduler queues `integration.poll`
 * for each active polling integration whose interval has passed since its last run; the job
 * fetches the URL (the webhook SSRF rules: no private addresses unless
 * WEBHOOK_ALLOW_PRIVATE_TARGETS, no redirects, a time-out, at most 50 MB) and starts an import
 * of it with the integration's mapping, upserting by the configured external id column (the
 * import_external_ids source is the integration), so re-runs update instead of duplicating.
 * Every run is an import_jobs row with the integration's id, a failed fetch included.
 */

const lockKey = 1_900_019;

/** Queues a poll of every due polling integration; one scheduler at a time (advisory lock). Answers how many. */
export async function enqueueDuePolls(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${lockKey}) as locked`,
    )) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!locked.rows[0]?.locked) return 0;
    const interval = sql`(coalesce((${integrations.config} ->> 'intervalMinutes')::int, 1440) * interval '1 minute')`;
    // lastSync is set as the poll is queued: the next one is due an interval later, however long this one takes.
    const due = await tx
      .update(integrations)
      .set({ lastSync: sql`now()` })
      .where(
        and(
          eq(integrations.type, 'polling'),
          eq(integrations.status, 'active'),
          or(isNull(integrations.lastSync), lte(sql`${integrations.lastSync} + ${interval}`, sql`now()`)),
        ),
      )
      .returning({ id: integrations.id, organizationId: integrations.organizationId });
    for (const row of due)
      await enqueueOutbox(tx as never, {
        kind: outboxKinds.pollIntegration,
        organizationId: row.organizationId,
        payload: { integrationId: row.id },
      });
    return due.length;
  });
}

/** POST /api/integrations/:id/run (Run now): queues a poll at once; 409 for a non-polling integration. */
export async function runIntegrationNow(ctx: ServiceContext, id: string) {
  const integration = await findIntegrationRow(ctx.db, ctx.orgId, id);
  if (integration.type !== 'polling') throw conflict('Only a scheduled (polling) integration can be run');
  await ctx.db.transaction(async (tx) => {
    await tx.update(integrations).set({ lastSync: sql`now()` }).where(eq(integrations.id, integration.id));
    await enqueueOutbox(tx as never, {
      kind: outboxKinds.pollIntegration,
      organizationId: ctx.orgId,
      payload: { integrationId: integration.id },
    });
  });
  return { integrationId: integration.id, queued: true };
}

async function logFailedRun(
  db: Database,
  integration: typeof integrations.$inferSelect,
  config: Partial<PollingConfig>,
  message: string,
) {
  await db.transaction(async (tx) => {
    await tx.insert(importJobs).values({
      organizationId: integration.organizationId,
      integrationId: integration.id,
      name: integration.name,
      entityType: config.entityType ?? 'leads',
      sourceType: 'api',
      status: 'failed',
      errorLogs: { errors: [], truncated: false, files: [], created: 0, updated: 0, skipped: 0, message },
      startedAt: new Date(),
      completedAt: new Date(),
    });
    await tx
      .update(integrations)
      .set({ errorMessage: message, updatedAt: new Date() })
      .where(eq(integrations.id, integration.id));
  });
}

/** The `integration.poll` job: fetch the feed, start its import. */
export async function pollIntegration(context: OutboxContext, orgId: string, integrationId: string) {
  const { db } = context;
  const [integration] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.organizationId, orgId), eq(integrations.id, integrationId)));
  if (!integration || integration.type !== 'polling' || integration.status !== 'active') return 'skipped';
  const parsed = pollingConfigSchema.safeParse(integration.config);
  if (!parsed.success) {
    await logFailedRun(
      db,
      integration,
      {},
      `Invalid configuration: ${parsed.error.issues[0]?.message ?? ''}`,
    );
    return 'failed';
  }
  const config = parsed.data;
  let body: Buffer;
  try {
    const response = await fetchOutbound(
      config.url,
      { method: 'GET', headers: { accept: config.format === 'json' ? 'application/json' : 'text/csv' } },
      {
        allowPrivate: context.webhookAllowPrivateTargets ?? false,
        timeoutMs: context.webhookTimeoutMs ?? 10_000,
        maxBytes: importFileMaxBytes + 1,
      },
    );
    if (response.status < 200 || response.status > 299)
      throw new Error(`The feed answered HTTP ${response.status}`);
    if (response.truncated || response.body.length > importFileMaxBytes)
      throw new Error('The feed is larger than 50 MB');
    body = response.body;
  } catch (error) {
    await logFailedRun(db, integration, config, (error as Error).message);
    return 'failed';
  }
  try {
    const job = await importJobOfFeed(context, integration, config, body);
    await db.transaction(async (tx) => {
      await insertImportJob(tx as unknown as Database, orgId, job);
      await tx
        .update(integrations)
        .set({ errorMessage: null, updatedAt: new Date() })
        .where(eq(integrations.id, integration.id));
    });
    return 'started';
  } catch (error) {
    await logFailedRun(db, integration, config, (error as Error).message);
    return 'failed';
  }
}

async function importJobOfFeed(
  context: OutboxContext,
  integration: typeof integrations.$inferSelect,
  config: PollingConfig,
  body: Buffer,
) {
  const { db, files: store } = context;
  const orgId = integration.organizationId;
  const base = {
    name: integration.name,
    entityType: config.entityType,
    integrationId: integration.id,
    createdBy: null,
    fieldMappings: undefined,
    options: {
      duplicates: 'update' as const,
      matchBy: 'externalId' as const,
      externalIdColumn: config.externalIdColumn,
    },
  };
  let job: NewImportJob;
  if (config.format === 'json') {
    const rows = objectsOfJson(JSON.parse(body.toString('utf8')));
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    const fileId = await storeJsonRows(db, store, orgId, null, rows);
    job = { ...base, sourceType: 'api', fileId, columns, totalRecords: rows.length };
  } else {
    const encoding = detectEncoding(body);
    const preview = previewCsv(new TextDecoder(encoding).decode(body));
    const fileId = randomUUID();
    await store.put(orgId, fileId, body);
    await db.insert(files).values({
      organizationId: orgId,
      id: fileId,
      name: `${integration.name.slice(0, 200)}.csv`,
      contentType: uploadContentType({ encoding, delimiter: preview.delimiter, rows: preview.total }),
      size: Math.max(1, body.length),
      createdBy: null,
    });
    job = {
      ...base,
      sourceType: 'csv',
      fileId,
      columns: preview.columns,
      totalRecords: preview.total,
      encoding,
      delimiter: preview.delimiter,
    };
  }
  const saved = integration.fieldMappings as Record<string, string> | null;
  const mapping =
    saved && Object.keys(saved).length > 0
      ? saved
      : suggestMapping(
          config.entityType,
          job.columns,
          await loadFieldDefinitions({ db, orgId }, customFieldEntityOf[config.entityType]),
        );
  // Columns the feed no longer has are dropped from the saved mapping rather than failing every run.
  const present = Object.fromEntries(
    Object.entries(mapping).filter(([column]) => job.columns.includes(column)),
  );
  const fieldMappings = await checkedMapping(db, orgId, { ...job, fieldMappings: present });
  return { ...job, fieldMappings };
}

export const pollIntegrationHandler: OutboxHandler = async (job, context) => {
  const integrationId = typeof job.payload.integrationId === 'string' ? job.payload.integrationId : '';
  if (!job.organizationId || !integrationId) return undefined;
  await pollIntegration(context, job.organizationId, integrationId);
  return undefined;
};
