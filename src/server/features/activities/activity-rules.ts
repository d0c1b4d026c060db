import { and, eq, ilike, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { activityStatuses, activityTypes } from '../../../common/allowed-values';
import { containsPattern, listQuerySchema, sortCaseInsensitively } from '../../lib/keyset-pagination';
import type { Database } from '../../db';
import { activities, clients, deals, leads } from '../../db/schema/crm';
import { forbidden } from '../../lib/app-error';
import { actorCan, type ServiceContext } from '../../lib/service-context';
import { dateFilter, type EqualityFields, equalityConditions, equalityQuery } from '../../lib/list-filters';
import { queryFilter, rowInOrganization, toTimestamp } from '../../lib/tenant-scope';

interface ActivityColumns {
  type: PgColumn;
  status: PgColumn;
  dueDate: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  completedAt: PgColumn;
  subject: PgColumn;
  description: PgColumn;
  userId: PgColumn;
}

/**
 * An activity is seen with its record: one on a client needs clients:read, one on a deal
 * deals:read (besides activities:read). The conditions to add to every activity query.
 */
export function readableActivities(ctx: ServiceContext): SQL[] {
  return [
    ...(actorCan(ctx.actor, 'clients', 'read') ? [] : [isNull(activities.clientId)]),
    ...(actorCan(ctx.actor, 'deals', 'read') ? [] : [isNull(activities.dealId)]),
  ];
}

export const leadActivitiesDeniedMessage =
  "You don't have permission to see leads, so not their activities either";

/** A lead's activities are part of the lead: without leads:read there are none to see or write. */
export function assertLeadsReadable(ctx: ServiceContext) {
  if (!actorCan(ctx.actor, 'leads', 'read')) throw forbidden(leadActivitiesDeniedMessage);
}

/** The fields an activity list can also be filtered on by equality (`?dueDate=` a day). */
const equalityFieldsOf = (t: ActivityColumns): EqualityFields => ({
  subject: ['text', t.subject],
  userId: ['id', t.userId],
  dueDate: ['day', t.dueDate],
});

/** The filters both activity lists share. */
export const activityListQuerySchema = listQuerySchema.extend({
  ...equalityQuery(equalityFieldsOf(activities)),
  type: queryFilter(z.enum(activityTypes, { error: 'Invalid activity type' })),
  status: queryFilter(z.enum(activityStatuses, { error: 'Invalid status' })),
  dueBefore: dateFilter('Due before'),
  overdue: queryFilter(z.enum(['true', 'false'], { error: 'Overdue must be true or false' })),
});

export type ActivityListQuery = z.infer<typeof activityListQuerySchema>;

/** Sorted by due date or creation (and a few more), newest first unless asked otherwise. */
export function activitySortable(t: ActivityColumns) {
  return {
    dueDate: t.dueDate,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    completedAt: t.completedAt,
    type: t.type,
    status: t.status,
    subject: sortCaseInsensitively(t.subject),
  };
}

/** search (subject or description), type, status, dueBefore, overdue (pending with a due date already past) and the equality fields. */
export function activityFilters(t: ActivityColumns, query: ActivityListQuery): (SQL | undefined)[] {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  return [
    pattern ? or(ilike(t.subject, pattern), ilike(t.description, pattern)) : undefined,
    query.type ? eq(t.type, query.type) : undefined,
    query.status ? eq(t.status, query.status) : undefined,
    query.dueBefore ? lt(t.dueDate, new Date(query.dueBefore)) : undefined,
    query.overdue === 'true'
      ? and(eq(t.status, 'pending'), isNotNull(t.dueDate), lt(t.dueDate, sql`now()`))
      : undefined,
    ...equalityConditions(equalityFieldsOf(t), query),
  ];
}

/**
 * completedAt follows the status: set when an activity is (or becomes) completed, cleared when
 * it is pending again, unchanged otherwise.
 */
export function completedAtFor(
  nextStatus: 'pending' | 'completed' | undefined,
  current: { status: string; completedAt: Date | null } | null,
  now = new Date(),
): Date | null | undefined {
  if (nextStatus === undefined) return undefined;
  if (nextStatus === 'pending') return null;
  if (current?.status === 'completed') return current.completedAt ?? now;
  return now;
}

/** The columns a new activity and a new lead activity share, by the caller. */
export function newActivityColumns(
  input: {
    type: (typeof activityTypes)[number];
    subject: string;
    description?: string | null;
    emailContent?: string | null;
    attachments?: { name: string; url: string; size?: number }[];
    status: 'pending' | 'completed';
    dueDate?: string | null;
  },
  actorId: string,
) {
  return {
    userId: actorId,
    type: input.type,
    subject: input.subject,
    description: input.description ?? null,
    emailContent: input.emailContent ?? null,
    attachments: input.attachments ?? [],
    status: input.status,
    dueDate: toTimestamp(input.dueDate) ?? null,
    completedAt: completedAtFor(input.status, null) ?? null,
  };
}

/** The columns a PATCH sets: the given fields, status with its completedAt, and the due date. */
export function activityChanges<T extends { status?: 'pending' | 'completed'; dueDate?: string | null }>(
  input: T,
  current: { status: string; completedAt: Date | null },
) {
  const { dueDate, status, ...fields } = input;
  return {
    ...fields,
    ...(status !== undefined && { status, completedAt: completedAtFor(status, current) }),
    ...(dueDate !== undefined && { dueDate: toTimestamp(dueDate) }),
    updatedAt: new Date(),
  };
}

/** The activities that are a contact with the person: a call, an e-mail, a meeting. */
const contactTypes: readonly string[] = ['call', 'email', 'meeting'];

interface LoggedActivity {
  type: string;
  status: string;
  completedAt: Date | null;
  clientId?: string | null;
  dealId?: string | null;
  leadId?: string | null;
}

/**
 * A completed call, e-mail or meeting moves its record's lastContactDate to when it was completed
 * (never backwards: logging an older call keeps a newer contact). The lead for a lead activity;
 * the client for a client's activity, and the deal's client for a deal's (deals have no date of
 * their own). Called in the transaction that stores the activity.
 */
export async function recordLastContact(tx: Database, orgId: string, activity: LoggedActivity) {
  if (!contactTypes.includes(activity.type) || activity.status !== 'completed' || !activity.completedAt)
    return;
  const at = activity.completedAt;
  const later = (column: PgColumn) => sql`greatest(${column}, ${at.toISOString()}::timestamptz)`;
  if (activity.leadId) {
    await tx
      .update(leads)
      .set({ lastContactDate: later(leads.lastContactDate) })
      .where(rowInOrganization(leads, orgId, activity.leadId));
  }
  const dealClient = activity.dealId
    ? sql`(select ${deals.relatedClient} from ${deals} where ${rowInOrganization(deals, orgId, activity.dealId)})`
    : undefined;
  if (!activity.clientId && !dealClient) return;
  await tx
    .update(clients)
    .set({ lastContactDate: later(clients.lastContactDate) })
    .where(
      and(
        eq(clients.organizationId, orgId),
        or(
          activity.clientId ? eq(clients.id, activity.clientId) : undefined,
          dealClient ? eq(clients.id, dealClient) : undefined,
        ),
      ),
    );
}

export const eitherClientOrDealMessage = 'Either clientId or dealId is required';
