import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { enhancedSignatures } from '../../db/schema/signing';
import { consentText, type Evidence, evidenceFormat } from './evidence-format';
import {
  auditRowsOf,
  organizationNameOf,
  recipientsOf,
  type SealedRequestRow,
  sealCertificatesOf,
} from './load-sealed-request';
import { verifySealedChain } from './sealed-chain';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The evidence JSON of a sealed request (the caller checked it is sealed and the caller's). */
export async function buildEvidence(db: Database, row: SealedRequestRow): Promise<Evidence> {
  const [organizationName, recipients, events, signatures, certificates] = await Promise.all([
    organizationNameOf(db, row.organizationId),
    recipientsOf(db, row),
    auditRowsOf(db, row),
    db
      .select()
      .from(enhancedSignatures)
      .where(
        and(
          eq(enhancedSignatures.organizationId, row.organizationId),
          eq(enhancedSignatures.signatureRequestId, row.id),
        ),
      )
      .orderBy(asc(enhancedSignatures.signingTime)),
    sealCertificatesOf(db, row),
  ]);
  const chain = verifySealedChain(events, row);
  const versions = [...new Set(recipients.flatMap((r) => (r.consentVersion ? [r.consentVersion] : [])))];
  return {
    format: evidenceFormat,
    generatedAt: new Date().toISOString(),
    organization: { name: organizationName },
    request: {
      id: row.id,
      title: row.title,
      sentAt: iso(row.sentAt),
      completedAt: iso(row.completedAt),
      sealedAt: iso(row.sealedAt),
      sealLevel: row.sealLevel,
      timestampError: row.timestampError,
      documentHash: row.documentHash,
      finalDocumentHash: row.finalDocumentHash ?? '',
      verificationId: row.verificationId,
    },
    recipients: recipients.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      role: r.role,
      authMethod: r.authMethod,
      consentVersion: r.consentVersion,
      consentedAt: iso(r.consentedAt),
      viewedAt: iso(r.viewedAt),
      signedAt: iso(r.signedAt),
      ipAddress: r.ipAddress,
      userAgent: r.userAgent,
    })),
    signatures: signatures.map((s) => ({
      recipientId: s.recipientId,
      fieldId: s.fieldId,
      signatureType: s.signatureType,
      cryptographicHash: s.cryptographicHash,
      timestampToken: s.timestampToken,
      signingTime: s.signingTime.toISOString(),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    })),
    auditEvents: events.map((e) => ({
      id: e.id,
      organizationId: e.organizationId,
      signatureRequestId: e.signatureRequestId,
      recipientId: e.recipientId,
      sequence: e.sequence,
      eventType: e.eventType,
      eventData: e.eventData ?? null,
      timestamp: e.timestamp.toISOString(),
      ipAddress: e.ipAddress,
      userAgent: e.userAgent,
      sessionId: e.sessionId,
      deviceFingerprint: e.deviceFingerprint,
      previousEventHash: e.previousEventHash,
      cryptoHash: e.cryptoHash,
    })),
    chain: {
      valid: chain.valid,
      events: chain.events,
      finalHash: chain.finalHash,
      sealedChainHash: row.sealedChainHash,
      sealedChainSequence: row.sealedChainSequence,
    },
    consentTexts: versions.flatMap((version) => {
      const text = consentText(version);
      return text ? [{ version, text }] : [];
    }),
    certificates,
  };
}
