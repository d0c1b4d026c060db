import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { feedbackTypes, supportSubmissionTypes } from '../../../common/allowed-values';
import { demoRequestStatuses } from '../../../common/validation/platform-values';
import type { Database } from '../../db';
import { organizations, users } from '../../db/schema/identity';
import {
  demoRequests,
  earlyAccessSignups,
  feedback,
  supportSubmissions,
} from '../../db/schema/public-submissions';
import { type CsvColumn, csvLines, keysetBatches } from '../../lib/csv';
import {
  containsPattern,
  type KeysetSpec,
  listQuerySchema,
  listTotal,
  paginate,
  sortCaseInsensitively,
} from '../../lib/keyset-pagination';
import type { ServiceContext } from '../../lib/service-context';
import { queryFilter } from '../../lib/tenant-scope';
import { recordAuditEvent } from '../audit/record-audit-event';

/*
 * The super admin's lists of what visitors and members sent (issue 20 §8): early-access sign-ups,
 * demo requests, support submissions and in-app feedback, each searchable, keyset-paged and
 * exportable as CSV. One description per kind drives its page, its search and its export.
 */

export const submissionKinds = [
  'early-access-signups',
  'demo-requests',
  'support-submissions',
  'feedback',
] as const;
export type SubmissionKind = (typeof submissionKinds)[number];

export const submissionListQuerySchema = listQuerySchema.extend({
  /** Demo requests only. */
  status: queryFilter(z.enum(demoRequestStatuses, { error: 'Invalid status' })),
  /** Support submissions (enhancement, bug) and feedback (general). */
  type: queryFilter(
    z.enum([...supportSubmissionTypes, ...feedbackTypes] as [string, ...string[]], { error: 'Invalid type' }),
  ),
});

export type SubmissionListQuery = z.infer<typeof submissionListQuerySchema>;

type Row = Record<string, unknown> & { id: string };

interface SubmissionList {
  table: PgTable;
  fields: SelectedFields;
  spec: KeysetSpec;
  /** Conditions of the query's search and filters. */
  where: (query: SubmissionListQuery) => SQL | undefined;
  csv: CsvColumn<Row>[];
  present?: (row: Row) => Record<string, unknown>;
}

const anyContains = (term: string | undefined, ...columns: Parameters<typeof ilike>[0][]) => {
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return or(...columns.map((column) => ilike(column, pattern)));
};

const column = (header: string, key: string): CsvColumn<Row> => ({ header, value: (row) => row[key] });

const earlyAccessList: SubmissionList = {
  table: earlyAccessSignups,
  fields: {
    id: earlyAccessSignups.id,
    name: earlyAccessSignups.name,
    email: earlyAccessSignups.email,
    company: earlyAccessSignups.company,
    persona: earlyAccessSignups.persona,
    createdAt: earlyAccessSignups.createdAt,
  },
  spec: {
    sortable: {
      createdAt: earlyAccessSignups.createdAt,
      name: sortCaseInsensitively(earlyAccessSignups.name),
      email: earlyAccessSignups.email,
    },
    defaultSort: '-createdAt',
    id: earlyAccessSignups.id,
  },
  where: (query) =>
    anyContains(
      query.search,
      earlyAccessSignups.name,
      earlyAccessSignups.email,
      earlyAccessSignups.company,
      earlyAccessSignups.persona,
    ),
  csv: [
    column('Signed up', 'createdAt'),
    column('Name', 'name'),
    column('E-mail', 'email'),
    column('Company', 'company'),
    column('Role', 'persona'),
  ],
};

const demoRequestList: SubmissionList = {
  table: demoRequests,
  fields: {
    id: demoRequests.id,
    name: demoRequests.name,
    email: demoRequests.email,
    company: demoRequests.company,
    persona: demoRequests.persona,
    message: demoRequests.message,
    phoneNumber: demoRequests.phoneNumber,
    preferredTime: demoRequests.preferredTime,
    status: demoRequests.status,
    notes: demoRequests.notes,
    createdAt: demoRequests.createdAt,
    updatedAt: demoRequests.updatedAt,
  },
  spec: {
    sortable: {
      createdAt: demoRequests.createdAt,
      updatedAt: demoRequests.updatedAt,
      name: sortCaseInsensitively(demoRequests.name),
      company: sortCaseInsensitively(demoRequests.company),
      status: sql`(case ${demoRequests.status} when 'pending' then 1 when 'contacted' then 2 when 'scheduled' then 3 else 4 end)`,
    },
    defaultSort: '-createdAt',
    id: demoRequests.id,
  },
  where: (query) =>
    and(
      query.status ? eq(demoRequests.status, query.status) : undefined,
      anyContains(
        query.search,
        demoRequests.name,
        demoRequests.email,
        demoRequests.company,
        demoRequests.message,
        demoRequests.notes,
      ),
    ),
  csv: [
    column('Requested', 'createdAt'),
    column('Name', 'name'),
    column('E-mail', 'email'),
    column('Company', 'company'),
    column('Role', 'persona'),
    column('Phone', 'phoneNumber'),
    column('Preferred time', 'preferredTime'),
    column('Message', 'message'),
    column('Status', 'status'),
    column('Notes', 'notes'),
  ],
};

const image = supportSubmissions.imageUrl;

/**
 * Uploaded screenshots (data URLs of up to 512 KB each) stay out of the list: `hasImage` says one
 * exists and GET /api/support-submissions/:id/image serves it. https links are listed.
 */
const supportSubmissionList: SubmissionList = {
  table: supportSubmissions,
  fields: {
    id: supportSubmissions.id,
    firstName: supportSubmissions.firstName,
    lastName: supportSubmissions.lastName,
    email: supportSubmissions.email,
    type: supportSubmissions.type,
    description: supportSubmissions.description,
    imageUrl: sql<string | null>`case when ${image} like 'data:%' then null else ${image} end`,
    hasImage: sql<boolean>`${image} is not null`,
    createdAt: supportSubmissions.createdAt,
  },
  spec: {
    sortable: {
      createdAt: supportSubmissions.createdAt,
      email: supportSubmissions.email,
      type: supportSubmissions.type,
    },
    defaultSort: '-createdAt',
    id: supportSubmissions.id,
  },
  where: (query) =>
    and(
      query.type
        ? eq(supportSubmissions.type, query.type as (typeof supportSubmissionTypes)[number])
        : undefined,
      anyContains(
        query.search,
        supportSubmissions.firstName,
        supportSubmissions.lastName,
        supportSubmissions.email,
        supportSubmissions.description,
      ),
    ),
  csv: [
    column('Sent', 'createdAt'),
    column('First name', 'firstName'),
    column('Last name', 'lastName'),
    column('E-mail', 'email'),
    column('Type', 'type'),
    column('Description', 'description'),
    { header: 'Image', value: (row) => row.imageUrl ?? (row.hasImage ? 'uploaded image' : null) },
  ],
};

const feedbackOrganization = sql<
  string | null
>`(select ${organizations.name} from ${organizations} where ${organizations.id} = ${feedback.organizationId})`;
const feedbackSender = sql<
  string | null
>`(select ${users.email} from ${users} where ${users.id} = ${feedback.userId})`;

/** Sender and organization are null once deleted (the feedback stays). */
const feedbackList: SubmissionList = {
  table: feedback,
  fields: {
    id: feedback.id,
    type: feedback.type,
    message: feedback.message,
    page: feedback.page,
    userAgent: feedback.userAgent,
    submittedAt: feedback.submittedAt,
    organizationId: feedback.organizationId,
    organizationName: feedbackOrganization,
    userId: feedback.userId,
    userEmail: feedbackSender,
  },
  spec: {
    sortable: { submittedAt: feedback.submittedAt },
    defaultSort: '-submittedAt',
    id: feedback.id,
  },
  where: (query) =>
    and(
      query.type ? eq(feedback.type, query.type) : undefined,
      query.search
        ? or(
            anyContains(query.search, feedback.message, feedback.page),
            sql`${feedbackOrganization} ilike ${containsPattern(query.search)}`,
            sql`${feedbackSender} ilike ${containsPattern(query.search)}`,
          )
        : undefined,
    ),
  csv: [
    column('Sent', 'submittedAt'),
    column('Organization', 'organizationName'),
    column('Sender', 'userEmail'),
    column('Type', 'type'),
    column('Page', 'page'),
    column('Message', 'message'),
    column('Browser', 'userAgent'),
  ],
};

const lists: Record<SubmissionKind, SubmissionList> = {
  'early-access-signups': earlyAccessList,
  'demo-requests': demoRequestList,
  'support-submissions': supportSubmissionList,
  feedback: feedbackList,
};

/** GET /api/super-admin/<kind>: one page, `{ items, nextCursor, total }`. */
export async function listPlatformSubmissions(
  db: Database,
  kind: SubmissionKind,
  query: SubmissionListQuery,
) {
  const list = lists[kind];
  const fields = list.fields;
  return paginate(
    { db, from: list.table, fields, where: list.where(query), spec: list.spec, query },
    // Each row is the list's selection without the cursor (picked field by field).
    (row) => Object.fromEntries(Object.keys(fields).map((key) => [key, (row as Row)[key]])),
  );
}

/**
 * GET /api/super-admin/<kind>/export: every matching row as CSV, in the list's sort. Visitors'
 * contact details leave the platform, so the export is audit-logged (at platform level, with the
 * row count) before the first byte is sent.
 */
export async function exportPlatformSubmissions(
  ctx: ServiceContext,
  kind: SubmissionKind,
  query: SubmissionListQuery,
) {
  const list = lists[kind];
  const where = list.where(query);
  const batches = keysetBatches({
    db: ctx.db,
    from: list.table,
    fields: list.fields,
    where,
    spec: list.spec,
    sort: query.sort,
  });
  const rows = await listTotal(ctx.db, list.table, where);
  await recordAuditEvent(
    ctx.db,
    { orgId: null, actor: ctx.actor, client: ctx.client },
    { action: 'platform.submissions_exported', resource: kind, details: { kind, rows } },
  );
  return csvLines(list.csv, batches as AsyncIterable<Row[]>);
}
