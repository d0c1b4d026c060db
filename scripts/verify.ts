import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Evidence } from '../src/server/features/seal-verification/evidence-format';
import {
  formatReport,
  parseEvidence,
  verifyOffline,
} from '../src/server/features/seal-verification/verify-offline';

/*
 * npm run verify -- sealed.pdf [--evidence evidence.json] [--ca ca.pem]
 * Checks a document sealed by Locus offline; exits 0 when every check passes, 1 otherwise.
 */

const usage = 'Usage: npm run verify -- file.pdf [--evidence evidence.json] [--ca ca.pem]';

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { evidence: { type: 'string' }, ca: { type: 'string' } },
  });
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new Error(usage);
  const pdf = new Uint8Array(readFileSync(file));
  const evidence: Evidence | undefined = values.evidence
    ? parseEvidence(readFileSync(values.evidence, 'utf8'))
    : undefined;
  const caPems = values.ca ? [readFileSync(values.ca, 'utf8')] : undefined;
  const report = await verifyOffline({ pdf, evidence, caPems });
  process.stdout.write(formatReport(report, evidence));
  process.exitCode = report.ok ? 0 : 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
