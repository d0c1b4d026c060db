import type { Readable } from 'node:stream';
import type { Database } from '../../db';
import { files } from '../../db/schema/files';
import type { enhancedSignatureRequests } from '../../db/schema/signing';
import type { FileStore } from '../../lib/file-store';
import { rowInOrganization } from '../../lib/tenant-scope';

export const sealedPdfMissingMessage = "This document's sealed PDF is missing";

type SealedRequest = Pick<typeof enhancedSignatureRequests.$inferSelect, 'organizationId' | 'sealedFileId'>;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The sealed PDF's bytes (its files row and stored bytes, same organization); null when either is gone. */
export async function readSealedPdf(db: Database, store: FileStore, request: SealedRequest) {
  if (!request.sealedFileId) return null;
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(rowInOrganization(files, request.organizationId, request.sealedFileId))
    .limit(1);
  const stream = row ? await store.open(request.organizationId, row.id) : null;
  return stream ? bytesOf(stream) : null;
}
