import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { ImportEntityType } from '../../../common/validation/imports';
import { importMessages } from '../../../common/validation/imports';
import { importJobs } from '../../db/schema/integrations';
import { notFound } from '../../lib/app-error';
import { type ListQuery, paginate } from '../../lib/keyset-pagination';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { visibleImportTypes } from './import-access';
import { presentImportJob } from './present-import-job';

/** GET /api/import-jobs: newest first (keyset), filtered by status, record type or integration. */
export async function listImportJobs(
  ctx: ServiceContext,
  query: Pick<ListQuery, 'limit' | 'cursor' | 'sort'> & {
    status?: string;
    entityType?: ImportEntityType;
    integrationId?: string;
  },
) {
  const where = and(
    eq(importJobs.organizationId, ctx.orgId),
    inArray(importJobs.entityType, visibleImportTypes(ctx)),
    query.status ? eq(importJobs.status, query.status as never) : undefined,
    query.entityType ? eq(importJobs.entityType, query.entityType) : undefined,
    query.integrationId ? eq(importJobs.integrationId, query.integrationId) : undefined,
  );
  return paginate(
    {
      db: ctx.db,
      from: importJobs,
      fields: getTableColumns(importJobs),
      where,
      spec: { sortable: { createdAt: importJobs.createdAt }, defaultSort: '-createdAt', id: importJobs.id },
      query: { limit: query.limit, cursor: query.cursor, sort: query.sort },
    },
    (row) => presentImportJob(row as typeof importJobs.$inferSelect),
  );
}

/** One import of the caller's organization (a record type the caller may see), or 404. */
export async function findImportJob(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(importMessages.notFound);
  const [job] = await ctx.db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.organizationId, ctx.orgId), eq(importJobs.id, id)));
  if (!job || !visibleImportTypes(ctx).includes(job.entityType)) throw notFound(importMessages.notFound);
  return job;
}

export async function getImportJob(ctx: ServiceContext, id: string) {
  return presentImportJob(await findImportJob(ctx, id));
}
