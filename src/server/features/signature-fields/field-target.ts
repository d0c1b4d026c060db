import { documentLockedMessage, isFrozenDocumentStatus } from '../../../common/validation/documents';
import { buffer } from 'node:stream/consumers';
import { parseDocumentContent } from '../../../common/documents/document-content';
import { canAny } from '../../../common/permissions';
import type { PermissionAction, PermissionCategory } from '../../../common/permissions';
import { documentInstances, documentTemplates } from '../../db/schema/documents';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { readPdfPages, type PdfPageSize } from '../document-rendering/read-pdf-pages';
import { letterPage, renderDocumentPdf } from '../document-rendering/render-document-pdf';
import { retainedDocumentMessage } from '../signing/retention';

/*
 * What a signature field sits on: a document instance or a template. Loads it within the
 * caller's organization (another organization's id is 404), checks the caller's permission for
 * that kind, refuses changes to a document frozen for signing, and knows its pages' sizes.
 */

export type FieldTarget =
  | { kind: 'instance'; id: string; status: string; source: string; fileId: string | null; content: string }
  | { kind: 'template'; id: string; content: string };

export const documentNotFoundMessage = 'Document not found';
export const templateNotFoundMessage = 'Template not found';

type Check = [PermissionCategory, PermissionAction];
const access: Record<FieldTarget['kind'], Record<'read' | 'write', Check[]>> = {
  instance: {
    read: [
      ['documents', 'view'],
      ['documents', 'read'],
    ],
    write: [
      ['documents', 'edit'],
      ['documents', 'update'],
    ],
  },
  template: {
    read: [
      ['documents', 'read'],
      ['documents', 'view'],
      ['documents', 'create'],
      ['settings', 'manage'],
    ],
    write: [['settings', 'manage']],
  },
};

/** 403 unless the caller may read or change fields of this kind of target. */
export function assertFieldAccess(ctx: ServiceContext, kind: FieldTarget['kind'], mode: 'read' | 'write') {
  if (!canAny(ctx.actor, access[kind][mode])) throw forbidden();
}

export async function loadTarget(
  ctx: ServiceContext,
  ref: { documentInstanceId?: string | null; templateId?: string | null },
): Promise<FieldTarget> {
  if (ref.documentInstanceId) {
    const id = ref.documentInstanceId;
    if (!isUuid(id)) throw notFound(documentNotFoundMessage);
    const [row] = await ctx.db
      .select({
        id: documentInstances.id,
        status: documentInstances.status,
        source: documentInstances.source,
        fileId: documentInstances.fileId,
        content: documentInstances.content,
        mergedContent: documentInstances.mergedContent,
      })
      .from(documentInstances)
      .where(rowInOrganization(documentInstances, ctx.orgId, id))
      .limit(1);
    if (!row) throw notFound(documentNotFoundMessage);
    return { kind: 'instance', ...row, content: row.mergedContent ?? row.content };
  }
  const id = ref.templateId ?? '';
  if (!isUuid(id)) throw notFound(templateNotFoundMessage);
  const [row] = await ctx.db
    .select({ id: documentTemplates.id, content: documentTemplates.content })
    .from(documentTemplates)
    .where(rowInOrganization(documentTemplates, ctx.orgId, id))
    .limit(1);
  if (!row) throw notFound(templateNotFoundMessage);
  return { kind: 'template', ...row };
}

/** 409 when the fields of a document frozen for signing would change. */
export function assertNotFrozen(target: FieldTarget) {
  if (target.kind !== 'instance') return;
  // Completed only through its signature request: signed and sealed, kept as evidence.
  if (target.status === 'completed') throw conflict(retainedDocumentMessage);
  if (isFrozenDocumentStatus(target.status)) throw conflict(documentLockedMessage);
}

/**
 * The target's pages: an uploaded PDF's own sizes; a rendered document's (or template's) page
 * count at US Letter. A template's pages are those of its unmerged content: merged values change
 * the length a little, which smart positioning absorbs and the clamp keeps inside the page.
 */
export async function pagesOf(
  ctx: ServiceContext,
  files: FileStore,
  target: FieldTarget,
): Promise<PdfPageSize[]> {
  if (target.kind === 'instance' && target.source === 'upload') {
    const stream = target.fileId ? await files.open(ctx.orgId, target.fileId) : null;
    if (!stream) throw notFound('The document’s PDF file is missing');
    return (await readPdfPages(await buffer(stream))).pages;
  }
  const { pageCount } = await renderDocumentPdf({
    doc: parseDocumentContent(target.content),
    title: '',
    organization: { name: '' },
  });
  return Array.from({ length: pageCount }, (_, i) => ({ pageNumber: i + 1, ...letterPage }));
}
