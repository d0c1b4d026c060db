import { inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { activities, leadActivities } from '../../db/schema/crm';
import { documentInstances } from '../../db/schema/documents';
import { emails } from '../../db/schema/email';
import { files } from '../../db/schema/files';
import { organizations } from '../../db/schema/identity';
import { importJobs } from '../../db/schema/integrations';
import { enhancedSignatureRequests } from '../../db/schema/signing';
import type { FileStore } from '../../lib/file-store';
import { inOrganization } from '../../lib/tenant-scope';
import { recountStorageUsed } from '../platform-organizations/organization-usage';

const batchSize = 500;

export interface SweepResult {
  /** Files removed (row and bytes, or bytes that never got a row). */
  files: number;
  /** Folders of deleted organizations removed whole. */
  organizations: number;
}

/**
 * Deletes what no one can reach any more (docs/decisions/014): every deleted organization's
 * files, and in each organization the files older than `olderThan` (an upload is made before the
 * activity that attaches it is saved, so young files are left alone) that no activity or lead
 * activity links to, plus bytes that never got a row. Safe to run any time, twice, or on
 * several servers at once.
 */
export async function sweepFiles(db: Database, store: FileStore, olderThan: Date): Promise<SweepResult> {
  const withRows = await db.selectDistinct({ id: files.organizationId }).from(files);
  const candidates = [...new Set([...(await store.organizations()), ...withRows.map(({ id }) => id)])];
  const living = new Set<string>();
  for (const chunk of chunksOf(candidates)) {
    const found = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(inArray(organizations.id, chunk));
    for (const { id } of found) living.add(id);
  }
  const result: SweepResult = { files: 0, organizations: 0 };
  for (const organizationId of candidates) {
    if (living.has(organizationId)) {
      result.files += await sweepOrganizationFiles(db, store, organizationId, olderThan);
    } else {
      // Its rows went with it (cascade); only the bytes are left.
      await store.deleteOrganization(organizationId);
      result.organizations += 1;
    }
  }
  return result;
}

/** One organization's part of the sweep; answers how many files it removed. */
export async function sweepOrganizationFiles(
  db: Database,
  store: FileStore,
  orgId: string,
  olderThan: Date,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await deleteUnreferencedRows(db, orgId, olderThan);
    // The rows are gone (committed) before the bytes: a crash here leaves bytes without a row,
    // which the step below removes next time.
    for (const id of batch.deleted) await store.delete(orgId, id);
    removed += batch.deleted.length;
    if (batch.candidates < batchSize) break;
  }
  removed += await deleteBytesWithoutRows(db, store, orgId, olderThan);
  // organizations.storageUsed from the rows left: corrects every path that stores files.
  await recountStorageUsed(db, orgId);
  return removed;
}

/**
 * Locks unreferenced rows, then deletes those still unreferenced in a new statement: a new
 * snapshot sees an activity committed meanwhile. Attaching share-locks the file's row in the
 * activity's transaction, so a file being attached is skipped (SKIP LOCKED) or, once deleted
 * here, refused to the attacher (lock-attached-files.ts).
 */
async function deleteUnreferencedRows(db: Database, orgId: string, olderThan: Date) {
  return db.transaction(async (tx) => {
    const unreferenced = inOrganization(
      files,
      orgId,
      lt(files.createdAt, olderThan),
      sql`${files.id}::text not in (${referencedFileIds(orgId)})`,
    );
    const candidates = await tx
      .select({ id: files.id })
      .from(files)
      .where(unreferenced)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    if (candidates.length === 0) return { candidates: 0, deleted: [] };
    const deleted = await tx
      .delete(files)
      .where(
        inOrganization(
          files,
          orgId,
          inArray(
            files.id,
            candidates.map(({ id }) => id),
          ),
          sql`${files.id}::text not in (${referencedFileIds(orgId)})`,
        ),
      )
      .returning({ id: files.id });
    return { candidates: candidates.length, deleted: deleted.map(({ id }) => id) };
  });
}

/**
 * The ids of the uploaded files the organization's activities and lead activities link to, and
 * the attachments of its e-mails (`emails.attachments[].fileId`: synced or composed mail), and
 * the files of its uploaded PDF documents (`document_instances.file_id`), and the sealed PDFs of its
 * signature requests.
 */
function referencedFileIds(orgId: string): SQL {
  const linkedFrom = (table: typeof activities | typeof leadActivities) => sql`
    select lower(split_part(attachment.value ->> 'url', '/', 4))
    from ${table} cross join lateral jsonb_array_elements(${table.attachments}) as attachment
    where ${table.organizationId} = ${orgId} and attachment.value ->> 'url' ilike '/api/files/%'`;
  // Mail keeps its attachments as `{ fileId, … }` (store-email.ts), synced and composed alike.
  const attachedToMail = sql`
    select lower(attachment.value ->> 'fileId')
    from ${emails} cross join lateral jsonb_array_elements(${emails.attachments}) as attachment
    where ${emails.organizationId} = ${orgId} and attachment.value ? 'fileId'`;
  // An uploaded PDF document keeps its file (issue 16); deleting the document lets it go.
  const documentFile = sql`
    select lower(${documentInstances.fileId}::text)
    from ${documentInstances}
    where ${documentInstances.organizationId} = ${orgId} and ${documentInstances.fileId} is not null`;
  // A sealed signature request's PDF (issue 18) is evidence: it stays as long as the request.
  const sealedFile = sql`
    select lower(${enhancedSignatureRequests.sealedFileId}::text)
    from ${enhancedSignatureRequests}
    where ${enhancedSignatureRequests.organizationId} = ${orgId} and ${enhancedSignatureRequests.sealedFileId} is not null`;
  // An import's file and the parts of its failed-rows file (issue 19) stay as long as the import.
  const importFiles = sql`
    select lower(${importJobs.filePath}) from ${importJobs}
    where ${importJobs.organizationId} = ${orgId} and ${importJobs.filePath} is not null
    union
    select lower(part.value #>> '{}')
    from ${importJobs} cross join lateral jsonb_array_elements(coalesce(${importJobs.errorLogs} -> 'files', '[]'::jsonb)) as part
    where ${importJobs.organizationId} = ${orgId}`;
  return sql`${linkedFrom(activities)} union ${linkedFrom(leadActivities)} union ${attachedToMail} union ${documentFile} union ${sealedFile} union ${importFiles}`;
}

/** Bytes older than `olderThan` without a row: an upload that died between its two writes. */
async function deleteBytesWithoutRows(db: Database, store: FileStore, orgId: string, olderThan: Date) {
  const old = (await store.list(orgId)).filter((file) => file.storedAt < olderThan);
  let removed = 0;
  for (const chunk of chunksOf(old.map(({ id }) => id))) {
    const rows = await db
      .select({ id: files.id })
      .from(files)
      .where(inOrganization(files, orgId, inArray(files.id, chunk)));
    const kept = new Set(rows.map(({ id }) => id));
    for (const orphan of chunk.filter((id) => !kept.has(id))) {
      await store.delete(orgId, orphan);
      removed += 1;
    }
  }
  return removed;
}

function chunksOf<T>(items: T[]): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += batchSize) chunks.push(items.slice(i, i + batchSize));
  return chunks;
}
