import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  type CreateImportJobInput,
  type ImportEntityType,
  type ImportOptions,
  importMessages,
} from '../../../common/validation/imports';
import type { Database } from '../../db';
import { files } from '../../db/schema/files';
import { importJobs } from '../../db/schema/integrations';
import { invalidField, invalidFields } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import { enqueueOutbox, outboxKinds } from '../../lib/outbox';
import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { loadFieldDefinitions } from '../custom-fields/validate-custom-fields';
import { assertMay } from './import-access';
import { customFieldEntityOf, importTargetsOf, suggestMapping } from './import-targets';
import { columnNamesOf, decodeStream } from './read-import-source';
import type { StoredImportOptions } from './run-import-job';
import { presentImportJob } from './present-import-job';
import { uploadFactsOf } from './upload-import-file';

/** The header of a stored CSV: its first record, read from the start of the file only. */
async function headerOf(
  store: FileStore,
  orgId: string,
  fileId: string,
  encoding: 'utf-8' | 'windows-1252',
  delimiter: string,
) {
  const stream = await store.open(orgId, fileId);
  if (!stream) return null;
  let text = '';
  const decoded = stream.pipe(decodeStream(encoding));
  for await (const chunk of decoded) {
    text += chunk as string;
    // A header is rarely longer than a few KB; 1,000 long column names fit in 1 MB.
    if (text.length > 1024 * 1024 || /\n/.test(text.replace(/"[^"]*"/g, ''))) break;
  }
  stream.destroy();
  const parsed = Papa.parse<string[]>(text, { delimiter, preview: 1 });
  return parsed.data[0] ? columnNamesOf(parsed.data[0]) : null;
}

export interface NewImportJob {
  name: string;
  entityType: ImportEntityType;
  sourceType: 'csv' | 'api';
  fileId: string;
  columns: string[];
  totalRecords: number;
  fieldMappings: Record<string, string> | undefined;
  options: ImportOptions;
  encoding?: 'utf-8' | 'windows-1252';
  delimiter?: string;
  integrationId?: string;
  createdBy: string | null;
}

/** Checks the mapping against the columns and the entity's fields (one error per bad entry). */
export async function checkedMapping(
  db: Database,
  orgId: string,
  job: Pick<NewImportJob, 'entityType' | 'columns' | 'fieldMappings' | 'options'>,
) {
  const definitions = await loadFieldDefinitions({ db, orgId }, customFieldEntityOf[job.entityType]);
  const mapping = job.fieldMappings ?? suggestMapping(job.entityType, job.columns, definitions);
  const targets = new Set(importTargetsOf(job.entityType, definitions).map((target) => target.key));
  const errors: { path: string; message: string }[] = [];
  for (const [column, target] of Object.entries(mapping)) {
    if (!job.columns.includes(column))
      errors.push({ path: `fieldMappings.${column}`, message: 'Unknown column' });
    else if (target !== '' && !targets.has(target))
      errors.push({ path: `fieldMappings.${column}`, message: importMessages.unknownField });
  }
  const idColumn = job.options.externalIdColumn;
  if (idColumn && !job.columns.includes(idColumn))
    errors.push({ path: 'options.externalIdColumn', message: 'Unknown column' });
  if (errors.length > 0) throw invalidFields(errors);
  return Object.fromEntries(Object.entries(mapping).filter(([, target]) => target !== ''));
}

/** Writes the job and its `import.run` outbox job in the caller's transaction; answers the row. */
export async function insertImportJob(
  tx: Database,
  orgId: string,
  job: NewImportJob & { fieldMappings: Record<string, string> },
) {
  const options: StoredImportOptions = {
    ...job.options,
    encoding: job.encoding,
    delimiter: job.delimiter,
    columns: job.columns,
    externalIdSource: job.integrationId
      ? `integration:${job.integrationId}`
      : job.options.externalIdColumn
        ? `column:${job.options.externalIdColumn}`
        : undefined,
  };
  const [row] = await tx
    .insert(importJobs)
    .values({
      organizationId: orgId,
      integrationId: job.integrationId ?? null,
      name: job.name,
      entityType: job.entityType,
      sourceType: job.sourceType,
      status: 'pending',
      totalRecords: job.totalRecords,
      fieldMappings: job.fieldMappings,
      filePath: job.fileId,
      options,
      createdBy: job.createdBy,
    })
    .returning();
  await enqueueOutbox(tx as never, {
    kind: outboxKinds.runImport,
    organizationId: orgId,
    payload: { importJobId: row.id },
  });
  return row;
}

/** Stores inline rows (sourceType api, a JSON feed) as a JSON file the job reads like an upload. */
export async function storeJsonRows(
  db: Database,
  store: FileStore,
  orgId: string,
  createdBy: string | null,
  rows: unknown[],
) {
  const id = randomUUID();
  const bytes = Buffer.from(JSON.stringify(rows), 'utf8');
  await store.put(orgId, id, bytes);
  await db.insert(files).values({
    organizationId: orgId,
    id,
    name: 'import-rows.json',
    contentType: 'application/json',
    size: Math.max(1, bytes.length),
    createdBy,
  });
  return id;
}

/**
 * POST /api/import-jobs: creates and starts an import (entity create permission, and update when
 * duplicates update existing records). CSV imports name an earlier upload; API imports carry
 * their rows. The work runs in the background (`import.run`); answers the pending job (201).
 */
export async function createImportJob(ctx: ServiceContext, store: FileStore, input: CreateImportJobInput) {
  assertMay(ctx, input.entityType, 'create', ...(input.options.duplicates === 'update' ? ['update'] : []));
  let job: NewImportJob;
  if (input.sourceType === 'csv') {
    const [file] = await ctx.db
      .select({ contentType: files.contentType })
      .from(files)
      .where(and(eq(files.organizationId, ctx.orgId), eq(files.id, input.uploadId as string)));
    const facts = file ? uploadFactsOf(file.contentType) : null;
    const columns = facts
      ? await headerOf(store, ctx.orgId, input.uploadId as string, facts.encoding, facts.delimiter)
      : null;
    if (!facts || !columns) throw invalidField('uploadId', importMessages.uploadNotFound);
    job = {
      name: input.name,
      entityType: input.entityType,
      sourceType: 'csv',
      fileId: input.uploadId as string,
      columns,
      totalRecords: facts.rows,
      fieldMappings: input.fieldMappings,
      options: input.options,
      encoding: facts.encoding,
      delimiter: facts.delimiter,
      createdBy: ctx.actor.id,
    };
  } else {
    const rows = input.rows ?? [];
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    job = {
      name: input.name,
      entityType: input.entityType,
      sourceType: 'api',
      fileId: '',
      columns,
      totalRecords: rows.length,
      fieldMappings: input.fieldMappings,
      options: input.options,
      createdBy: ctx.actor.id,
    };
  }
  const fieldMappings = await checkedMapping(ctx.db, ctx.orgId, job);
  if (input.sourceType === 'api')
    job.fileId = await storeJsonRows(ctx.db, store, ctx.orgId, ctx.actor.id, input.rows ?? []);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertImportJob(tx as unknown as Database, ctx.orgId, { ...job, fieldMappings });
    await recordAuditEvent(tx as unknown as Database, ctx, {
      action: 'import.started',
      resource: 'import_jobs',
      resourceId: created.id,
      details: { name: created.name, entityType: created.entityType, sourceType: created.sourceType },
    });
    return created;
  });
  return presentImportJob(row);
}
