import { and, asc, eq } from 'drizzle-orm';
import { enhancedSignatureRecipients } from '../../db/schema/signing';
import type { Transaction } from '../../lib/transaction';
import { actsOnDocument } from '../signing/signing-emails';

/**
 * The distinct signatureOrder values of a request's acting recipients (signer, approver,
 * notary), ascending: sequential step N is the Nth of them (orders 1, 3, 7 are steps 1, 2, 3).
 */
export async function stepOrdersOf(tx: Transaction, organizationId: string, requestId: string) {
  const rows = await tx
    .selectDistinct({
      order: enhancedSignatureRecipients.signatureOrder,
      role: enhancedSignatureRecipients.role,
    })
    .from(enhancedSignatureRecipients)
    .where(
      and(
        eq(enhancedSignatureRecipients.organizationId, organizationId),
        eq(enhancedSignatureRecipients.signatureRequestId, requestId),
      ),
    )
    .orderBy(asc(enhancedSignatureRecipients.signatureOrder));
  return [...new Set(rows.filter((row) => actsOnDocument(row.role)).map((row) => row.order))];
}
