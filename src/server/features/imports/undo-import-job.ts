import { and, eq, inArray } from 'drizzle-orm';
import { type ImportEntityType, importMessages } from '../../../common/validation/imports';
import type { Database } from '../../db';
import { importExternalIds, importJobRecords, importJobs } from '../../db/schema/integrations';
import { conflict } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { assertMay } from './import-access';
import { importEntities } from './import-entities';
import { findImportJob } from './list-import-jobs';
import { presentImportJob } from './present-import-job';
import { timestampKeysOf } from './run-import-job';

const chunk = 1000;

/**
 * POST /api/import-jobs/:id/undo: deletes exactly the records the import created and puts back
 * the values it replaced in the records it updated (import_job_records), in one transaction,
 * audit-logged. Only a finished import (completed, cancelled or failed) can be undone, once.
 * Changes made to those records after the import are not checked: undo means "as before the
 * import" (docs/decisions/037). Needs the record type's delete permission (and update when the
 * import updated records).
 */
export async function undoImportJob(ctx: ServiceContext, id: string) {
  const job = await findImportJob(ctx, id);
  const entityType = job.entityType as ImportEntityType;
  if (job.status === 'undone') throw conflict(importMessages.alreadyUndone);
  if (!['completed', 'cancelled', 'failed'].includes(job.status)) throw conflict(importMessages.cannotUndo);
  const { table } = importEntities[entityType];
  const records = await ctx.db
    .select({
      entityId: importJobRecords.entityId,
      action: importJobRecords.action,
      previous: importJobRecords.previous,
    })
    .from(importJobRecords)
    .where(and(eq(importJobRecords.organizationId, ctx.orgId), eq(importJobRecords.importJobId, job.id)));
  const created = records.filter((record) => record.action === 'created').map((record) => record.entityId);
  const updated = records.filter((record) => record.action === 'updated');
  assertMay(ctx, entityType, 'delete', ...(updated.length > 0 ? ['update'] : []));
  const timestamps = timestampKeysOf(entityType);
  const row = await ctx.db.transaction(async (tx) => {
    // Claimed first: a second undo racing this one finds it undone and changes nothing.
    const [claimed] = await tx
      .update(importJobs)
      .set({ status: 'undone', undoneAt: new Date(), updatedAt: new Date() })
      .where(and(eq(importJobs.id, job.id), inArray(importJobs.status, ['completed', 'cancelled', 'failed'])))
      .returning();
    if (!claimed) throw conflict(importMessages.alreadyUndone);
    let deleted = 0;
    for (let start = 0; start < created.length; start += chunk) {
      const ids = created.slice(start, start + chunk);
      const gone = await tx
        .delete(table)
        .where(and(eq(table.organizationId, ctx.orgId), inArray(table.id, ids)))
        .returning({ id: table.id });
      deleted += gone.length;
      await tx
        .delete(importExternalIds)
        .where(
          and(eq(importExternalIds.organizationId, ctx.orgId), inArray(importExternalIds.entityId, ids)),
        );
    }
    // Latest first, so a record updated twice ends with the values from before the first update.
    let restored = 0;
    for (const record of updated.toReversed()) {
      const previous = { ...((record.previous ?? {}) as Record<string, unknown>) };
      for (const key of Object.keys(previous))
        if (timestamps.has(key) && typeof previous[key] === 'string')
          previous[key] = new Date(previous[key] as string);
      if (Object.keys(previous).length === 0) continue;
      const changed = await tx
        .update(table)
        .set({ ...previous, updatedAt: new Date() } as never)
        .where(and(eq(table.organizationId, ctx.orgId), eq(table.id, record.entityId)))
        .returning({ id: table.id });
      restored += changed.length;
    }
    await recordAuditEvent(tx as unknown as Database, ctx, {
      action: 'import.undone',
      resource: 'import_jobs',
      resourceId: job.id,
      details: { name: job.name, entityType, deleted, restored },
    });
    return claimed;
  });
  return presentImportJob(row);
}
