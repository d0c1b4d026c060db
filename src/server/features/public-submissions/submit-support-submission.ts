import { type SupportSubmissionInput, supportImageInvalidMessage } from '../../../common/validation/support';
import type { Database } from '../../db';
import { supportSubmissions } from '../../db/schema/public-submissions';
import { invalidField } from '../../lib/app-error';
import { sniffImageType } from '../../lib/sniff-image-type';
import { enqueueNotification, notificationKinds } from './enqueue-notification';

/** Stores a support form (bug or enhancement) and queues the team's notice with it. */
export async function submitSupportSubmission({
  db,
  input,
}: {
  db: Database;
  input: SupportSubmissionInput;
}) {
  const imageUrl = input.imageUrl ? checkedImage(input.imageUrl) : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportSubmissions)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email.toLowerCase(),
        type: input.type,
        description: input.description,
        imageUrl,
      })
      .returning({ id: supportSubmissions.id });
    await enqueueNotification(tx, notificationKinds.supportSubmission, row.id);
    return { id: row.id };
  });
}

/**
 * An uploaded screenshot must be an image by its content (magic bytes), like the organization
 * logo: the data URL's declared type is only a claim. It is stored under the type its bytes
 * show, which is the type it is served with. An https link is kept as it is.
 */
function checkedImage(imageUrl: string) {
  if (!imageUrl.startsWith('data:')) return imageUrl;
  const base64 = imageUrl.slice(imageUrl.indexOf(',') + 1);
  const contentType = sniffImageType(Buffer.from(base64, 'base64'));
  if (!contentType) throw invalidField('imageUrl', supportImageInvalidMessage);
  return `data:${contentType};base64,${base64}`;
}
