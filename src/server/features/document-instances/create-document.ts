import type { CreateDocumentInstanceInput } from '../../../common/validation/documents';
import { documentInstances } from '../../db/schema/documents';
import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { copyTemplateFieldsToDocument, templateAnchorTexts } from '../signature-fields/copy-template-fields';
import { mergeForDocument, normaliseDocumentContent } from './document-content';
import { recordsForDocument, templateForDocument } from './document-records';
import { getDocument } from './present-document';
import { renderForDocument } from './render-for-document';

/**
 * POST /api/document-instances: a draft, version 1, for a client and/or deal. From a template
 * its content is the template's unless given; `mergedContent` is the content filled with the
 * deal's values (else the client's) and frozen there. Everything is checked before anything is
 * written; the row, the template's signature fields and the audit entry go in one transaction.
 */
export async function createDocument(ctx: ServiceContext, input: CreateDocumentInstanceInput) {
  const template = input.templateId ? await templateForDocument(ctx, input.templateId) : null;
  const refs = await recordsForDocument(ctx, input);
  const given = input.content?.trim() ? input.content : undefined;
  const { doc, json } = await normaliseDocumentContent(given ?? template?.content ?? '');
  const { mergedContent, values } = await mergeForDocument(ctx, doc, refs);
  const anchors = template ? await anchorsOf(ctx, template.id, mergedContent, input.name) : [];
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(documentInstances)
      .values({
        organizationId: ctx.orgId,
        templateId: template?.id ?? null,
        clientId: refs.clientId,
        dealId: refs.dealId,
        name: input.name,
        content: json,
        mergedContent,
        source: 'editor',
        createdBy: ctx.actor.id,
        updatedBy: ctx.actor.id,
      })
      .returning({ id: documentInstances.id });
    if (template) {
      await copyTemplateFieldsToDocument(tx, ctx, {
        templateId: template.id,
        documentInstanceId: row.id,
        anchors,
        values,
      });
    }
    await recordAuditEvent(tx, ctx, {
      action: 'document.created',
      resource: 'document_instances',
      resourceId: row.id,
      details: { name: input.name, templateId: template?.id ?? null },
    });
    return row.id;
  });
  return getDocument(ctx, id);
}

/**
 * Where the template's anchored fields land: the merged document is rendered only when the
 * template has such fields (a render costs tens of milliseconds).
 */
async function anchorsOf(ctx: ServiceContext, templateId: string, mergedContent: string, title: string) {
  const texts = await templateAnchorTexts(ctx.db, ctx, templateId);
  if (texts.length === 0) return [];
  const rendered = await renderForDocument(ctx, JSON.parse(mergedContent), title, texts);
  return rendered.anchors;
}
