import { and, eq } from 'drizzle-orm';
import { documentNotFoundMessage } from '../../../common/validation/documents';
import { clients, deals } from '../../db/schema/crm';
import { documentInstances, documentTemplates } from '../../db/schema/documents';
import { notFound } from '../../lib/app-error';
import { actorCan, isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { missingFieldsOf } from './document-content';

/** What a document list row shows; the names come from one left join each (no N+1). */
export const documentListFields = {
  id: documentInstances.id,
  name: documentInstances.name,
  status: documentInstances.status,
  version: documentInstances.version,
  source: documentInstances.source,
  templateId: documentInstances.templateId,
  templateName: documentTemplates.name,
  clientId: documentInstances.clientId,
  clientName: clients.displayName,
  dealId: documentInstances.dealId,
  dealName: deals.dealName,
  pageCount: documentInstances.pageCount,
  archivedAt: documentInstances.archivedAt,
  createdAt: documentInstances.createdAt,
  updatedAt: documentInstances.updatedAt,
  createdBy: documentInstances.createdBy,
};

export type DocumentListRow = {
  [K in keyof typeof documentListFields]: (typeof documentListFields)[K]['_']['data'] | null;
} & { id: string; name: string; status: string; createdAt: Date; updatedAt: Date };

/** Left-join conditions that only ever match rows of the caller's organization. */
export const templateOfDocument = (orgId: string) =>
  and(eq(documentTemplates.id, documentInstances.templateId), eq(documentTemplates.organizationId, orgId));
export const clientOfDocument = (orgId: string) =>
  and(eq(clients.id, documentInstances.clientId), eq(clients.organizationId, orgId));
export const dealOfDocument = (orgId: string) =>
  and(eq(deals.id, documentInstances.dealId), eq(deals.organizationId, orgId));

/** A list row as answered: client and deal names only for a caller who may read them. */
export function documentPresenterFor(ctx: ServiceContext) {
  const seesClients = actorCan(ctx.actor, 'clients', 'read');
  const seesDeals = actorCan(ctx.actor, 'deals', 'read');
  return (row: DocumentListRow) => ({
    id: row.id,
    name: row.name,
    status: row.status,
    version: row.version,
    source: row.source,
    templateId: row.templateId,
    templateName: row.templateName,
    clientId: row.clientId,
    clientName: seesClients ? row.clientName : null,
    dealId: row.dealId,
    dealName: seesDeals ? row.dealName : null,
    pageCount: row.pageCount,
    archivedAt: row.archivedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    createdBy: row.createdBy,
  });
}

/** The stored row of a document of the caller's organization (404 otherwise). */
export async function documentRowOf(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(documentNotFoundMessage);
  const [row] = await ctx.db
    .select()
    .from(documentInstances)
    .where(rowInOrganization(documentInstances, ctx.orgId, id))
    .limit(1);
  if (!row) throw notFound(documentNotFoundMessage);
  return row;
}

/** GET /api/document-instances/:id: the list fields, the content, the merged content and what is missing. */
export async function getDocument(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(documentNotFoundMessage);
  const [row] = await ctx.db
    .select({
      ...documentListFields,
      content: documentInstances.content,
      mergedContent: documentInstances.mergedContent,
      revisionPending: documentInstances.revisionPending,
      updatedBy: documentInstances.updatedBy,
    })
    .from(documentInstances)
    .leftJoin(documentTemplates, templateOfDocument(ctx.orgId))
    .leftJoin(clients, clientOfDocument(ctx.orgId))
    .leftJoin(deals, dealOfDocument(ctx.orgId))
    .where(rowInOrganization(documentInstances, ctx.orgId, id))
    .limit(1);
  if (!row) throw notFound(documentNotFoundMessage);
  return {
    ...documentPresenterFor(ctx)(row as DocumentListRow),
    content: row.content,
    mergedContent: row.mergedContent,
    revisionPending: row.revisionPending,
    updatedBy: row.updatedBy,
    missing: await missingFieldsOf(ctx, row.mergedContent),
  };
}

export type DocumentAnswer = Awaited<ReturnType<typeof getDocument>>;
