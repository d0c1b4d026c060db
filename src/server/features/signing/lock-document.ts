import { and, eq } from 'drizzle-orm';
import { documentInstances } from '../../db/schema/documents';
import type { Transaction } from '../../lib/transaction';

/** Placing a request's fields freezes the document's content: a draft document becomes locked_for_signing. */
export async function lockDocumentForSigning(tx: Transaction, orgId: string, documentInstanceId: string) {
  await tx
    .update(documentInstances)
    .set({ status: 'locked_for_signing', updatedAt: new Date() })
    .where(
      and(
        eq(documentInstances.organizationId, orgId),
        eq(documentInstances.id, documentInstanceId),
        eq(documentInstances.status, 'draft'),
      ),
    );
}
