import type { VerificationResult } from '../../../common/signing/verification-result';
import type { Database } from '../../db';
import type { FileStore } from '../../lib/file-store';
import {
  auditRowsOf,
  organizationNameOf,
  recipientsOf,
  type SealedRequestRow,
  sealedFileBytes,
  sha256Hex,
} from './load-sealed-request';
import { verifySealedChain } from './sealed-chain';

/** j•••@example.com: enough to recognise oneself, not enough to harvest addresses. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** What anyone holding the sealed file (or its id) may see; the chain re-computed now. */
export async function presentVerification(
  db: Database,
  store: FileStore,
  row: SealedRequestRow,
): Promise<VerificationResult> {
  const [organizationName, recipients, events, bytes] = await Promise.all([
    organizationNameOf(db, row.organizationId),
    recipientsOf(db, row),
    auditRowsOf(db, row),
    sealedFileBytes(db, store, row),
  ]);
  const names = new Map(recipients.map((r) => [r.id, r.name]));
  const chain = verifySealedChain(events, row);
  return {
    found: true,
    verificationId: row.verificationId ?? '',
    organizationName,
    documentTitle: row.title,
    sealedAt: (row.sealedAt ?? row.updatedAt).toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    sealLevel: row.sealLevel,
    finalDocumentHash: row.finalDocumentHash ?? '',
    documentHash: row.documentHash,
    recipients: recipients.map((r) => ({
      name: r.name,
      maskedEmail: maskEmail(r.email),
      role: r.role,
      viewedAt: r.viewedAt?.toISOString() ?? null,
      signedAt: r.signedAt?.toISOString() ?? null,
    })),
    events: events.map((e) => ({
      sequence: e.sequence,
      eventType: e.eventType,
      timestamp: e.timestamp.toISOString(),
      recipientName: e.recipientId ? (names.get(e.recipientId) ?? null) : null,
    })),
    chain: {
      valid: chain.valid,
      events: chain.events,
      ...(chain.brokenAt
        ? { brokenAt: { sequence: chain.brokenAt.sequence, reason: chain.brokenAt.reason } }
        : {}),
    },
    sealedFileIntact: bytes ? sha256Hex(bytes) === row.finalDocumentHash : null,
  };
}
