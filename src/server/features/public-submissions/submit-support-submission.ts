import type { SupportSubmissionInput } from '../../../common/validation/support';
import type { Database } from '../../db';
import { supportSubmissions } from '../../db/schema/public-submissions';
import { enqueueNotification, notificationKinds } from './enqueue-notification';

/** Stores a support form (bug or enhancement) and queues the team's notice with it. */
export async function submitSupportSubmission({
  db,
  input,
}: {
  db: Database;
  input: SupportSubmissionInput;
}) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportSubmissions)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email.toLowerCase(),
        type: input.type,
        description: input.description,
        imageUrl: input.imageUrl ?? null,
      })
      .returning({ id: supportSubmissions.id });
    await enqueueNotification(tx, notificationKinds.supportSubmission, row.id);
    return { id: row.id };
  });
}
