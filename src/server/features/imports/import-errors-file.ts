import { PassThrough } from 'node:stream';
import { importMessages } from '../../../common/validation/imports';
import { notFound } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import type { ServiceContext } from '../../lib/service-context';
import { assertMay } from './import-access';
import { csvLine } from './import-cells';
import { readErrorLogs } from './import-error-logs';
import { findImportJob } from './list-import-jobs';
import type { StoredImportOptions } from './run-import-job';

/**
 * GET /api/import-jobs/:id/errors.csv: every failed row as the file had it, with its row number
 * first and the reason last (cells starting = + - @ are quoted so spreadsheets keep them text).
 * Streamed from the per-batch parts the job stored. Needs the record type's read permission
 * (the rows are records' data).
 */
export async function openImportErrorsFile(ctx: ServiceContext, store: FileStore, id: string) {
  const job = await findImportJob(ctx, id);
  assertMay(ctx, job.entityType, 'read');
  const logs = readErrorLogs(job.errorLogs);
  if (logs.files.length === 0) throw notFound(importMessages.noErrors);
  const columns = ((job.options ?? {}) as StoredImportOptions).columns ?? [];
  const out = new PassThrough();
  (async () => {
    out.write(`\uFEFF${csvLine(['Row', ...columns, 'Reason'])}`);
    for (const fileId of logs.files) {
      const part = await store.open(ctx.orgId, fileId);
      if (!part) continue;
      for await (const chunk of part) if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
    }
    out.end();
  })().catch((error: Error) => out.destroy(error));
  return { name: `${job.name.replace(/[^\w .-]+/g, '_')} - failed rows.csv`, stream: out };
}
