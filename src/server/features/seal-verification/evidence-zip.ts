import { strToU8, zipSync } from 'fflate';
import type { Evidence } from './evidence-format';

/** Keeps a title usable as a file name in any archive tool. */
export function safeFileName(title: string) {
  return (
    title
      .replace(/[\\/:*?"<>|]|\p{Cc}/gu, ' ')
      .trim()
      .slice(0, 100) || 'document'
  );
}

function readme(evidence: Evidence, pdfName: string) {
  return `Evidence of a document sealed by Locus
=======================================

Document: ${evidence.request.title}
Organization: ${evidence.organization.name}
Sealed at: ${evidence.request.sealedAt ?? ''} (PAdES ${evidence.request.sealLevel ?? ''})
Verification id: ${evidence.request.verificationId ?? ''}
SHA-256 of the sealed PDF: ${evidence.request.finalDocumentHash}
SHA-256 of the document as sent: ${evidence.request.documentHash}

Files
- ${pdfName}: the sealed PDF (signed as PAdES, ETSI.CAdES.detached, with the organization's certificate).
- evidence.json: the request, its recipients, their signatures, every audit event with its hash
  (a SHA-256 chain: each event's hash covers the previous one), and the certificates.
- consent-<version>.txt: the exact electronic-signature consent text each signer accepted.
- sealing-certificate.pem: the organization's sealing certificate.
- ca-chain.pem: the certificate of the CA that issued it (trust this one when verifying).

How to verify
1. Offline, with the Locus source code (Node.js 22+):
     npm run verify -- "${pdfName}" --evidence evidence.json
   It checks the PDF signature against the CA in the evidence (or --ca ca-chain.pem), that the
   file's SHA-256 equals finalDocumentHash, and re-computes the audit chain from the events.
2. With poppler's pdfsig, trusting the CA in an NSS database:
     mkdir nss && certutil -N -d sql:nss --empty-password
     certutil -A -d sql:nss -n locus-ca -t CT,C,C -i ca-chain.pem
     pdfsig -nssdir sql:nss "${pdfName}"
   Expect "Signature is Valid", "Certificate is Trusted" and "Total document signed".
3. Online: open /verify on the Locus site and drop the PDF (it is hashed in your browser, never
   uploaded), or enter the verification id printed on the completion certificate.
`;
}

/** The ZIP an attorney hands over: sealed PDF, evidence, consent texts, certificates, README. */
export function evidenceZip(evidence: Evidence, sealedPdf: Uint8Array): Uint8Array {
  const pdfName = `${safeFileName(evidence.request.title)} (sealed).pdf`;
  const entries: Record<string, Uint8Array> = {
    [pdfName]: sealedPdf,
    'evidence.json': strToU8(`${JSON.stringify(evidence, null, 2)}\n`),
    'sealing-certificate.pem': strToU8(evidence.certificates.sealing),
    'ca-chain.pem': strToU8(evidence.certificates.authority),
    'README.txt': strToU8(readme(evidence, pdfName)),
  };
  for (const consent of evidence.consentTexts) {
    entries[`consent-${safeFileName(consent.version)}.txt`] = strToU8(consent.text);
  }
  return zipSync(entries, { level: 6 });
}
