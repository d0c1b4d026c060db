import { and, eq } from 'drizzle-orm';
import type { documentInstanceStatuses } from '../../../common/allowed-values';
import { documentInstances } from '../../db/schema/documents';
import type { Transaction } from '../../lib/transaction';

type DocumentStatus = (typeof documentInstanceStatuses)[number];

/**
 * Moves the document a request signs to `status` in the caller's transaction, only from `from`
 * when given. Answers the document's deal and name (null when the request has no document or the
 * document was not in `from`).
 */
export async function setSigningDocumentStatus(
  tx: Transaction,
  request: { organizationId: string; documentInstanceId: string | null },
  status: DocumentStatus,
  from?: DocumentStatus,
) {
  if (!request.documentInstanceId) return null;
  const [document] = await tx
    .update(documentInstances)
    .set({ status, updatedAt: new Date() })
    .where(
      and(
        eq(documentInstances.organizationId, request.organizationId),
        eq(documentInstances.id, request.documentInstanceId),
        from ? eq(documentInstances.status, from) : undefined,
      ),
    )
    .returning({ dealId: documentInstances.dealId, name: documentInstances.name });
  return document ?? null;
}

/** Placing a request's fields freezes the document's content: a draft document becomes locked_for_signing. */
export async function lockDocumentForSigning(tx: Transaction, orgId: string, documentInstanceId: string) {
  await setSigningDocumentStatus(
    tx,
    { organizationId: orgId, documentInstanceId },
    'locked_for_signing',
    'draft',
  );
}
