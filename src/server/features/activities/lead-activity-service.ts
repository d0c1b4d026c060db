import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { CreateLeadActivityInput, UpdateLeadActivityInput } from '../../../common/validation/activities';
import { leadActivities, leads } from '../../db/schema/crm';
import { notFound } from '../../lib/app-error';
import { type KeysetSpec, paginate } from '../../lib/keyset-pagination';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { withAttachedFiles } from '../files/lock-attached-files';
import { assertReferences, inOrganization, queryFilter, rowInOrganization } from '../../lib/tenant-scope';
import {
  activityChanges,
  newActivityColumns,
  activityFilters,
  activityListQuerySchema,
  activitySortable,
  recordLastContact,
  assertLeadsReadable,
} from './activity-rules';
import { activityNotFoundMessage, leadActivityFields, presentLeadActivity } from './present-activity';

export const leadNotFoundMessage = 'Lead not found';

/** GET /api/lead-activities: `?leadId=`, plus type, status, dueBefore, overdue. */
export const listLeadActivitiesQuerySchema = activityListQuerySchema.extend({
  leadId: queryFilter(z.guid({ error: 'Invalid lead ID' })),
});

export type ListLeadActivitiesQuery = z.infer<typeof listLeadActivitiesQuerySchema>;

export const leadActivityListSpec: KeysetSpec = {
  sortable: activitySortable(leadActivities),
  defaultSort: '-createdAt',
  id: leadActivities.id,
};

export async function listLeadActivities(ctx: ServiceContext, query: ListLeadActivitiesQuery) {
  assertLeadsReadable(ctx);
  const where = inOrganization(
    leadActivities,
    ctx.orgId,
    query.leadId ? eq(leadActivities.leadId, query.leadId) : undefined,
    ...activityFilters(leadActivities, query),
  );
  return paginate(
    {
      db: ctx.db,
      from: leadActivities,
      fields: leadActivityFields,
      where,
      spec: leadActivityListSpec,
      query,
    },
    presentLeadActivity,
  );
}

async function findLeadActivity(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(activityNotFoundMessage);
  const [row] = await ctx.db
    .select(leadActivityFields)
    .from(leadActivities)
    .where(rowInOrganization(leadActivities, ctx.orgId, id))
    .limit(1);
  if (!row) throw notFound(activityNotFoundMessage);
  return row;
}

export async function getLeadActivity(ctx: ServiceContext, id: string) {
  assertLeadsReadable(ctx);
  return presentLeadActivity(await findLeadActivity(ctx, id));
}

/** POST /api/lead-activities: on a lead of the caller's organization, by the caller. */
export async function createLeadActivity(ctx: ServiceContext, input: CreateLeadActivityInput) {
  assertLeadsReadable(ctx);
  await assertReferences(ctx.db, ctx.orgId, [
    { table: leads, id: input.leadId, message: leadNotFoundMessage },
  ]);
  const row = await withAttachedFiles(ctx, input.attachments, async (tx) => {
    const [inserted] = await tx
      .insert(leadActivities)
      .values({
        organizationId: ctx.orgId,
        leadId: input.leadId,
        ...newActivityColumns(input, ctx.actor.id),
      })
      .returning(leadActivityFields);
    await recordLastContact(tx, ctx.orgId, inserted);
    return inserted;
  });
  return presentLeadActivity(row);
}

/** PATCH /api/lead-activities/:id: `{status: 'completed'}` records completedAt; pending clears it. */
export async function updateLeadActivity(ctx: ServiceContext, id: string, input: UpdateLeadActivityInput) {
  assertLeadsReadable(ctx);
  const current = await findLeadActivity(ctx, id);
  await assertReferences(ctx.db, ctx.orgId, [
    { table: leads, id: input.leadId, message: leadNotFoundMessage },
  ]);
  const row = await withAttachedFiles(ctx, input.attachments, async (tx) => {
    const [updated] = await tx
      .update(leadActivities)
      .set(activityChanges(input, current))
      .where(rowInOrganization(leadActivities, ctx.orgId, id))
      .returning(leadActivityFields);
    await recordLastContact(tx, ctx.orgId, updated);
    return updated;
  });
  return presentLeadActivity(row);
}

export async function deleteLeadActivity(ctx: ServiceContext, id: string) {
  assertLeadsReadable(ctx);
  if (!isUuid(id)) throw notFound(activityNotFoundMessage);
  const deleted = await ctx.db
    .delete(leadActivities)
    .where(rowInOrganization(leadActivities, ctx.orgId, id))
    .returning({ id: leadActivities.id });
  if (deleted.length === 0) throw notFound(activityNotFoundMessage);
}
