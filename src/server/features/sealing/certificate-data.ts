import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db';
import {
  enhancedSignatureRecipients,
  enhancedSignatureRequests,
  signatureAuditTrail,
} from '../../db/schema/signing';
import { verifyAuditRows } from '../signing/audit-chain';
import { requestPeopleOf } from '../signing-session/signing-step-records';
import type { CertificateInput } from './certificate-pages';

type RequestRow = typeof enhancedSignatureRequests.$inferSelect;

/** The public page a verification id opens. */
export const verifyUrlOf = (appUrl: string, verificationId: string) =>
  `${appUrl.replace(/\/+$/, '')}/verify?id=${encodeURIComponent(verificationId)}`;

/**
 * What the completion certificate prints, read from the request's rows (organization-scoped), with
 * the audit chain re-verified: a seal never vouches for a chain that does not verify.
 */
export async function certificateDataOf(
  db: Database,
  appUrl: string,
  request: RequestRow & { verificationId: string },
): Promise<{ input: CertificateInput; chainHash: string | null; chainSequence: number | null }> {
  const orgId = request.organizationId;
  const [people, recipients, events] = await Promise.all([
    requestPeopleOf(db, request),
    db
      .select()
      .from(enhancedSignatureRecipients)
      .where(
        and(
          eq(enhancedSignatureRecipients.organizationId, orgId),
          eq(enhancedSignatureRecipients.signatureRequestId, request.id),
        ),
      )
      .orderBy(asc(enhancedSignatureRecipients.signatureOrder), asc(enhancedSignatureRecipients.createdAt)),
    db
      .select()
      .from(signatureAuditTrail)
      .where(
        and(
          eq(signatureAuditTrail.organizationId, orgId),
          eq(signatureAuditTrail.signatureRequestId, request.id),
        ),
      )
      .orderBy(asc(signatureAuditTrail.sequence)),
  ]);
  const chain = verifyAuditRows(events);
  if (!chain.valid) {
    throw new Error(
      `The audit trail does not verify at event ${chain.brokenAt?.sequence}: ${chain.brokenAt?.reason}`,
    );
  }
  const names = new Map(recipients.map((r) => [r.id, r.name]));
  const input: CertificateInput = {
    title: request.title,
    organizationName: people.organizationName,
    sender: { name: people.senderName, email: people.senderEmail },
    sentAt: request.sentAt,
    completedAt: request.completedAt,
    verificationId: request.verificationId,
    verifyUrl: verifyUrlOf(appUrl, request.verificationId),
    documentHash: request.documentHash,
    chain: { finalHash: chain.finalHash, events: chain.events },
    recipients: recipients.map((r) => ({
      name: r.name,
      email: r.email,
      role: r.role,
      authMethod: r.authMethod,
      consentVersion: r.consentVersion,
      consentedAt: r.consentedAt,
      ipAddress: r.ipAddress,
      userAgent: r.userAgent,
      viewedAt: r.viewedAt,
      signedAt: r.signedAt,
    })),
    events: events.map((e) => ({
      sequence: e.sequence,
      timestamp: e.timestamp,
      eventType: e.eventType,
      // An event without a recipient is the sender's own (sent, reminders).
      who: e.recipientId ? (names.get(e.recipientId) ?? 'Recipient') : people.senderName,
      ipAddress: e.ipAddress,
    })),
    createdAt: request.completedAt ?? undefined,
  };
  const last = events.at(-1);
  return { input, chainHash: last?.cryptoHash ?? null, chainSequence: last?.sequence ?? null };
}
