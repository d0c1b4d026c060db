import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UpdateDocumentTemplateInput } from '../../../common/validation/documents';
import { documentTemplates } from '../../db/schema/documents';
import { parseIfMatch, VersionConflictError, withEtag } from '../../lib/record-version';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { getDocumentTemplate, updateDocumentTemplate } from './document-templates';

/*
 * PATCH /api/document-templates/:id under optimistic concurrency (docs/decisions/017), as
 * `updateWithVersion` does it, less the "changed by" (document_templates has no updated_by
 * column): the row is locked, its version compared with If-Match, the change applied and the
 * version moved on by at least one millisecond, all in one transaction.
 */
export async function updateDocumentTemplateVersioned(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: ServiceContext,
  id: string,
  input: UpdateDocumentTemplateInput,
) {
  const expected = parseIfMatch(request.headers['if-match']);
  // A malformed id: the template's own 404.
  if (!isUuid(id)) return getDocumentTemplate(ctx, id);
  const where = rowInOrganization(documentTemplates, ctx.orgId, id);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        version: sql<string>`floor(extract(epoch from ${documentTemplates.updatedAt}) * 1000)::bigint::text`,
      })
      .from(documentTemplates)
      .where(where)
      .for('update');
    if (!row) return { found: false as const };
    if (expected && !expected.includes(Number(row.version))) return { found: true as const, stale: true };
    const inTx = { ...ctx, db: tx };
    await updateDocumentTemplate(inTx, id, input);
    await tx
      .update(documentTemplates)
      .set({
        updatedAt: sql`greatest(date_trunc('milliseconds', clock_timestamp()),
          'epoch'::timestamptz + (${row.version}::bigint + 1) * interval '1 millisecond')`,
      })
      .where(where);
    return { found: true as const, stale: false, record: await getDocumentTemplate(inTx, id) };
  });
  if (!outcome.found) return getDocumentTemplate(ctx, id);
  if (outcome.stale || !outcome.record) throw new VersionConflictError(await getDocumentTemplate(ctx, id));
  return withEtag(reply, outcome.record);
}
