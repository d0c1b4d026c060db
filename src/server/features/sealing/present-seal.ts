import type { Database } from '../../db';
import { digitalCertificates, type enhancedSignatureRequests } from '../../db/schema/signing';
import type { Transaction } from '../../lib/transaction';
import { rowInOrganization } from '../../lib/tenant-scope';

type RequestRow = typeof enhancedSignatureRequests.$inferSelect;

/** The seal as the request detail shows it (CONTRACT.md): null until the request is completed. */
export async function presentSeal(db: Database | Transaction, request: RequestRow) {
  if (request.status !== 'completed' && !request.sealStatus) return null;
  const [certificate] = request.sealCertificateId
    ? await db
        .select({
          id: digitalCertificates.id,
          subject: digitalCertificates.subject,
          serialNumber: digitalCertificates.serialNumber,
          fingerprint: digitalCertificates.fingerprint,
        })
        .from(digitalCertificates)
        .where(rowInOrganization(digitalCertificates, request.organizationId, request.sealCertificateId))
        .limit(1)
    : [];
  return {
    // A request completed before sealing existed waits for a seal like a fresh one.
    status: request.sealStatus ?? ('pending' as const),
    error: request.sealError,
    sealedAt: request.sealedAt?.toISOString() ?? null,
    level: request.sealLevel,
    timestampError: request.timestampError,
    finalDocumentHash: request.finalDocumentHash,
    verificationId: request.verificationId,
    certificate: certificate ?? null,
  };
}

export type SealView = Awaited<ReturnType<typeof presentSeal>>;
