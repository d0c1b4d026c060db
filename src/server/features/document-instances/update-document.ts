import { sql } from 'drizzle-orm';
import {
  documentLockedMessage,
  isFrozenDocumentStatus,
  type UpdateDocumentInstanceInput,
} from '../../../common/validation/documents';
import { documentInstances } from '../../db/schema/documents';
import { conflict, invalidField } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { recordAuditEvent } from '../audit/record-audit-event';
import { assertNothingRetained, retainedDocumentMessage } from '../signing/retention';
import { mergeForDocument, normaliseDocumentContent } from './document-content';
import { documentRowOf } from './present-document';

export const uploadHasNoContentMessage = 'An uploaded PDF has no content to edit; upload a new PDF instead';

/** Statuses a PATCH may move a document out of: signing owns the others. */
const movableStatuses = new Set(['draft', 'locked_for_signing', 'cancelled']);

/**
 * PATCH /api/document-instances/:id, inside updateWithVersion's transaction (the row is locked).
 * A frozen document's name and content cannot change (409) unless the same request unlocks it;
 * unlocking (leaving locked_for_signing) marks a revision pending, and the next content save
 * raises `version`. Saved content is merged again with the document's client or deal.
 */
export async function updateDocument(ctx: ServiceContext, id: string, input: UpdateDocumentInstanceInput) {
  const current = await documentRowOf(ctx, id);
  await assertNothingRetained(ctx.db, ctx.orgId, { documents: [id] }, retainedDocumentMessage);
  const statusChanges = input.status !== undefined && input.status !== current.status;
  if (statusChanges && !movableStatuses.has(current.status)) throw conflict(documentLockedMessage);
  const edits = input.name !== undefined || input.content !== undefined;
  if (edits && isFrozenDocumentStatus(current.status) && input.status !== 'draft') {
    throw conflict(documentLockedMessage);
  }
  if (input.content !== undefined && current.source === 'upload') {
    throw invalidField('content', uploadHasNoContentMessage);
  }
  const set: Partial<typeof documentInstances.$inferInsert> = {};
  const fields: string[] = [];
  if (input.name !== undefined && input.name !== current.name) {
    set.name = input.name;
    fields.push('name');
  }
  let revisionPending = current.revisionPending;
  if (statusChanges && input.status) {
    set.status = input.status;
    fields.push('status');
    if (current.status === 'locked_for_signing') revisionPending = true;
  }
  if (input.content !== undefined) {
    const { doc, json } = await normaliseDocumentContent(input.content);
    const merged = await mergeForDocument(ctx, doc, current);
    set.content = json;
    set.mergedContent = merged.mergedContent;
    fields.push('content');
    // The first save after signing was cancelled is a new revision of what was sent.
    if (revisionPending) {
      set.version = sql`${documentInstances.version} + 1` as unknown as number;
      revisionPending = false;
    }
  }
  if (revisionPending !== current.revisionPending) set.revisionPending = revisionPending;
  if (Object.keys(set).length === 0) return;
  await ctx.db
    .update(documentInstances)
    .set(set)
    .where(rowInOrganization(documentInstances, ctx.orgId, id));
  await recordAuditEvent(ctx.db, ctx, {
    action: 'document.updated',
    resource: 'document_instances',
    resourceId: id,
    details: { name: set.name ?? current.name, fields, ...(set.status ? { status: set.status } : {}) },
  });
}
