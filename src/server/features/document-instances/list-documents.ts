import { and, eq, ilike, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { documentInstanceStatuses } from '../../../common/allowed-values';
import {
  containsPattern,
  cursorField,
  keysetPage,
  type KeysetSpec,
  listQuerySchema,
  listTotal,
  planKeysetPage,
  sortCaseInsensitively,
} from '../../lib/keyset-pagination';
import type { ServiceContext } from '../../lib/service-context';
import { inOrganization, queryFilter, withinDates } from '../../lib/tenant-scope';
import { clients, deals } from '../../db/schema/crm';
import { documentInstances, documentTemplates } from '../../db/schema/documents';
import {
  clientOfDocument,
  dealOfDocument,
  type DocumentListRow,
  documentListFields,
  documentPresenterFor,
  templateOfDocument,
} from './present-document';

const dateFilter = (label: string) =>
  queryFilter(
    z
      .string()
      .max(40, `${label} must be a date`)
      .refine((value) => !Number.isNaN(Date.parse(value)), `${label} must be a date`),
  );

/** GET /api/document-instances: paging, `?search=` on the name and filters. */
export const listDocumentsQuerySchema = listQuerySchema.extend({
  status: queryFilter(z.enum(documentInstanceStatuses, { error: 'Invalid status' })),
  clientId: queryFilter(z.guid({ error: 'Invalid client ID' })),
  dealId: queryFilter(z.guid({ error: 'Invalid deal ID' })),
  templateId: queryFilter(z.guid({ error: 'Invalid template ID' })),
  createdFrom: dateFilter('Created from'),
  createdTo: dateFilter('Created to'),
  /** Archived documents are out of the list unless asked for (`true`: only them). */
  archived: queryFilter(z.enum(['true', 'false'], { error: 'archived must be true or false' })),
});

export type ListDocumentsQuery = z.infer<typeof listDocumentsQuerySchema>;

export const documentListSpec: KeysetSpec = {
  sortable: {
    createdAt: documentInstances.createdAt,
    updatedAt: documentInstances.updatedAt,
    name: sortCaseInsensitively(documentInstances.name),
    status: documentInstances.status,
  },
  defaultSort: '-createdAt',
  id: documentInstances.id,
};

/** The list's filters (the bulk "all matching" form uses the same). */
export function documentConditions(ctx: ServiceContext, query: Partial<ListDocumentsQuery>): SQL {
  return inOrganization(
    documentInstances,
    ctx.orgId,
    // The name's trigram index serves `ilike '%term%'`.
    query.search ? ilike(documentInstances.name, containsPattern(query.search)) : undefined,
    query.status ? eq(documentInstances.status, query.status) : undefined,
    query.clientId ? eq(documentInstances.clientId, query.clientId) : undefined,
    query.dealId ? eq(documentInstances.dealId, query.dealId) : undefined,
    query.templateId ? eq(documentInstances.templateId, query.templateId) : undefined,
    ...withinDates(documentInstances.createdAt, query.createdFrom, query.createdTo),
    query.archived === 'true'
      ? isNotNull(documentInstances.archivedAt)
      : isNull(documentInstances.archivedAt),
  );
}

export async function listDocuments(ctx: ServiceContext, query: ListDocumentsQuery) {
  const plan = planKeysetPage(query, documentListSpec);
  const where = documentConditions(ctx, query);
  const [rows, total] = await Promise.all([
    ctx.db
      .select({ ...documentListFields, [cursorField]: plan.cursorValue })
      .from(documentInstances)
      .leftJoin(documentTemplates, templateOfDocument(ctx.orgId))
      .leftJoin(clients, clientOfDocument(ctx.orgId))
      .leftJoin(deals, dealOfDocument(ctx.orgId))
      .where(and(where, plan.after))
      .orderBy(...plan.orderBy)
      .limit(plan.fetch),
    listTotal(ctx.db, documentInstances, where),
  ]);
  return keysetPage(
    rows as unknown as (DocumentListRow & { [cursorField]: string | null })[],
    plan,
    total,
    documentPresenterFor(ctx),
  );
}
