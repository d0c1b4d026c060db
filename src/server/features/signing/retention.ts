import { and, count, eq, inArray, notInArray, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db';
import { clients, deals } from '../../db/schema/crm';
import { documentInstances } from '../../db/schema/documents';
import { enhancedSignatureRequests } from '../../db/schema/signing';
import { conflict } from '../../lib/app-error';
import type { BulkSelection } from '../../lib/bulk-job';
import type { Transaction } from '../../lib/transaction';

/*
 * Retention (issue 18): a completed signature request — sealed, being sealed, or waiting for a
 * retry — is evidence. Its document, recipients, fields, signatures, audit events and sealed file
 * stay as they are for the organization's whole life; only deleting the organization removes
 * them. Checked by the services (no database trigger): the integrity check must still be able to
 * catch a row changed behind the application's back.
 */

export const retainedDocumentMessage =
  'This document is signed and sealed; it is kept as evidence and cannot be changed or deleted.';

export const retainedHolderMessage = (what: 'deal' | 'client' | 'deals' | 'clients' | 'documents') =>
  what === 'documents'
    ? 'Some of these documents are signed and sealed; they are kept as evidence and cannot be deleted. Nothing was deleted.'
    : what.endsWith('s')
      ? `Some of these ${what} hold signed and sealed documents, kept as evidence; they cannot be deleted. Nothing was deleted.`
      : `This ${what} holds signed and sealed documents, kept as evidence; it cannot be deleted.`;

/** The request statuses whose rows are kept as evidence. */
export const isRetainedRequest = (request: { status: string }) => request.status === 'completed';

type Db = Database | Transaction;
type Ids = string[] | SQLWrapper;

/** Which records' completed requests to look for: documents, deals or clients by id (a list or a subquery). */
export type RetentionScope = { documents: Ids } | { deals: Ids } | { clients: Ids };

function documentsWhere(db: Db, orgId: string, condition: SQL) {
  return db
    .select({ id: documentInstances.id })
    .from(documentInstances)
    .where(and(eq(documentInstances.organizationId, orgId), condition));
}

function scopeCondition(db: Db, orgId: string, scope: RetentionScope): SQL | undefined {
  const requests = enhancedSignatureRequests;
  if ('documents' in scope) return inArray(requests.documentInstanceId, scope.documents);
  if ('deals' in scope) {
    // A request may name the deal itself, or its document does (both cascade from the deal).
    return or(
      inArray(requests.dealId, scope.deals),
      inArray(
        requests.documentInstanceId,
        documentsWhere(db, orgId, inArray(documentInstances.dealId, scope.deals)),
      ),
    );
  }
  return inArray(
    requests.documentInstanceId,
    documentsWhere(db, orgId, inArray(documentInstances.clientId, scope.clients)),
  );
}

/** How many of the organization's completed requests the scope's records hold. */
export async function retainedRequestCount(db: Db, orgId: string, scope: RetentionScope): Promise<number> {
  const ids = Object.values(scope)[0] as Ids;
  if (Array.isArray(ids) && ids.length === 0) return 0;
  const [row] = await db
    .select({ count: count() })
    .from(enhancedSignatureRequests)
    .where(
      and(
        eq(enhancedSignatureRequests.organizationId, orgId),
        eq(enhancedSignatureRequests.status, 'completed'),
        scopeCondition(db, orgId, scope),
      ),
    );
  return row?.count ?? 0;
}

/** 409 `message` when the scope's records hold a completed request. */
export async function assertNothingRetained(db: Db, orgId: string, scope: RetentionScope, message: string) {
  if ((await retainedRequestCount(db, orgId, scope)) > 0) throw conflict(message);
}

/** The ids a bulk selection names, as a subquery (a filter's rows less the excluded ids). */
export function selectionIds(db: Db, table: typeof deals | typeof clients, selection: BulkSelection): Ids {
  if ('ids' in selection) return selection.ids;
  const excluded = [...new Set(selection.excludeIds ?? [])];
  return db
    .select({ id: table.id })
    .from(table)
    .where(and(selection.where, excluded.length ? notInArray(table.id, excluded) : undefined));
}
