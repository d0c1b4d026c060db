import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { checkCustomFields } from '../../../common/validation/field-values';
import {
  type ImportEntityType,
  type ImportOptions,
  importStoredErrorsMax,
} from '../../../common/validation/imports';
import type { Database } from '../../db';
import { files } from '../../db/schema/files';
import { users } from '../../db/schema/identity';
import { importExternalIds, importJobRecords, importJobs } from '../../db/schema/integrations';
import { stages } from '../../db/schema/lists';
import { outbox } from '../../db/schema/platform';
import type { FileStore } from '../../lib/file-store';
import { catalogueTags } from '../../lib/tag-catalogue';
import type { Transaction } from '../../lib/transaction';
import { loadFieldDefinitions } from '../custom-fields/validate-custom-fields';
import { prepareDealCustomFields } from '../surplus/deal-surplus';
import { dealValueToStore } from '../surplus/deal-value';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event';
import { compileMapping, convertImportRow, type ImportLookups } from './convert-import-row';
import { csvLine } from './import-cells';
import { importEntities } from './import-entities';
import { insertRowsAsJson } from './insert-rows-as-json';
import { type ImportErrorLogs, readErrorLogs } from './import-error-logs';
import { customFieldEntityOf } from './import-targets';
import { columnNamesOf, csvRows, type ImportEncoding, objectRows, objectsOfJson } from './read-import-source';

/** Rows per batch: one transaction, one multi-row insert (~17 columns × 1,000 rows stays far under 65,535 parameters). */
export const defaultImportBatchSize = 1000;

export interface ImportRunContext {
  db: Database;
  files: FileStore;
  batchSize?: number;
  /** The outbox job running the import: its lease is extended after each batch (a long import is not re-claimed). */
  outboxJobId?: string;
  leaseMs?: number;
  /** Tests: stop (as a crash would) after this many committed batches. */
  stopAfterBatches?: number;
}

export type ImportRunOutcome = 'completed' | 'cancelled' | 'failed' | 'skipped' | 'stopped';

/** What the job stores about its source beyond the user's options (set at creation). */
export interface StoredImportOptions extends ImportOptions {
  encoding?: ImportEncoding;
  delimiter?: string;
  /** The import_external_ids source: a polling integration's, or the id column's own. */
  externalIdSource?: string;
  /** The file's header, for the errors file. */
  columns?: string[];
}

type JobRow = typeof importJobs.$inferSelect;

class CancelledAtBoundary extends Error {}
class LostOwnership extends Error {}

async function lookupsOf(db: Database, orgId: string, entityType: ImportEntityType): Promise<ImportLookups> {
  const [owners, stageRows, definitions] = await Promise.all([
    db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.organizationId, orgId), eq(users.status, 'active'))),
    entityType === 'deals'
      ? db.select({ name: stages.name }).from(stages).where(eq(stages.organizationId, orgId))
      : Promise.resolve([]),
    loadFieldDefinitions({ db, orgId }, customFieldEntityOf[entityType]),
  ]);
  return {
    ownersByEmail: new Map(owners.map((owner) => [owner.email.toLowerCase(), owner.id])),
    stagesByName: new Map(stageRows.map((stage) => [stage.name.toLowerCase(), stage.name])),
    definitions,
  };
}

async function openSource(context: ImportRunContext, job: JobRow, options: StoredImportOptions) {
  if (!job.filePath) throw new Error('The import has no file');
  const stream: Readable | null = await context.files.open(job.organizationId, job.filePath);
  if (!stream) throw new Error('The uploaded file is gone');
  if (job.sourceType === 'api' || options.delimiter === 'json') {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return objectRows(objectsOfJson(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
  }
  return csvRows(stream, { encoding: options.encoding ?? 'utf-8', delimiter: options.delimiter ?? '' });
}

interface BatchRow {
  rowNumber: number;
  cells: string[];
}

/**
 * Runs (or resumes) an import: rows after `processedRecords` are read in batches, each written in
 * one transaction with the job's counters, so a crash loses at most the batch under way and a
 * re-run continues after the last committed one, never writing a row twice. A cancel is seen at
 * the next batch. Answers how the run ended.
 */
export async function runImportJob(
  context: ImportRunContext,
  orgId: string,
  jobId: string,
): Promise<ImportRunOutcome> {
  const { db } = context;
  const [job] = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.organizationId, orgId), eq(importJobs.id, jobId)));
  if (!job || (job.status !== 'pending' && job.status !== 'running')) return 'skipped';
  if (job.cancelRequestedAt) {
    await finish(db, job, 'cancelled');
    return 'cancelled';
  }
  await db
    .update(importJobs)
    .set({ status: 'running', startedAt: job.startedAt ?? new Date(), updatedAt: new Date() })
    .where(eq(importJobs.id, job.id));
  const options = (job.options ?? {}) as StoredImportOptions;
  const entityType = job.entityType as ImportEntityType;
  const lookups = await lookupsOf(db, orgId, entityType);
  let rows: AsyncGenerator<string[]>;
  try {
    rows = await openSource(context, job, options);
  } catch (error) {
    await finish(db, job, 'failed', (error as Error).message);
    return 'failed';
  }
  const batchSize = context.batchSize ?? defaultImportBatchSize;
  let header: string[] | null = null;
  let compiled: ReturnType<typeof compileMapping> | null = null;
  let seen = 0;
  let processed = job.processedRecords;
  let batches = 0;
  let batch: BatchRow[] = [];
  const flush = async () => {
    if (!header || !compiled) return;
    await writeBatch(context, job, options, lookups, header, compiled, batch, processed);
    processed += batch.length;
    batch = [];
    batches += 1;
    // PGlite answers in this thread: let other requests (progress polls, cancel) in between batches.
    await new Promise((resolve) => setImmediate(resolve));
  };
  try {
    for await (const row of rows) {
      if (!header) {
        header = columnNamesOf(row);
        compiled = compileMapping(
          entityType,
          header,
          (job.fieldMappings ?? {}) as Record<string, string>,
          lookups.definitions,
          options.matchBy === 'externalId' ? options.externalIdColumn : undefined,
        );
        continue;
      }
      seen += 1;
      // Resuming: rows up to the last committed batch are done.
      if (seen <= processed) continue;
      batch.push({ rowNumber: seen, cells: row });
      if (batch.length >= batchSize) {
        await flush();
        if (context.stopAfterBatches !== undefined && batches >= context.stopAfterBatches) {
          await rows.return(undefined);
          return 'stopped';
        }
      }
    }
    if (batch.length > 0) await flush();
  } catch (error) {
    if (error instanceof CancelledAtBoundary) return 'cancelled';
    if (error instanceof LostOwnership) return 'skipped';
    if ((error as { statusCode?: number }).statusCode === 400) {
      // An unreadable file (too many columns, no header): the job fails with the reason.
      await finish(db, job, 'failed', (error as Error).message);
      return 'failed';
    }
    throw error;
  }
  if (!header) {
    await finish(db, job, 'failed', 'The file has no header row');
    return 'failed';
  }
  await finish(db, job, 'completed');
  return 'completed';
}

/** Ends the job (completed, cancelled or failed) and, for a finished import, tells webhooks. */
async function finish(
  db: Database,
  job: JobRow,
  status: 'completed' | 'cancelled' | 'failed',
  message?: string,
) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(importJobs)
      .set({
        status,
        completedAt: new Date(),
        updatedAt: new Date(),
        ...(status === 'completed' ? { totalRecords: sql`${importJobs.processedRecords}` } : {}),
        ...(message
          ? {
              errorLogs: sql`coalesce(${importJobs.errorLogs}, '{}'::jsonb) || ${JSON.stringify({ message })}::jsonb`,
            }
          : {}),
      })
      .where(and(eq(importJobs.id, job.id), inArray(importJobs.status, ['pending', 'running'])))
      .returning();
    if (!row) return;
    await emitWebhookEvent(tx, job.organizationId, 'import.completed', {
      id: row.id,
      name: row.name,
      entityType: row.entityType,
      status: row.status,
      integrationId: row.integrationId,
      totalRecords: row.totalRecords,
      processedRecords: row.processedRecords,
      successfulRecords: row.successfulRecords,
      failedRecords: row.failedRecords,
    });
  });
}

interface Candidate {
  rowNumber: number;
  input: Record<string, unknown>;
  provided: string[];
  matchKey: string | null;
  externalId: string | null;
}

/** The columns an update sets: the row's provided fields (blank cells leave stored values alone). */
function updateSetOf(
  entityType: ImportEntityType,
  orgId: string,
  candidate: Candidate,
  stored: Record<string, unknown>,
) {
  const values = importEntities[entityType].valuesOf(orgId, candidate.input);
  const set: Record<string, unknown> = {};
  for (const key of candidate.provided) if (key in values) set[key] = values[key];
  if (Object.keys(candidate.input.customFields as object).length > 0)
    set.customFields = { ...(stored.customFields as object), ...(candidate.input.customFields as object) };
  if (entityType === 'deals' && 'stage' in set) delete set.closedAt;
  return set;
}

async function writeBatch(
  context: ImportRunContext,
  job: JobRow,
  options: StoredImportOptions,
  lookups: ImportLookups,
  header: string[],
  compiled: ReturnType<typeof compileMapping>,
  batch: BatchRow[],
  processedBefore: number,
) {
  const orgId = job.organizationId;
  const entityType = job.entityType as ImportEntityType;
  const entity = importEntities[entityType];
  const table = entity.table;
  await context.db.transaction(async (tx) => {
    // The job's row, locked: a cancel, or another runner having moved on, is seen here.
    const [current] = await tx
      .select({
        processed: importJobs.processedRecords,
        status: importJobs.status,
        cancel: importJobs.cancelRequestedAt,
        errorLogs: importJobs.errorLogs,
      })
      .from(importJobs)
      .where(eq(importJobs.id, job.id))
      .for('update');
    if (!current || current.status !== 'running' || current.processed !== processedBefore)
      throw new LostOwnership();
    if (current.cancel) {
      await tx
        .update(importJobs)
        .set({ status: 'cancelled', completedAt: new Date(), updatedAt: new Date() })
        .where(eq(importJobs.id, job.id));
      throw new CancelledAtBoundary();
    }
    const failed: { rowNumber: number; cells: string[]; reason: string }[] = [];
    const candidates: Candidate[] = [];
    const serviceCtx = { db: tx as unknown as Database, orgId };
    for (const row of batch) {
      const converted = convertImportRow(entityType, compiled, row.cells, lookups);
      if (!converted.ok) {
        failed.push({ ...row, reason: converted.reason });
        continue;
      }
      const custom =
        entityType === 'deals'
          ? await prepareDealCustomFields(serviceCtx, converted.customValues)
          : checkCustomFields(lookups.definitions, converted.customValues);
      if (custom.errors.length > 0) {
        failed.push({ ...row, reason: custom.errors.map((error) => error.message).join('; ') });
        continue;
      }
      const input: Record<string, unknown> = { ...converted.input, customFields: custom.values };
      if (entityType === 'deals')
        input.dealValue = await dealValueToStore(serviceCtx, {
          sent: input.dealValue as number | null | undefined,
          customFields: custom.values,
        });
      const externalId =
        compiled.externalIdIndex !== null ? (row.cells[compiled.externalIdIndex] ?? '').trim() || null : null;
      const matchKey =
        options.matchBy === 'externalId' ? externalId : entity.matchKey(options.matchBy).fromInput(input);
      if (entityType === 'companies' && Object.keys(custom.values).length === 0) input.customFields = {};
      candidates.push({
        rowNumber: row.rowNumber,
        input,
        provided: converted.provided,
        matchKey,
        externalId,
      });
    }

    // Existing records matching the batch's keys (one query), then earlier rows of this batch.
    const existing = new Map<string, string>();
    const keys = [...new Set(candidates.map((c) => c.matchKey).filter((k): k is string => !!k))];
    if (keys.length > 0 && options.duplicates !== 'create') {
      if (options.matchBy === 'externalId') {
        const found = await tx
          .select({ key: importExternalIds.externalId, id: importExternalIds.entityId })
          .from(importExternalIds)
          .innerJoin(table, and(eq(table.id, importExternalIds.entityId), eq(table.organizationId, orgId)))
          .where(
            and(
              eq(importExternalIds.organizationId, orgId),
              eq(importExternalIds.source, options.externalIdSource ?? ''),
              eq(importExternalIds.entityType, entityType),
              inArray(importExternalIds.externalId, keys),
            ),
          );
        for (const row of found) existing.set(row.key, row.id);
      } else {
        const { column } = entity.matchKey(options.matchBy);
        const found = (await tx.execute(
          sql`select ${table.id} as id, ${column} as key from ${table} where ${table.organizationId} = ${orgId} and ${column} in ${keys}`,
        )) as unknown as { rows: { id: string; key: string }[] };
        for (const row of found.rows) if (!existing.has(row.key)) existing.set(row.key, row.id);
      }
    }
    const toInsert: Candidate[] = [];
    const toUpdate: { candidate: Candidate; id: string | Candidate }[] = [];
    const batchKeys = new Map<string, Candidate>();
    let skipped = 0;
    for (const candidate of candidates) {
      const key = options.duplicates === 'create' ? null : candidate.matchKey;
      const match = key ? (existing.get(key) ?? batchKeys.get(key)) : undefined;
      if (match === undefined) {
        toInsert.push(candidate);
        if (key) batchKeys.set(key, candidate);
      } else if (options.duplicates === 'skip') skipped += 1;
      else toUpdate.push({ candidate, id: match });
    }

    const createdIds = new Map<Candidate, string>();
    if (toInsert.length > 0) {
      const values = toInsert.map((c) => {
        const id = randomUUID();
        createdIds.set(c, id);
        return { id, ...entity.valuesOf(orgId, c.input) };
      });
      if (!(await insertRowsAsJson(tx as unknown as Database, table, values)))
        await tx.insert(table).values(values as never);
      await insertRowsAsJson(
        tx as unknown as Database,
        importJobRecords,
        toInsert.map((c) => ({
          id: randomUUID(),
          organizationId: orgId,
          importJobId: job.id,
          entityType,
          entityId: createdIds.get(c) as string,
          action: 'created',
          rowNumber: c.rowNumber,
        })),
      );
    }
    let updated = 0;
    if (toUpdate.length > 0) {
      const ids = toUpdate.map(({ id }) => (typeof id === 'string' ? id : (createdIds.get(id) as string)));
      const storedRows = await tx
        .select()
        .from(table as never)
        .where(and(eq((table as typeof entity.table).organizationId, orgId), inArray(table.id, ids)));
      const storedById = new Map(
        storedRows.map((row) => [(row as { id: string }).id, row as Record<string, unknown>]),
      );
      for (const [index, { candidate }] of toUpdate.entries()) {
        const id = ids[index];
        const stored = storedById.get(id);
        if (!stored) continue;
        const set = updateSetOf(entityType, orgId, candidate, stored);
        if (Object.keys(set).length === 0) continue;
        const previous: Record<string, unknown> = {};
        for (const key of Object.keys(set)) previous[key] = stored[key];
        await tx
          .update(table)
          .set({ ...set, updatedAt: new Date() } as never)
          .where(and(eq(table.organizationId, orgId), eq(table.id, id)));
        Object.assign(stored, set);
        // A record this import created is undone by deleting it: no "updated" entry needed.
        if (typeof toUpdate[index].id === 'string')
          await tx.insert(importJobRecords).values({
            organizationId: orgId,
            importJobId: job.id,
            entityType,
            entityId: id,
            action: 'updated',
            previous,
            rowNumber: candidate.rowNumber,
          });
        createdIds.set(candidate, id);
        updated += 1;
      }
    }
    // Outside ids: which record each row's id names now, so a re-run updates instead of duplicating.
    if (options.externalIdSource) {
      const pairs = new Map<string, string>();
      for (const [candidate, id] of createdIds) if (candidate.externalId) pairs.set(candidate.externalId, id);
      if (pairs.size > 0)
        await tx
          .insert(importExternalIds)
          .values(
            [...pairs].map(([externalId, entityId]) => ({
              organizationId: orgId,
              source: options.externalIdSource as string,
              entityType,
              externalId,
              entityId,
            })),
          )
          .onConflictDoUpdate({
            target: [
              importExternalIds.organizationId,
              importExternalIds.source,
              importExternalIds.entityType,
              importExternalIds.externalId,
            ],
            set: { entityId: sql`excluded.entity_id`, updatedAt: sql`now()` },
          });
    }
    const tagNames = new Set<string>();
    for (const candidate of candidates)
      for (const tag of (candidate.input[entity.tagsKey] as string[] | undefined) ?? []) tagNames.add(tag);
    if (tagNames.size > 0) await catalogueTags(tx as unknown as Database, orgId, [...tagNames]);

    // Failed rows: this batch's part of the errors file (bytes, then the row that keeps them).
    const logs = readErrorLogs(current.errorLogs);
    if (failed.length > 0) {
      const fileId = randomUUID();
      const text = failed
        .map((row) =>
          csvLine([String(row.rowNumber), ...header.map((_, i) => row.cells[i] ?? ''), row.reason]),
        )
        .join('');
      const bytes = Buffer.from(text, 'utf8');
      await context.files.put(orgId, fileId, bytes);
      await tx.insert(files).values({
        organizationId: orgId,
        id: fileId,
        name: `import-errors-${job.id}-${processedBefore}.csv`,
        contentType: 'text/csv',
        size: bytes.length,
        createdBy: job.createdBy,
      });
      logs.files.push(fileId);
      for (const row of failed) {
        if (logs.errors.length >= importStoredErrorsMax) {
          logs.truncated = true;
          break;
        }
        logs.errors.push({ row: row.rowNumber, message: row.reason });
      }
    }
    logs.created += toInsert.length;
    logs.updated += updated;
    logs.skipped += skipped;
    await tx
      .update(importJobs)
      .set({
        processedRecords: processedBefore + batch.length,
        successfulRecords: sql`${importJobs.successfulRecords} + ${toInsert.length + updated}`,
        failedRecords: sql`${importJobs.failedRecords} + ${failed.length}`,
        totalRecords: sql`greatest(${importJobs.totalRecords}, ${processedBefore + batch.length})`,
        errorLogs: logs satisfies ImportErrorLogs,
        updatedAt: new Date(),
      })
      .where(eq(importJobs.id, job.id));
    if (context.outboxJobId)
      await tx
        .update(outbox)
        .set({ runAt: sql`now() + ${`${context.leaseMs ?? 5 * 60_000} milliseconds`}::interval` })
        .where(and(eq(outbox.id, context.outboxJobId), eq(outbox.status, 'processing')));
  });
}

/** Columns of a table whose stored JSON (an undo's `previous`) must become Dates again. */
export function timestampKeysOf(table: ImportEntityType): Set<string> {
  const columns = getTableColumns(importEntities[table].table);
  return new Set(
    Object.entries(columns)
      .filter(([, column]) => column.columnType === 'PgTimestamp')
      .map(([key]) => key),
  );
}

export type { Transaction };
