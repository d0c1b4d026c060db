import { consentDisclosures } from '../../../common/signing/consent-disclosure';
import type { AuditRow } from './sealed-chain';

/*
 * The evidence file of a sealed request ("locus-evidence/1"): everything needed to re-check the
 * seal and the audit chain offline (`npm run verify`), with dates as ISO strings.
 */

export const evidenceFormat = 'locus-evidence/1';

type Iso = string | null;

export interface EvidenceAuditEvent {
  id: string;
  organizationId: string;
  signatureRequestId: string;
  recipientId: string | null;
  sequence: number;
  eventType: string;
  eventData: unknown;
  timestamp: string;
  ipAddress: string | null;
  userAgent: string | null;
  sessionId: string | null;
  deviceFingerprint: string | null;
  previousEventHash: string | null;
  cryptoHash: string | null;
}

export interface Evidence {
  format: typeof evidenceFormat;
  generatedAt: string;
  organization: { name: string };
  request: {
    id: string;
    title: string;
    sentAt: Iso;
    completedAt: Iso;
    sealedAt: Iso;
    sealLevel: string | null;
    timestampError: string | null;
    /** SHA-256 of the document as sent for signature. */
    documentHash: string;
    /** SHA-256 of the sealed PDF. */
    finalDocumentHash: string;
    verificationId: string | null;
  };
  recipients: {
    id: string;
    name: string;
    email: string;
    role: string;
    authMethod: string;
    consentVersion: string | null;
    consentedAt: Iso;
    viewedAt: Iso;
    signedAt: Iso;
    ipAddress: string | null;
    userAgent: string | null;
  }[];
  signatures: {
    recipientId: string;
    fieldId: string | null;
    signatureType: string;
    cryptographicHash: string;
    timestampToken: string | null;
    signingTime: string;
    ipAddress: string;
    userAgent: string;
  }[];
  auditEvents: EvidenceAuditEvent[];
  chain: {
    valid: boolean;
    events: number;
    finalHash: string | null;
    sealedChainHash: string | null;
    sealedChainSequence: number | null;
  };
  consentTexts: { version: string; text: string }[];
  certificates: { sealing: string; authority: string };
}

/** The exact words of a consent version as plain text (what the signer accepted). */
export function consentText(version: string): string | null {
  const disclosure = consentDisclosures[version];
  if (!disclosure) return null;
  const sections = disclosure.sections.map((s) => `${s.heading}\n${s.body}`).join('\n\n');
  return `${disclosure.title}\nVersion ${disclosure.version}\n\n${sections}\n\nAccepted by choosing: "${disclosure.acceptLabel}"\n`;
}

/** An evidence event as the stored row it was exported from, so verifyAuditRows can re-hash it. */
export function auditRowFromEvidence(event: EvidenceAuditEvent): AuditRow {
  const timestamp = new Date(event.timestamp);
  return {
    id: event.id,
    organizationId: event.organizationId,
    signatureRequestId: event.signatureRequestId,
    recipientId: event.recipientId,
    sequence: event.sequence,
    eventType: event.eventType as AuditRow['eventType'],
    eventData: event.eventData ?? null,
    timestamp,
    ipAddress: event.ipAddress,
    userAgent: event.userAgent,
    geolocation: null,
    sessionId: event.sessionId,
    deviceFingerprint: event.deviceFingerprint,
    cryptoHash: event.cryptoHash,
    previousEventHash: event.previousEventHash,
    createdAt: timestamp,
    updatedAt: timestamp,
  };
}
