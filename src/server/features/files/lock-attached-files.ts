import { inArray } from 'drizzle-orm';
import { attachmentFileMissingMessage, uploadedFileId } from '../../../common/validation/activities';
import type { Database } from '../../db';
import { files } from '../../db/schema/files';
import { invalidFields } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { inOrganization } from '../../lib/tenant-scope';

/**
 * Call inside the transaction that stores `attachments`: every uploaded file they link to must
 * be a file of the organization (400 at the attachment's path otherwise: another organization's
 * file, or one already swept, would be a dangling link). The rows stay share-locked until the
 * transaction ends, so the sweep cannot delete a file while it is being attached
 * (docs/decisions/014).
 */
export async function lockAttachedFiles(
  tx: Database,
  orgId: string,
  attachments: { url: string }[] | undefined,
) {
  const linked = (attachments ?? []).map((attachment, index) => ({
    index,
    id: uploadedFileId(attachment.url),
  }));
  const ids = [...new Set(linked.flatMap(({ id }) => (id ? [id] : [])))];
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: files.id })
    .from(files)
    .where(inOrganization(files, orgId, inArray(files.id, ids)))
    .for('key share');
  const existing = new Set(found.map(({ id }) => id));
  const missing = linked.filter(({ id }) => id && !existing.has(id));
  if (missing.length > 0) {
    throw invalidFields(
      missing.map(({ index }) => ({
        path: `attachments.${index}.url`,
        message: attachmentFileMissingMessage,
      })),
    );
  }
}

/** Runs `write` in one transaction with the check above: how activities store their attachments. */
export function withAttachedFiles<T>(
  ctx: ServiceContext,
  attachments: { url: string }[] | undefined,
  write: (tx: Database) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await lockAttachedFiles(tx, ctx.orgId, attachments);
    return write(tx);
  });
}
