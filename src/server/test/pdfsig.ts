import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One signature as `pdfsig` (poppler-utils) reports it. */
export interface PdfsigSignature {
  fieldName: string;
  commonName: string;
  subFilter: string;
  signatureValid: boolean;
  certificateTrusted: boolean;
  totalDocumentSigned: boolean;
}

/**
 * An NSS database trusting `caPems` (certutil, libnss3-tools): what `pdfsig -nssdir` checks
 * certificates against. Answers its folder and a function that removes it.
 */
export async function createNssDatabase(caPems: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'locus-nss-'));
  await run('certutil', ['-N', '-d', `sql:${dir}`, '--empty-password']);
  for (const [index, pem] of caPems.entries()) {
    const file = path.join(dir, `ca-${index}.pem`);
    writeFileSync(file, pem);
    await run('certutil', ['-A', '-d', `sql:${dir}`, '-n', `locus-ca-${index}`, '-t', 'CT,C,C', '-i', file]);
  }
  return { nssDir: `sql:${dir}`, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `pdfsig -nssdir <db>` on the bytes and parses each signature's verdict. */
export async function pdfsig(
  pdf: Uint8Array,
  nssDir: string,
): Promise<{ signatures: PdfsigSignature[]; output: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'locus-pdfsig-'));
  const file = path.join(dir, 'document.pdf');
  writeFileSync(file, pdf);
  try {
    // pdfsig exits non-zero when a signature fails; the report is still on stdout.
    const output = await run('pdfsig', ['-nssdir', nssDir, file]).then(
      (result) => result.stdout,
      (error: { stdout?: string }) => error.stdout ?? '',
    );
    const signatures = output
      .split(/^Signature #\d+:$/m)
      .slice(1)
      .map((block) => ({
        fieldName: /Signature Field Name: (.*)/.exec(block)?.[1]?.trim() ?? '',
        commonName: /Signer Certificate Common Name: (.*)/.exec(block)?.[1]?.trim() ?? '',
        subFilter: /Signature Type: (.*)/.exec(block)?.[1]?.trim() ?? '',
        signatureValid: /Signature Validation: Signature is Valid\./.test(block),
        certificateTrusted: /Certificate Validation: Certificate is Trusted\./.test(block),
        totalDocumentSigned: /Total document signed/.test(block) && !/Not total document signed/.test(block),
      }));
    return { signatures, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
