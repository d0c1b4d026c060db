import { createHash } from 'node:crypto';
import { auditRowFromEvidence, type Evidence, evidenceFormat } from './evidence-format';
import { verifySealedChain } from './sealed-chain';
import { verifyPadesSignatures } from './verify-pades';

/*
 * The offline check behind `npm run verify`: a sealed PDF, optionally its evidence file and a CA
 * certificate, checked with nothing but this code — the PDF signature, the file's hash against
 * the evidence, and the audit chain re-computed from the exported events.
 */

export interface OfflineCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface OfflineReport {
  ok: boolean;
  checks: OfflineCheck[];
}

/** The evidence file read and checked for the format this code writes. */
export function parseEvidence(text: string): Evidence {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('The evidence file is not JSON');
  }
  const evidence = value as Partial<Evidence>;
  if (evidence?.format !== evidenceFormat) {
    throw new Error(`The evidence file is not in the ${evidenceFormat} format`);
  }
  if (
    !Array.isArray(evidence.auditEvents) ||
    !evidence.request ||
    !evidence.chain ||
    !evidence.certificates
  ) {
    throw new Error('The evidence file is incomplete (request, auditEvents, chain or certificates missing)');
  }
  return evidence as Evidence;
}

export async function verifyOffline(input: {
  pdf: Uint8Array;
  evidence?: Evidence;
  caPems?: string[];
}): Promise<OfflineReport> {
  const checks: OfflineCheck[] = [];
  const { pdf, evidence } = input;
  const trusted = input.caPems?.length ? input.caPems : evidence ? [evidence.certificates.authority] : [];
  if (trusted.length === 0) {
    checks.push({ name: 'PDF signature', ok: false, detail: 'No CA to trust: give --evidence or --ca' });
  } else {
    const pades = await verifyPadesSignatures(pdf, trusted);
    const lines = pades.signatures.map(
      (s, i) =>
        `#${i + 1} ${s.subFilter ?? '?'} by ${s.signerSubject ?? '?'} at ${s.signingTime ?? '?'}: ` +
        (s.valid ? 'valid, trusted' : s.problems.join('; ')) +
        (s.coversWholeFile ? ', covers the whole file' : '') +
        (s.hasSignatureTimestamp ? ', timestamped' : ''),
    );
    checks.push({
      name: 'PDF signature',
      ok: pades.valid,
      detail: [...lines, ...pades.problems.filter((p) => p !== 'A signature does not verify')].join('\n'),
    });
  }
  if (evidence) {
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const matches = sha256 === evidence.request.finalDocumentHash;
    checks.push({
      name: 'File hash',
      ok: matches,
      detail: matches
        ? `SHA-256 ${sha256} is the sealed document's`
        : `SHA-256 ${sha256} differs from the sealed document's ${evidence.request.finalDocumentHash}`,
    });
    const foreign = evidence.auditEvents.some((e) => e.signatureRequestId !== evidence.request.id);
    const chain = verifySealedChain(evidence.auditEvents.map(auditRowFromEvidence), evidence.chain);
    checks.push({
      name: 'Audit chain',
      ok: chain.valid && !foreign && chain.events > 0,
      detail: foreign
        ? 'The evidence holds events of another request'
        : chain.valid
          ? `${chain.events} events re-hashed; final hash ${chain.finalHash}; the hash sealed into the document (event ${evidence.chain.sealedChainSequence ?? '?'}) matches`
          : `Broken at event ${chain.brokenAt?.sequence}: ${chain.brokenAt?.reason}`,
    });
  }
  return { ok: checks.every((c) => c.ok), checks };
}

export function formatReport(report: OfflineReport, evidence?: Evidence): string {
  const head = evidence
    ? [
        `Document: ${evidence.request.title}`,
        `Sealed by: ${evidence.organization.name} at ${evidence.request.sealedAt ?? '?'} (PAdES ${evidence.request.sealLevel ?? '?'})`,
        `Verification id: ${evidence.request.verificationId ?? '?'}`,
        '',
      ]
    : [];
  const body = report.checks.map(
    (c) => `${c.ok ? 'PASS' : 'FAIL'}  ${c.name}\n${c.detail.replace(/^/gm, '      ')}`,
  );
  const verdict = report.ok
    ? 'VERIFIED: this file is the document sealed by Locus, and its audit trail is intact.'
    : 'NOT VERIFIED: see the failed checks above.';
  return [...head, ...body, '', verdict, ''].join('\n');
}
