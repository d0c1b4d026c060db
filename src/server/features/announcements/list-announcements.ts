import { and, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { announcementAudiences } from '../../../common/validation/announcements';
import { enumField } from '../../../common/validation/common';
import { organizations, users } from '../../db/schema/identity';
import { systemUpdateReads, systemUpdates } from '../../db/schema/platform';
import type { Database } from '../../db';
import { notFound } from '../../lib/app-error';
import { containsPattern, listQuerySchema, paginate } from '../../lib/keyset-pagination';
import { isUuid } from '../../lib/service-context';
import { announcementNotFoundMessage, audienceOf } from './announcement-audience';

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/super-admin/system-updates: search (title, description), audience filter, keyset pages. */
export const listAnnouncementsQuerySchema = listQuerySchema.extend({
  audience: z.preprocess(
    blankToUndefined,
    enumField(announcementAudiences, 'Audience must be everyone, organization or user').optional(),
  ),
});
export type ListAnnouncementsQuery = z.infer<typeof listAnnouncementsQuerySchema>;

// Scalar subqueries on keys: the names and the read count come in the one query (no N+1).
const announcementFields = {
  id: systemUpdates.id,
  organizationId: systemUpdates.organizationId,
  userId: systemUpdates.userId,
  title: systemUpdates.title,
  description: systemUpdates.description,
  category: systemUpdates.category,
  priority: systemUpdates.priority,
  iconType: systemUpdates.iconType,
  actionUrl: systemUpdates.actionUrl,
  expiresAt: systemUpdates.expiresAt,
  createdAt: systemUpdates.createdAt,
  organizationName: sql<
    string | null
  >`(select ${organizations.name} from ${organizations} where ${organizations.id} = ${systemUpdates.organizationId})`,
  userEmail: sql<
    string | null
  >`(select ${users.email} from ${users} where ${users.id} = ${systemUpdates.userId})`,
  createdByName: sql<
    string | null
  >`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${systemUpdates.createdBy})`,
  readCount: sql<number>`(select count(*)::int from ${systemUpdateReads} where ${systemUpdateReads.updateId} = ${systemUpdates.id})`,
};

type AnnouncementRow = {
  id: string;
  organizationId: string | null;
  userId: string | null;
  title: string;
  description: string | null;
  category: string | null;
  priority: string;
  iconType: string;
  actionUrl: string | null;
  expiresAt: Date | null;
  createdAt: Date;
  organizationName: string | null;
  userEmail: string | null;
  createdByName: string | null;
  readCount: number;
};

const announcementSpec = {
  sortable: { createdAt: systemUpdates.createdAt, title: systemUpdates.title },
  defaultSort: '-createdAt',
  id: systemUpdates.id,
};

function presentAnnouncement(row: AnnouncementRow) {
  return {
    id: row.id,
    audience: audienceOf(row),
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    userId: row.userId,
    userEmail: row.userEmail,
    title: row.title,
    description: row.description,
    category: row.category,
    priority: row.priority,
    iconType: row.iconType,
    actionUrl: row.actionUrl,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= Date.now(),
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByName,
    readCount: row.readCount,
  };
}

export async function listAnnouncements(db: Database, query: ListAnnouncementsQuery) {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const audience =
    query.audience === 'everyone'
      ? and(isNull(systemUpdates.organizationId), isNull(systemUpdates.userId))
      : query.audience === 'organization'
        ? and(isNotNull(systemUpdates.organizationId), isNull(systemUpdates.userId))
        : query.audience === 'user'
          ? isNotNull(systemUpdates.userId)
          : undefined;
  const where = and(
    audience,
    pattern ? or(ilike(systemUpdates.title, pattern), ilike(systemUpdates.description, pattern)) : undefined,
  );
  return paginate(
    { db, from: systemUpdates, fields: announcementFields, where, spec: announcementSpec, query },
    (row) => presentAnnouncement(row as AnnouncementRow),
  );
}

/** One announcement as the list shows it; 404 when there is none. */
export async function findAnnouncement(db: Database, id: string) {
  if (!isUuid(id)) throw notFound(announcementNotFoundMessage);
  const [row] = await db
    .select(announcementFields)
    .from(systemUpdates)
    .where(eq(systemUpdates.id, id))
    .limit(1);
  if (!row) throw notFound(announcementNotFoundMessage);
  return presentAnnouncement(row as AnnouncementRow);
}
