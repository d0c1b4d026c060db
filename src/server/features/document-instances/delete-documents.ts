import { inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { documentNotFoundMessage } from '../../../common/validation/documents';
import { documentInstances } from '../../db/schema/documents';
import { forbidden, notFound } from '../../lib/app-error';
import { actorCan, isUuid, type ServiceContext } from '../../lib/service-context';
import { inOrganization, maxBulkIds, rowInOrganization } from '../../lib/tenant-scope';
import { recordAuditEvent } from '../audit/record-audit-event';
import { recordBulkDelete } from '../audit/record-bulk-delete';
import { assertNothingRetained, retainedDocumentMessage, retainedHolderMessage } from '../signing/retention';
import { documentConditions, listDocumentsQuerySchema } from './list-documents';

/** DELETE /api/document-instances/:id: the row goes (fields, shares… cascade); an uploaded file goes with the sweep. */
export async function deleteDocument(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(documentNotFoundMessage);
  await ctx.db.transaction(async (tx) => {
    // Locked first: a completion (which moves this row to completed) cannot slip in between.
    await tx
      .select({ id: documentInstances.id })
      .from(documentInstances)
      .where(rowInOrganization(documentInstances, ctx.orgId, id))
      .for('update');
    await assertNothingRetained(tx, ctx.orgId, { documents: [id] }, retainedDocumentMessage);
    const [row] = await tx
      .delete(documentInstances)
      .where(rowInOrganization(documentInstances, ctx.orgId, id))
      .returning({ name: documentInstances.name });
    if (!row) throw notFound(documentNotFoundMessage);
    await recordAuditEvent(tx, ctx, {
      action: 'document.deleted',
      resource: 'document_instances',
      resourceId: id,
      details: { name: row.name },
    });
  });
}

export const documentBulkActions = ['archive', 'unarchive', 'delete'] as const;

const filters = listDocumentsQuerySchema.omit({ limit: true, cursor: true, sort: true });

export const chooseDocumentsMessage = 'Choose documents (ids), or all: true with the list filters';

/** POST /api/document-instances/bulk: the ids chosen, or every document matching the list's filters. */
export const bulkDocumentsSchema = filters
  .extend({
    ids: z
      .array(z.guid({ error: 'Invalid document ID' }), { error: 'ids must be a list of document IDs' })
      .min(1, 'Choose at least one document')
      .max(maxBulkIds, `At most ${maxBulkIds} documents at once`)
      .optional(),
    all: z.literal(true, { error: 'all must be true' }).optional(),
    action: z.enum(documentBulkActions, { error: 'Action must be archive, unarchive or delete' }),
  })
  .superRefine((body, ctx) => {
    if ((body.ids === undefined) === (body.all === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: chooseDocumentsMessage });
    }
  });

export type BulkDocumentsInput = z.infer<typeof bulkDocumentsSchema>;

/**
 * One statement in one transaction over the caller's organization's documents (another
 * organization's ids simply match nothing). Archiving needs documents edit or update,
 * deleting documents delete.
 */
export async function bulkDocuments(ctx: ServiceContext, input: BulkDocumentsInput) {
  const may =
    input.action === 'delete'
      ? actorCan(ctx.actor, 'documents', 'delete')
      : actorCan(ctx.actor, 'documents', 'edit') || actorCan(ctx.actor, 'documents', 'update');
  if (!may) throw forbidden();
  const chosen: SQL = input.ids
    ? inOrganization(documentInstances, ctx.orgId, inArray(documentInstances.id, [...new Set(input.ids)]))
    : documentConditions(ctx, input);
  return ctx.db.transaction(async (tx) => {
    if (input.action === 'delete') {
      const chosenIds = tx.select({ id: documentInstances.id }).from(documentInstances).where(chosen);
      await assertNothingRetained(
        tx,
        ctx.orgId,
        { documents: chosenIds },
        retainedHolderMessage('documents'),
      );
      const deleted = await tx
        .delete(documentInstances)
        .where(chosen)
        .returning({ id: documentInstances.id });
      if (deleted.length > 0) {
        await recordBulkDelete(ctx, 'document_instances')(
          tx,
          deleted.map(({ id }) => id),
        );
      }
      return { affected: deleted.length };
    }
    const archiving = input.action === 'archive';
    const changed = await tx
      .update(documentInstances)
      // Archiving is filing, not editing: the version (updatedAt) stays as it is.
      .set({ archivedAt: archiving ? new Date() : null, updatedAt: sql`${documentInstances.updatedAt}` })
      .where(
        inOrganization(
          documentInstances,
          ctx.orgId,
          chosen,
          archiving ? isNull(documentInstances.archivedAt) : isNotNull(documentInstances.archivedAt),
        ),
      )
      .returning({ id: documentInstances.id });
    return { affected: changed.length };
  });
}
