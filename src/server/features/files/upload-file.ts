import { randomUUID } from 'node:crypto';
import { attachmentMaxBytes } from '../../../common/constants';
import {
  emptyFileMessage,
  fileNameDotsMessage,
  fileNameRequiredMessage,
  fileTooLargeMessage,
  uploadedFileUrl,
} from '../../../common/validation/activities';
import { files } from '../../db/schema/files';
import { AppError, badRequest, invalidField } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import type { ServiceContext } from '../../lib/service-context';
import { addStorageUsed } from '../platform-organizations/organization-usage';
import { declaredContentType } from './file-content-type';

export interface Upload {
  /** The name the user's file had; any folder part a client sent along is dropped. */
  name: string;
  contentType?: string;
  data: Buffer | undefined;
}

/**
 * Keeps one file for the caller's organization; answers what an activity attachment needs.
 * The bytes are written first and the row last: the row is what makes a file exist, so a crash
 * in between leaves only bytes without a row, which are never served and which the sweep removes.
 */
export async function uploadFile(ctx: ServiceContext, store: FileStore, upload: Upload) {
  const data = upload.data ?? Buffer.alloc(0);
  if (data.length === 0) throw badRequest(emptyFileMessage);
  if (data.length > attachmentMaxBytes) throw new AppError(413, fileTooLargeMessage);
  const name = cleanFileName(upload.name);
  const meta = { name, contentType: declaredContentType(upload.contentType), size: data.length };
  const id = randomUUID();
  await store.put(ctx.orgId, id, data);
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(files).values({ organizationId: ctx.orgId, id, createdBy: ctx.actor.id, ...meta });
      await addStorageUsed(tx, ctx.orgId, meta.size);
    });
  } catch (error) {
    await store.delete(ctx.orgId, id).catch(() => undefined); // the sweep would remove them too
    throw error;
  }
  return { ...meta, url: uploadedFileUrl(id, name) };
}

/**
 * Directional formatting characters (LRE…RLO, LRI…PDI, LRM, RLM, ALM): in a file name they can
 * make "invoice\u202Efdp.exe" display as "invoiceexe.pdf".
 */
const bidiControls = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/**
 * The name without bidi controls or folders ("C:\fakepath\deed.pdf" and "scans/deed.pdf" are both
 * "deed.pdf"). "." and ".." name folders, not files, and are refused.
 */
function cleanFileName(raw: string) {
  const name = raw.replace(bidiControls, '');
  const base = name.split(/[\\/]/).pop()?.trim() || name.trim();
  if (base === '') throw invalidField('name', fileNameRequiredMessage);
  if (base === '.' || base === '..') throw invalidField('name', fileNameDotsMessage);
  return base;
}
