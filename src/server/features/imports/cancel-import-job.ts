import { and, eq, inArray } from 'drizzle-orm';
import { type ImportEntityType, importMessages } from '../../../common/validation/imports';
import type { Database } from '../../db';
import { importJobs } from '../../db/schema/integrations';
import { conflict } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { assertMay } from './import-access';
import { findImportJob } from './list-import-jobs';
import { presentImportJob } from './present-import-job';

/**
 * POST /api/import-jobs/:id/cancel: a pending import is cancelled at once; a running one is
 * asked to stop and does so at its next batch (every committed batch stays, and undo can
 * remove it). 409 for an import already over.
 */
export async function cancelImportJob(ctx: ServiceContext, id: string) {
  const job = await findImportJob(ctx, id);
  assertMay(ctx, job.entityType as ImportEntityType, 'create');
  const row = await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [pending] = await tx
      .update(importJobs)
      .set({ cancelRequestedAt: now, status: 'cancelled', completedAt: now, updatedAt: now })
      .where(and(eq(importJobs.id, job.id), eq(importJobs.status, 'pending')))
      .returning();
    const [changed] = pending
      ? [pending]
      : await tx
          .update(importJobs)
          .set({ cancelRequestedAt: now, updatedAt: now })
          .where(and(eq(importJobs.id, job.id), inArray(importJobs.status, ['running'])))
          .returning();
    if (!changed) throw conflict(importMessages.notRunning);
    await recordAuditEvent(tx as unknown as Database, ctx, {
      action: 'import.cancelled',
      resource: 'import_jobs',
      resourceId: job.id,
      details: { name: job.name, entityType: job.entityType },
    });
    return changed;
  });
  return presentImportJob(row);
}
