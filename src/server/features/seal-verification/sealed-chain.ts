import type { signatureAuditTrail } from '../../db/schema/signing';
import { type AuditChainVerification, verifyAuditRows } from '../signing/audit-chain';

export type AuditRow = typeof signatureAuditTrail.$inferSelect;

export interface SealedChainVerification extends AuditChainVerification {
  sealedChainHash: string | null;
  sealedChainSequence: number | null;
}

/**
 * Re-computes a sealed request's chain and checks that the event the completion certificate
 * quotes still carries the hash printed there: rewriting the whole chain consistently after
 * sealing is caught too, not only an edit of one event.
 */
export function verifySealedChain(
  rows: AuditRow[],
  sealed: { sealedChainHash: string | null; sealedChainSequence: number | null },
): SealedChainVerification {
  const chain = verifyAuditRows(rows);
  const result = {
    ...chain,
    sealedChainHash: sealed.sealedChainHash,
    sealedChainSequence: sealed.sealedChainSequence,
  };
  if (!chain.valid || !sealed.sealedChainHash || sealed.sealedChainSequence === null) return result;
  const quoted = rows.find((row) => row.sequence === sealed.sealedChainSequence);
  if (quoted?.cryptoHash === sealed.sealedChainHash) return result;
  return {
    ...result,
    valid: false,
    brokenAt: {
      eventId: quoted?.id ?? '',
      sequence: sealed.sealedChainSequence,
      reason: quoted
        ? 'The event differs from the one sealed into the document'
        : 'The event sealed into the document is missing',
    },
  };
}
