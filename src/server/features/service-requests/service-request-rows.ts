import { and, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  serviceRequestCategories,
  serviceRequestPriorities,
  serviceRequestStatuses,
} from '../../../common/validation/platform-values';
import type { Database } from '../../db';
import { organizations, users } from '../../db/schema/identity';
import { serviceRequests } from '../../db/schema/platform';
import { notFound } from '../../lib/app-error';
import {
  containsPattern,
  type KeysetSpec,
  listQuerySchema,
  paginate,
  sortCaseInsensitively,
} from '../../lib/keyset-pagination';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { inOrganization, queryFilter, rowInOrganization } from '../../lib/tenant-scope';

export const serviceRequestNotFoundMessage = 'Service request not found';

const statusFilter = queryFilter(z.enum(serviceRequestStatuses, { error: 'Invalid status' }));
const priorityFilter = queryFilter(z.enum(serviceRequestPriorities, { error: 'Invalid priority' }));
const categoryFilter = queryFilter(z.enum(serviceRequestCategories, { error: 'Invalid category' }));

/** GET /api/service-requests: the organization's own requests. */
export const listOwnServiceRequestsQuerySchema = listQuerySchema.extend({
  status: statusFilter,
  priority: priorityFilter,
  category: categoryFilter,
});

/** GET /api/super-admin/service-requests: every organization's; `assignedTo=none` is the unassigned queue. */
export const listServiceRequestsQuerySchema = listOwnServiceRequestsQuerySchema.extend({
  organizationId: queryFilter(z.guid({ error: 'Invalid organization ID' })),
  assignedTo: queryFilter(z.union([z.literal('none'), z.guid()], { error: 'Invalid assignee' })),
});

export type ListOwnServiceRequestsQuery = z.infer<typeof listOwnServiceRequestsQuerySchema>;
export type ListServiceRequestsQuery = z.infer<typeof listServiceRequestsQuerySchema>;

// Ranks, so "sort by priority" puts urgent above low rather than ordering the words.
const priorityRank = sql<number>`(case ${serviceRequests.priority} when 'urgent' then 4 when 'high' then 3 when 'medium' then 2 else 1 end)`;
const statusRank = sql<number>`(case ${serviceRequests.status} when 'open' then 1 when 'in_progress' then 2 when 'resolved' then 3 else 4 end)`;

const serviceRequestSpec: KeysetSpec = {
  sortable: {
    createdAt: serviceRequests.createdAt,
    updatedAt: serviceRequests.updatedAt,
    subject: sortCaseInsensitively(serviceRequests.subject),
    priority: priorityRank,
    status: statusRank,
  },
  defaultSort: '-createdAt',
  id: serviceRequests.id,
};

const personName = (id: SQL | typeof serviceRequests.userId) =>
  sql<
    string | null
  >`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${id})`;
const personEmail = (id: typeof serviceRequests.userId) =>
  sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${id})`;

/** What the organization sees: its request and the platform's answer (not which staff member holds it). */
const ownFields = {
  id: serviceRequests.id,
  subject: serviceRequests.subject,
  description: serviceRequests.description,
  category: serviceRequests.category,
  priority: serviceRequests.priority,
  status: serviceRequests.status,
  resolution: serviceRequests.resolution,
  resolvedAt: serviceRequests.resolvedAt,
  createdAt: serviceRequests.createdAt,
  updatedAt: serviceRequests.updatedAt,
  userId: serviceRequests.userId,
  filedByName: personName(serviceRequests.userId),
};

/** The super admins' view adds the organization, the filer's e-mail and the assignee, by scalar subqueries (one query). */
const platformFields = {
  ...ownFields,
  organizationId: serviceRequests.organizationId,
  organizationName: sql<
    string | null
  >`(select ${organizations.name} from ${organizations} where ${organizations.id} = ${serviceRequests.organizationId})`,
  filedByEmail: personEmail(serviceRequests.userId),
  assignedTo: serviceRequests.assignedTo,
  assigneeName: personName(serviceRequests.assignedTo),
  assigneeEmail: personEmail(serviceRequests.assignedTo),
};

type OwnRow = {
  id: string;
  subject: string;
  description: string | null;
  category: string | null;
  priority: string;
  status: string;
  resolution: string | null;
  resolvedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  userId: string | null;
  filedByName: string | null;
};

type PlatformRow = OwnRow & {
  organizationId: string;
  organizationName: string | null;
  filedByEmail: string | null;
  assignedTo: string | null;
  assigneeName: string | null;
  assigneeEmail: string | null;
};

function presentOwn(row: OwnRow) {
  return {
    id: row.id,
    subject: row.subject,
    description: row.description,
    category: row.category,
    priority: row.priority,
    status: row.status,
    resolution: row.resolution,
    resolvedAt: row.resolvedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    filedBy: row.userId ? { id: row.userId, name: row.filedByName } : null,
  };
}

function presentPlatform(row: PlatformRow) {
  return {
    ...presentOwn(row),
    filedBy: row.userId ? { id: row.userId, name: row.filedByName, email: row.filedByEmail } : null,
    organization: { id: row.organizationId, name: row.organizationName },
    assignedTo: row.assignedTo,
    assignee: row.assignedTo
      ? { id: row.assignedTo, name: row.assigneeName, email: row.assigneeEmail }
      : null,
  };
}

export type OwnServiceRequest = ReturnType<typeof presentOwn>;
export type PlatformServiceRequest = ReturnType<typeof presentPlatform>;

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(ilike(serviceRequests.subject, pattern), ilike(serviceRequests.description, pattern));
}

function sharedConditions(query: ListOwnServiceRequestsQuery): (SQL | undefined)[] {
  return [
    query.status ? eq(serviceRequests.status, query.status) : undefined,
    query.priority ? eq(serviceRequests.priority, query.priority) : undefined,
    query.category ? eq(serviceRequests.category, query.category) : undefined,
    searchCondition(query.search),
  ];
}

/** GET /api/service-requests: the caller's organization's requests, newest first. */
export async function listOwnServiceRequests(ctx: ServiceContext, query: ListOwnServiceRequestsQuery) {
  return paginate(
    {
      db: ctx.db,
      from: serviceRequests,
      fields: ownFields,
      where: inOrganization(serviceRequests, ctx.orgId, ...sharedConditions(query)),
      spec: serviceRequestSpec,
      query,
    },
    (row) => presentOwn(row as OwnRow),
  );
}

/** GET /api/service-requests/:id: 404 for another organization's id, as for a missing one. */
export async function getOwnServiceRequest(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(serviceRequestNotFoundMessage);
  const [row] = await ctx.db
    .select(ownFields)
    .from(serviceRequests)
    .where(rowInOrganization(serviceRequests, ctx.orgId, id))
    .limit(1);
  if (!row) throw notFound(serviceRequestNotFoundMessage);
  return presentOwn(row as OwnRow);
}

/** GET /api/super-admin/service-requests: every organization's, filtered; search also matches the organization's name. */
export async function listServiceRequests(db: Database, query: ListServiceRequestsQuery) {
  const search = query.search
    ? or(
        searchCondition(query.search),
        sql`${serviceRequests.organizationId} in (select ${organizations.id} from ${organizations} where ${organizations.name} ilike ${containsPattern(query.search)})`,
      )
    : undefined;
  const where = and(
    ...sharedConditions({ ...query, search: undefined }),
    search,
    query.organizationId ? eq(serviceRequests.organizationId, query.organizationId) : undefined,
    query.assignedTo === 'none'
      ? isNull(serviceRequests.assignedTo)
      : query.assignedTo
        ? eq(serviceRequests.assignedTo, query.assignedTo)
        : undefined,
  );
  return paginate(
    { db, from: serviceRequests, fields: platformFields, where, spec: serviceRequestSpec, query },
    (row) => presentPlatform(row as PlatformRow),
  );
}

/** GET /api/super-admin/service-requests/:id. */
export async function getServiceRequest(db: Database, id: string) {
  if (!isUuid(id)) throw notFound(serviceRequestNotFoundMessage);
  const [row] = await db
    .select(platformFields)
    .from(serviceRequests)
    .where(eq(serviceRequests.id, id))
    .limit(1);
  if (!row) throw notFound(serviceRequestNotFoundMessage);
  return presentPlatform(row as PlatformRow);
}
