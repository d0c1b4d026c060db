import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { CreateActivityInput, UpdateActivityInput } from '../../../common/validation/activities';
import { activities, clients, deals } from '../../db/schema/crm';
import { invalidField, notFound } from '../../lib/app-error';
import { type KeysetSpec, paginate } from '../../lib/keyset-pagination';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { withAttachedFiles } from '../files/lock-attached-files';
import { assertReferences, inOrganization, queryFilter, rowInOrganization } from '../../lib/tenant-scope';
import {
  activityFilters,
  activityListQuerySchema,
  activitySortable,
  activityChanges,
  newActivityColumns,
  eitherClientOrDealMessage,
  recordLastContact,
  readableActivities,
} from './activity-rules';
import { activityFields, activityNotFoundMessage, presentActivity } from './present-activity';

export const clientNotFoundMessage = 'Client not found';
export const dealNotFoundMessage = 'Deal not found';

/** GET /api/activities: `?clientId=` or `?dealId=`, plus type, status, dueBefore, overdue. */
export const listActivitiesQuerySchema = activityListQuerySchema.extend({
  clientId: queryFilter(z.guid({ error: 'Invalid client ID' })),
  dealId: queryFilter(z.guid({ error: 'Invalid deal ID' })),
});

export type ListActivitiesQuery = z.infer<typeof listActivitiesQuerySchema>;

export const activityListSpec: KeysetSpec = {
  sortable: activitySortable(activities),
  defaultSort: '-createdAt',
  id: activities.id,
};

export async function listActivities(ctx: ServiceContext, query: ListActivitiesQuery) {
  const where = inOrganization(
    activities,
    ctx.orgId,
    query.clientId ? eq(activities.clientId, query.clientId) : undefined,
    query.dealId ? eq(activities.dealId, query.dealId) : undefined,
    ...activityFilters(activities, query),
    ...readableActivities(ctx),
  );
  return paginate(
    { db: ctx.db, from: activities, fields: activityFields, where, spec: activityListSpec, query },
    presentActivity,
  );
}

async function findActivity(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(activityNotFoundMessage);
  const [row] = await ctx.db
    .select(activityFields)
    .from(activities)
    .where(and(rowInOrganization(activities, ctx.orgId, id), ...readableActivities(ctx)))
    .limit(1);
  if (!row) throw notFound(activityNotFoundMessage);
  return row;
}

export async function getActivity(ctx: ServiceContext, id: string) {
  return presentActivity(await findActivity(ctx, id));
}

function references(input: { clientId?: string | null; dealId?: string | null }) {
  return [
    { table: clients, id: input.clientId, message: clientNotFoundMessage },
    { table: deals, id: input.dealId, message: dealNotFoundMessage },
  ];
}

/** POST /api/activities: on a client or deal of the caller's organization, by the caller. */
export async function createActivity(ctx: ServiceContext, input: CreateActivityInput) {
  await assertReferences(ctx.db, ctx.orgId, references(input));
  const row = await withAttachedFiles(ctx, input.attachments, async (tx) => {
    const [inserted] = await tx
      .insert(activities)
      .values({
        organizationId: ctx.orgId,
        clientId: input.clientId ?? null,
        dealId: input.dealId ?? null,
        ...newActivityColumns(input, ctx.actor.id),
      })
      .returning(activityFields);
    await recordLastContact(tx, ctx.orgId, inserted);
    return inserted;
  });
  return presentActivity(row);
}

/** PATCH /api/activities/:id: `{status: 'completed'}` records completedAt; pending clears it. */
export async function updateActivity(ctx: ServiceContext, id: string, input: UpdateActivityInput) {
  const current = await findActivity(ctx, id);
  await assertReferences(ctx.db, ctx.orgId, references(input));
  const clientId = input.clientId === undefined ? current.clientId : input.clientId;
  const dealId = input.dealId === undefined ? current.dealId : input.dealId;
  if (!clientId && !dealId) {
    throw invalidField('clientId', eitherClientOrDealMessage);
  }
  const row = await withAttachedFiles(ctx, input.attachments, async (tx) => {
    const [updated] = await tx
      .update(activities)
      .set(activityChanges(input, current))
      .where(rowInOrganization(activities, ctx.orgId, id))
      .returning(activityFields);
    await recordLastContact(tx, ctx.orgId, updated);
    return updated;
  });
  return presentActivity(row);
}

export async function deleteActivity(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(activityNotFoundMessage);
  const deleted = await ctx.db
    .delete(activities)
    .where(and(rowInOrganization(activities, ctx.orgId, id), ...readableActivities(ctx)))
    .returning({ id: activities.id });
  if (deleted.length === 0) throw notFound(activityNotFoundMessage);
}
