import { files } from '../../db/schema/files';
import { notFound } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { recordAuditEvent } from '../audit/record-audit-event';

export const fileNotFoundMessage = 'File not found';

/**
 * A file of the caller's organization: its row says what it is, the store streams its bytes.
 * Another organization's id, bytes without a row, or a row whose bytes are gone: not found.
 */
export async function openFile(ctx: ServiceContext, store: FileStore, id: string) {
  if (!isUuid(id)) throw notFound(fileNotFoundMessage);
  const [file] = await ctx.db
    .select({ name: files.name, contentType: files.contentType, size: files.size })
    .from(files)
    .where(rowInOrganization(files, ctx.orgId, id))
    .limit(1);
  const stream = file ? await store.open(ctx.orgId, id) : null;
  if (!file || !stream) throw notFound(fileNotFoundMessage);
  const event = { resource: 'files', resourceId: id, details: { name: file.name } };
  // Not served unrecorded; an open stream not served is closed.
  await recordAuditEvent(ctx.db, ctx, { action: 'file.downloaded', ...event }).catch((error) => {
    stream.destroy();
    throw error;
  });
  return { meta: file, stream };
}
