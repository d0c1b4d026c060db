import { createHash } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { signatureAuditEvents } from '../../../common/allowed-values';
import type { Database } from '../../db';
import { enhancedSignatureRequests, signatureAuditTrail } from '../../db/schema/signing';
import type { Transaction } from '../../lib/transaction';

export type SignatureAuditEventType = (typeof signatureAuditEvents)[number];

export interface SignatureAuditEventInput {
  organizationId: string;
  signatureRequestId: string;
  recipientId?: string | null;
  eventType: SignatureAuditEventType;
  eventData?: Record<string, unknown> | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  sessionId?: string | null;
  deviceFingerprint?: string | null;
}

type AuditRow = typeof signatureAuditTrail.$inferSelect;

/** JSON with object keys sorted at every depth: jsonb reorders keys, the hash must not care. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What an event's hash covers: everything recorded about it, and its place in the chain. */
function eventContent(row: Omit<AuditRow, 'id' | 'cryptoHash' | 'createdAt' | 'updatedAt' | 'geolocation'>) {
  return canonicalJson({
    organizationId: row.organizationId,
    signatureRequestId: row.signatureRequestId,
    recipientId: row.recipientId,
    sequence: row.sequence,
    eventType: row.eventType,
    eventData: row.eventData ?? null,
    timestamp: row.timestamp,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    sessionId: row.sessionId,
    deviceFingerprint: row.deviceFingerprint,
    previousEventHash: row.previousEventHash,
  });
}

export function hashAuditEvent(previousHash: string | null, content: string) {
  return createHash('sha256')
    .update(previousHash ?? '')
    .update('\n')
    .update(content)
    .digest('hex');
}

/**
 * Appends one event to a request's audit chain in the caller's transaction (the only writer of
 * signature_audit_trail). The request row is locked so two steps of one request never race for
 * the same sequence number; cryptoHash = SHA-256(previous hash, canonical content).
 */
export async function appendSignatureAuditEvent(tx: Transaction, input: SignatureAuditEventInput) {
  await tx
    .select({ id: enhancedSignatureRequests.id })
    .from(enhancedSignatureRequests)
    .where(
      and(
        eq(enhancedSignatureRequests.id, input.signatureRequestId),
        eq(enhancedSignatureRequests.organizationId, input.organizationId),
      ),
    )
    .for('update');
  const [last] = await tx
    .select({ sequence: signatureAuditTrail.sequence, cryptoHash: signatureAuditTrail.cryptoHash })
    .from(signatureAuditTrail)
    .where(eq(signatureAuditTrail.signatureRequestId, input.signatureRequestId))
    .orderBy(desc(signatureAuditTrail.sequence))
    .limit(1);
  const row = {
    organizationId: input.organizationId,
    signatureRequestId: input.signatureRequestId,
    recipientId: input.recipientId ?? null,
    sequence: (last?.sequence ?? 0) + 1,
    eventType: input.eventType,
    eventData: input.eventData ?? null,
    timestamp: new Date(),
    ipAddress: input.ipAddress ?? null,
    userAgent: input.userAgent ?? null,
    sessionId: input.sessionId ?? null,
    deviceFingerprint: input.deviceFingerprint ?? null,
    previousEventHash: last?.cryptoHash ?? null,
  };
  const cryptoHash = hashAuditEvent(row.previousEventHash, eventContent(row));
  const [inserted] = await tx
    .insert(signatureAuditTrail)
    .values({ ...row, cryptoHash })
    .returning();
  return inserted;
}

export interface AuditChainVerification {
  valid: boolean;
  events: number;
  /** The hash of the last event: what the completion certificate quotes. */
  finalHash: string | null;
  /** The first event that does not verify (edited, inserted out of order, or after a deleted one). */
  brokenAt?: { eventId: string; sequence: number; reason: string };
}

/** Re-computes a request's chain from the stored events (scoped to the organization). */
export async function verifySignatureAuditChain(
  db: Database | Transaction,
  organizationId: string,
  signatureRequestId: string,
): Promise<AuditChainVerification> {
  const rows = await db
    .select()
    .from(signatureAuditTrail)
    .where(
      and(
        eq(signatureAuditTrail.organizationId, organizationId),
        eq(signatureAuditTrail.signatureRequestId, signatureRequestId),
      ),
    )
    .orderBy(asc(signatureAuditTrail.sequence));
  return verifyAuditRows(rows);
}

export function verifyAuditRows(rows: AuditRow[]): AuditChainVerification {
  let previous: string | null = null;
  for (const [index, row] of rows.entries()) {
    const broken = (reason: string): AuditChainVerification => ({
      valid: false,
      events: rows.length,
      finalHash: rows.at(-1)?.cryptoHash ?? null,
      brokenAt: { eventId: row.id, sequence: row.sequence, reason },
    });
    if (row.sequence !== index + 1) return broken('An event before this one is missing');
    if (row.previousEventHash !== previous) return broken('The link to the previous event does not match');
    if (hashAuditEvent(previous, eventContent(row)) !== row.cryptoHash) {
      return broken('The event was changed after it was recorded');
    }
    previous = row.cryptoHash;
  }
  return { valid: true, events: rows.length, finalHash: previous };
}
