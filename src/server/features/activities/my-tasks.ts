import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { activities, clients, deals, leadActivities, leads } from '../../db/schema/crm';
import { actorCan, type ServiceContext } from '../../lib/service-context';
import { readableActivities } from './activity-rules';
import { inOrganization, queryFilter } from '../../lib/tenant-scope';
import { isOverdue } from './present-activity';

export const myTasksQuerySchema = z.object({
  limit: queryFilter(
    z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .transform((n) => Math.min(n, 200)),
  ),
});

export type MyTasksQuery = z.infer<typeof myTasksQuerySchema>;

export interface MyTask {
  id: string;
  /** Which list the task lives in: /api/activities or /api/lead-activities. */
  source: 'activity' | 'lead-activity';
  subject: string;
  description: string | null;
  status: string;
  dueDate: Date | null;
  overdue: boolean;
  related: { kind: 'client' | 'deal' | 'lead'; id: string; name: string };
  createdAt: Date;
}

/** Soonest due first, undated last, then oldest first (the partial index's order). */
const byDueDate = (t: { dueDate: PgColumn; createdAt: PgColumn }) => [
  sql`${t.dueDate} asc nulls last`,
  asc(t.createdAt),
];

const time = (date: Date | null) => (date === null ? Number.POSITIVE_INFINITY : date.getTime());

/**
 * GET /api/tasks/mine: the caller's pending tasks (activities.userId / lead_activities.userId)
 * on clients, deals and leads, soonest due first (undated last). Two indexed queries (the
 * partial "pending task" indexes), merged.
 */
export async function listMyTasks(ctx: ServiceContext, query: MyTasksQuery): Promise<{ items: MyTask[] }> {
  const limit = query.limit ?? 100;
  const pendingTask = (t: typeof activities | typeof leadActivities) =>
    [eq(t.userId, ctx.actor.id), eq(t.type, 'task'), eq(t.status, 'pending')] as const;

  const recordTasks = await ctx.db
    .select({
      id: activities.id,
      subject: activities.subject,
      description: activities.description,
      status: activities.status,
      dueDate: activities.dueDate,
      createdAt: activities.createdAt,
      dealId: deals.id,
      dealName: deals.dealName,
      clientId: clients.id,
      clientName: clients.displayName,
    })
    .from(activities)
    .leftJoin(
      deals,
      and(eq(deals.id, activities.dealId), eq(deals.organizationId, activities.organizationId)),
    )
    .leftJoin(
      clients,
      and(eq(clients.id, activities.clientId), eq(clients.organizationId, activities.organizationId)),
    )
    .where(inOrganization(activities, ctx.orgId, ...pendingTask(activities), ...readableActivities(ctx)))
    .orderBy(...byDueDate(activities))
    .limit(limit);

  // Lead tasks are part of their leads: none without leads:read.
  const leadTasks = !actorCan(ctx.actor, 'leads', 'read')
    ? []
    : await ctx.db
        .select({
          id: leadActivities.id,
          subject: leadActivities.subject,
          description: leadActivities.description,
          status: leadActivities.status,
          dueDate: leadActivities.dueDate,
          createdAt: leadActivities.createdAt,
          leadId: leads.id,
          leadName: leads.fullName,
        })
        .from(leadActivities)
        .innerJoin(
          leads,
          and(eq(leads.id, leadActivities.leadId), eq(leads.organizationId, leadActivities.organizationId)),
        )
        .where(inOrganization(leadActivities, ctx.orgId, ...pendingTask(leadActivities)))
        .orderBy(...byDueDate(leadActivities))
        .limit(limit);

  const now = new Date();
  const items: MyTask[] = [
    ...recordTasks.map((row) => ({
      id: row.id,
      source: 'activity' as const,
      subject: row.subject,
      description: row.description,
      status: row.status,
      dueDate: row.dueDate,
      overdue: isOverdue(row, now),
      // A deal's task links to the deal (more specific); otherwise to the client.
      related:
        row.dealId && row.dealName
          ? { kind: 'deal' as const, id: row.dealId, name: row.dealName }
          : { kind: 'client' as const, id: row.clientId ?? '', name: row.clientName ?? '' },
      createdAt: row.createdAt,
    })),
    ...leadTasks.map((row) => ({
      id: row.id,
      source: 'lead-activity' as const,
      subject: row.subject,
      description: row.description,
      status: row.status,
      dueDate: row.dueDate,
      overdue: isOverdue(row, now),
      related: { kind: 'lead' as const, id: row.leadId, name: row.leadName },
      createdAt: row.createdAt,
    })),
  ];
  const soonestFirst = items.toSorted(
    (a, b) => time(a.dueDate) - time(b.dueDate) || a.createdAt.getTime() - b.createdAt.getTime(),
  );
  return { items: soonestFirst.slice(0, limit) };
}
