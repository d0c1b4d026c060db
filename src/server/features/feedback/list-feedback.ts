import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { organizations, users } from '../../db/schema/identity';
import { feedback } from '../../db/schema/public-submissions';

export const feedbackListLimit = 200;

/**
 * The newest feedback across all organizations for the super admin, with who sent it, in one
 * query. Sender and organization are null once they have been deleted (the feedback stays).
 */
export async function listFeedback({ db }: { db: Database }) {
  return db
    .select({
      id: feedback.id,
      type: feedback.type,
      message: feedback.message,
      page: feedback.page,
      userAgent: feedback.userAgent,
      submittedAt: feedback.submittedAt,
      organizationId: feedback.organizationId,
      organizationName: organizations.name,
      userId: feedback.userId,
      userEmail: users.email,
    })
    .from(feedback)
    .leftJoin(organizations, eq(organizations.id, feedback.organizationId))
    .leftJoin(users, eq(users.id, feedback.userId))
    .orderBy(desc(feedback.submittedAt), desc(feedback.id))
    .limit(feedbackListLimit);
}
