import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { demoRequests, earlyAccessSignups, supportSubmissions } from '../../db/schema/public-submissions';

/** The super-admin lists show the newest submissions only; older ones stay in the tables. */
export const submissionListLimit = 200;

export async function listEarlyAccessSignups({ db }: { db: Database }) {
  return db
    .select()
    .from(earlyAccessSignups)
    .orderBy(desc(earlyAccessSignups.createdAt), desc(earlyAccessSignups.id))
    .limit(submissionListLimit);
}

export async function listDemoRequests({ db }: { db: Database }) {
  return db
    .select()
    .from(demoRequests)
    .orderBy(desc(demoRequests.createdAt), desc(demoRequests.id))
    .limit(submissionListLimit);
}

/**
 * Uploaded screenshots (data URLs of up to 512 KB each) are left out of the list: `hasImage`
 * says one exists and GET /api/support-submissions/:id/image serves it. https links are listed.
 */
export async function listSupportSubmissions({ db }: { db: Database }) {
  const image = supportSubmissions.imageUrl;
  return db
    .select({
      id: supportSubmissions.id,
      firstName: supportSubmissions.firstName,
      lastName: supportSubmissions.lastName,
      email: supportSubmissions.email,
      type: supportSubmissions.type,
      description: supportSubmissions.description,
      imageUrl: sql<string | null>`case when ${image} like 'data:%' then null else ${image} end`,
      hasImage: sql<boolean>`${image} is not null`,
      createdAt: supportSubmissions.createdAt,
      updatedAt: supportSubmissions.updatedAt,
    })
    .from(supportSubmissions)
    .orderBy(desc(supportSubmissions.createdAt), desc(supportSubmissions.id))
    .limit(submissionListLimit);
}

const DATA_URL = /^data:(image\/(?:png|jpeg|gif|webp));base64,(.*)$/s;

/** The uploaded screenshot of a support submission, decoded; null when it has none (or only a link). */
export async function getSupportSubmissionImage({ db, id }: { db: Database; id: string }) {
  const [row] = await db
    .select({ imageUrl: supportSubmissions.imageUrl })
    .from(supportSubmissions)
    .where(eq(supportSubmissions.id, id))
    .limit(1);
  const match = row?.imageUrl ? DATA_URL.exec(row.imageUrl) : null;
  if (!match) return null;
  return { contentType: match[1], bytes: Buffer.from(match[2], 'base64') };
}
