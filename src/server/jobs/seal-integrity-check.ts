import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db';
import { files } from '../db/schema/files';
import { organizations, users } from '../db/schema/identity';
import { enhancedSignatureRequests, signatureAuditTrail } from '../db/schema/signing';
import { recordAuditEvent } from '../features/audit/record-audit-event';
import { queuePlatformEmail } from '../features/email/queue-platform-email';
import { platformAuthorityCertificates } from '../features/certificates/platform-authority';
import { verifyAuditRows } from '../features/signing/audit-chain';
import type { FileStore } from '../lib/file-store';
import type { SecretBox } from '../lib/secret-box';
import type { Transaction } from '../lib/transaction';
import type { JobLock } from './job-lock';
import { startPeriodicJob } from './periodic-job';

/*
 * Issue 18: sealed documents are evidence for years, so a sample of them is re-checked on a
 * schedule. A seal holds when the stored PDF still hashes to `finalDocumentHash`, its PAdES
 * signature verifies against the platform CA, and the request's
 * audit chain still verifies and still has `sealedChainHash` at `sealedChainSequence` (the chain
 * the certificate pages printed). Anything else — a changed byte, a missing file, an edited or
 * deleted audit row — is reported to the platform's super admins: a high-risk audit row per
 * request and one e-mail per run.
 */

export interface SealCheckDeps {
  db: Database;
  store: FileStore;
  secrets: SecretBox;
  /** SUPER_ADMIN_EMAILS; users marked isSuperAdmin are added. */
  superAdminEmails: readonly string[];
  sampleSize: number;
}

export interface SealCheckFinding {
  organizationId: string;
  organizationName: string;
  requestId: string;
  title: string;
  verificationId: string | null;
  problems: string[];
}

export interface SealCheckResult {
  checked: number;
  findings: SealCheckFinding[];
}

// One key for the whole platform: a second instance finds it taken and skips its run.
const lockKey = sql`hashtext('locus.seal-integrity-check')`;

type SealedRequest = {
  id: string;
  organizationId: string;
  organizationName: string;
  title: string;
  verificationId: string | null;
  sealedFileId: string | null;
  finalDocumentHash: string | null;
  sealedChainHash: string | null;
  sealedChainSequence: number | null;
};

async function bytesOf(store: FileStore, organizationId: string, fileId: string): Promise<Buffer | null> {
  const stream = await store.open(organizationId, fileId);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * What no longer matches for one sealed request (empty: the seal holds). `trustedCaPems`: the
 * platform's CA certificates, every one that ever issued (a rotated CA's seals stay valid).
 */
export async function sealProblemsOf(
  tx: Transaction,
  store: FileStore,
  request: SealedRequest,
  trustedCaPems: string[],
) {
  const problems: string[] = [];
  const [file] = request.sealedFileId
    ? await tx
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.organizationId, request.organizationId), eq(files.id, request.sealedFileId)))
    : [];
  const pdf = file ? await bytesOf(store, request.organizationId, file.id) : null;
  if (!pdf) problems.push('The sealed PDF is missing');
  else {
    const hash = createHash('sha256').update(pdf).digest('hex');
    if (hash !== request.finalDocumentHash) {
      problems.push(`The sealed PDF's SHA-256 is ${hash}, not the recorded ${request.finalDocumentHash}`);
    }
    // pkijs loads with the first check, not with every start (issue 21 §5).
    const { verifyPadesSignatures } = await import('../features/seal-verification/verify-pades');
    const pades = await verifyPadesSignatures(pdf, trustedCaPems);
    if (!pades.valid) problems.push(`The PAdES signature does not verify: ${pades.problems.join('; ')}`);
  }

  const rows = await tx
    .select()
    .from(signatureAuditTrail)
    .where(
      and(
        eq(signatureAuditTrail.organizationId, request.organizationId),
        eq(signatureAuditTrail.signatureRequestId, request.id),
      ),
    )
    .orderBy(asc(signatureAuditTrail.sequence));
  const chain = verifyAuditRows(rows);
  if (!chain.valid && chain.brokenAt) {
    problems.push(`The audit chain breaks at event ${chain.brokenAt.sequence}: ${chain.brokenAt.reason}`);
  }
  const sealedEvent = rows.find((row) => row.sequence === request.sealedChainSequence);
  if (!sealedEvent || sealedEvent.cryptoHash !== request.sealedChainHash) {
    problems.push(
      `The audit chain no longer holds the sealed hash at event ${request.sealedChainSequence ?? '(none recorded)'}`,
    );
  }
  return problems;
}

async function superAdminAddresses(tx: Transaction, configured: readonly string[]) {
  const marked = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isSuperAdmin, true), eq(users.status, 'active')));
  return [
    ...new Set([...configured, ...marked.map(({ email }) => email)].map((e) => e.trim().toLowerCase())),
  ].filter(Boolean);
}

function reportText(findings: SealCheckFinding[], checked: number) {
  const lines = findings.flatMap((finding) => [
    `Organization: ${finding.organizationName} (${finding.organizationId})`,
    `Request: ${finding.title} (${finding.requestId})${finding.verificationId ? `, verification id ${finding.verificationId}` : ''}`,
    ...finding.problems.map((problem) => `  - ${problem}`),
    '',
  ]);
  return [
    `The integrity check re-verified ${checked} sealed documents; ${findings.length} no longer match what was sealed.`,
    'The stored evidence was changed outside Locus (or is missing). Each case is in the platform audit log.',
    '',
    ...lines,
  ].join('\n');
}

/**
 * One run over a random sample of sealed requests of every organization. Answers null when
 * another instance holds the check (a transaction-scoped advisory lock, released at its end).
 */
export async function runSealIntegrityCheck(deps: SealCheckDeps): Promise<SealCheckResult | null> {
  return deps.db.transaction(async (tx) => {
    const locked = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${lockKey}) as locked`,
    )) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!locked.rows[0]?.locked) return null;
    const sample: SealedRequest[] = await tx
      .select({
        id: enhancedSignatureRequests.id,
        organizationId: enhancedSignatureRequests.organizationId,
        organizationName: organizations.name,
        title: enhancedSignatureRequests.title,
        verificationId: enhancedSignatureRequests.verificationId,
        sealedFileId: enhancedSignatureRequests.sealedFileId,
        finalDocumentHash: enhancedSignatureRequests.finalDocumentHash,
        sealedChainHash: enhancedSignatureRequests.sealedChainHash,
        sealedChainSequence: enhancedSignatureRequests.sealedChainSequence,
      })
      .from(enhancedSignatureRequests)
      .innerJoin(organizations, eq(organizations.id, enhancedSignatureRequests.organizationId))
      .where(eq(enhancedSignatureRequests.sealStatus, 'sealed'))
      .orderBy(sql`random()`)
      .limit(deps.sampleSize);
    const findings: SealCheckFinding[] = [];
    const trusted = (await platformAuthorityCertificates(tx)).map(({ certificatePem }) => certificatePem);
    for (const request of sample) {
      const problems = await sealProblemsOf(tx, deps.store, request, trusted);
      if (problems.length === 0) continue;
      findings.push({
        organizationId: request.organizationId,
        organizationName: request.organizationName,
        requestId: request.id,
        title: request.title,
        verificationId: request.verificationId,
        problems,
      });
      await recordAuditEvent(
        tx,
        { orgId: request.organizationId, actor: null },
        {
          action: 'signing.seal_integrity_failed',
          resource: 'enhanced_signature_requests',
          resourceId: request.id,
          details: { requestId: request.id, verificationId: request.verificationId, problems },
        },
      );
    }
    if (findings.length > 0) {
      const subject = `Locus integrity check: ${findings.length} sealed document${findings.length === 1 ? '' : 's'} no longer match${findings.length === 1 ? 'es' : ''}`;
      const text = reportText(findings, sample.length);
      for (const to of await superAdminAddresses(tx, deps.superAdminEmails)) {
        await queuePlatformEmail(tx, deps.secrets, { to, subject, text, purpose: 'notification' });
      }
    }
    return { checked: sample.length, findings };
  });
}

/** Every `intervalMs` (SEAL_CHECK_INTERVAL_MS, default a day; 0: never). */
export function startSealIntegrityCheck({
  intervalMs,
  lock,
  log,
  ...deps
}: SealCheckDeps & { intervalMs: number; log: FastifyBaseLogger; lock?: JobLock }) {
  return startPeriodicJob(
    intervalMs,
    async () => {
      try {
        const result = await runSealIntegrityCheck(deps);
        if (result && result.findings.length > 0) {
          log.error(
            { checked: result.checked, failed: result.findings.map(({ requestId }) => requestId) },
            'sealed documents failed the integrity check',
          );
        } else if (result) log.info({ checked: result.checked }, 'sealed documents re-verified');
      } catch (err) {
        log.warn({ err }, 'seal integrity check failed to run');
      }
    },
    lock && { name: 'seal-integrity-check', lock },
  );
}
