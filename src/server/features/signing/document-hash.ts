import { createHash } from 'node:crypto';
import type { FileStore } from '../../lib/file-store';
import type { ServiceContext } from '../../lib/service-context';
import { documentPdf } from '../document-instances/document-pdf';

/**
 * SHA-256 (hex) of the document's PDF as the signers receive it: the uploaded file's bytes, or
 * the merged content rendered now (a frozen document renders the same bytes each time).
 */
export async function documentHashOf(ctx: ServiceContext, files: FileStore, documentInstanceId: string) {
  const { pdf } = await documentPdf(ctx, files, documentInstanceId);
  const hash = createHash('sha256');
  if (Buffer.isBuffer(pdf)) hash.update(pdf);
  else for await (const chunk of pdf) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
