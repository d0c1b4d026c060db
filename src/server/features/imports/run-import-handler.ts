import { and, eq, inArray, sql } from 'drizzle-orm';
import { importJobs } from '../../db/schema/integrations';
import type { OutboxDeadLetterHook, OutboxHandler } from '../../jobs/outbox-handler';
import { runImportJob } from './run-import-job';

/** As the outbox worker's lease (not imported from it: the worker imports this handler). */
const defaultLeaseMs = 5 * 60_000;

/**
 * The `import.run` outbox job (payload `{ importJobId }`). A database error mid-way throws, so
 * the outbox retries and the run resumes after the last committed batch; a worker that died is
 * re-claimed after its lease (extended after every batch) and resumes the same way.
 */
export const runImportHandler: OutboxHandler = async (job, context) => {
  const importJobId = typeof job.payload.importJobId === 'string' ? job.payload.importJobId : '';
  if (!job.organizationId || !importJobId) {
    context.log.warn({ outboxId: job.id }, 'import.run job without organization or import id: dropped');
    return undefined;
  }
  await runImportJob(
    { db: context.db, files: context.files, outboxJobId: job.id, leaseMs: defaultLeaseMs },
    job.organizationId,
    importJobId,
  );
  return undefined;
};

/** After the last try (the database kept failing), the import is marked failed with the reason. */
export const runImportDeadLettered: OutboxDeadLetterHook = async (job, message, context) => {
  const importJobId = typeof job.payload.importJobId === 'string' ? job.payload.importJobId : '';
  if (!job.organizationId || !importJobId) return;
  await context.db
    .update(importJobs)
    .set({
      status: 'failed',
      completedAt: new Date(),
      updatedAt: new Date(),
      errorLogs: sql`coalesce(${importJobs.errorLogs}, '{}'::jsonb) || ${JSON.stringify({ message: message.slice(0, 500) })}::jsonb`,
    })
    .where(
      and(
        eq(importJobs.organizationId, job.organizationId),
        eq(importJobs.id, importJobId),
        inArray(importJobs.status, ['pending', 'running']),
      ),
    );
};
