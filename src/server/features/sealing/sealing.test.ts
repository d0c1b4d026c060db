import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDF } from '@libpdf/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { files } from '../../db/schema/files';
import { outbox } from '../../db/schema/platform';
import { enhancedSignatureRequests, enhancedSignatures } from '../../db/schema/signing';
import { outboxKinds } from '../../lib/outbox';
import { drainOutbox } from '../../test/outbox';
import { createNssDatabase, pdfsig } from '../../test/pdfsig';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startTestTimestampAuthority, type TestTimestampAuthority } from '../../test/timestamp-authority';
import { loadSealingSigner } from '../certificates/organization-certificate';
import { sweepOrganizationFiles } from '../files/sweep-files';
import { loadPlatformAuthority } from '../certificates/platform-authority';
import { verifySignatureAuditChain } from '../signing/audit-chain';
import { mailsTo, requestRow, seedSentRequest, signAll } from '../signing-session/test-kit';
import { call } from '../users/test-helpers';
import { sealSignatureRequest } from './seal-signature-request';

// Whole signing flows, PDF renders and signatures, pdfsig and openssl: slow on a shared machine.
vi.setConfig({ testTimeout: 240_000 });

const run = promisify(execFile);
const email = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const requestsUrl = '/api/enhanced-signature-requests';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let nss: { nssDir: string; remove: () => void };
let tsa: TestTimestampAuthority;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOrganizationOwner(t.app, { organizationName: 'Pine Recovery' });
  other = await registerOrganizationOwner(t.app, { organizationName: 'Cedar Claims' });
  nss = await createNssDatabase([(await loadPlatformAuthority(t.db, t.secrets)).certificatePem]);
  tsa = await startTestTimestampAuthority();
});
afterAll(async () => {
  nss.remove();
  await tsa.close();
  await t.close();
});

/** A request every signer finished (the seal job queued, not run yet). */
async function completedRequest() {
  const seeded = await seedSentRequest(t, owner, {
    title: 'Fee agreement 12-34',
    recipients: [
      { name: 'Ann Claimant', email: email('ann') },
      { name: 'Bob Heir', email: email('bob') },
    ],
  });
  for (const recipient of seeded.recipients) {
    const finish = await signAll(t, recipient);
    expect(finish.statusCode, finish.body).toBe(200);
  }
  return seeded;
}

async function sealedPdf(requestId: string) {
  const response = await call(t.app, 'GET', `${requestsUrl}/${requestId}/signed-pdf`, owner.cookie);
  expect(response.statusCode).toBe(200);
  return new Uint8Array(response.rawPayload);
}

async function inTempDir<T>(work: (file: (name: string) => string) => Promise<T>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'locus-seal-'));
  try {
    return await work((name) => path.join(dir, name));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pdftotext = (pdf: Uint8Array) =>
  inTempDir(async (file) => {
    writeFileSync(file('a.pdf'), pdf);
    return (await run('pdftotext', [file('a.pdf'), '-'])).stdout;
  });

/** A local port nothing listens on. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const sealedFiles = (orgId: string) =>
  t.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.organizationId, orgId), eq(files.contentType, 'application/pdf')));

describe('sealing a completed request (no timestamp authority)', () => {
  it('seals PAdES B-B with the organization certificate: valid and trusted in pdfsig, certificate pages, one file, copies of the sealed PDF', async () => {
    const seeded = await completedRequest();
    const pending = await call(t.app, 'GET', `${requestsUrl}/${seeded.requestId}`, owner.cookie);
    expect(pending.json().seal).toMatchObject({ status: 'pending', error: null, sealedAt: null });
    // Completion queues the seal, not the copies: those carry the sealed PDF.
    const jobs = await t.db.select({ kind: outbox.kind, payload: outbox.payload }).from(outbox);
    const ofRequest = jobs
      .filter((job) => (job.payload as { requestId?: string }).requestId === seeded.requestId)
      .map((job) => job.kind);
    expect(ofRequest).toEqual([outboxKinds.sealSignatureRequest]);

    await drainOutbox(t);
    const row = await requestRow(t, seeded.requestId);
    expect(row).toMatchObject({
      sealStatus: 'sealed',
      sealLevel: 'B-B',
      sealError: null,
      timestampError: null,
    });
    expect(row.completedAt).toBeInstanceOf(Date);
    const pdf = await sealedPdf(seeded.requestId);
    expect(row.finalDocumentHash).toBe(sha256(pdf));
    const chain = await verifySignatureAuditChain(
      t.db,
      owner.user.organizationId as string,
      seeded.requestId,
    );
    expect(row.sealedChainHash).toBe(chain.finalHash);
    expect(row.sealedChainSequence).toBe(chain.events);

    const { signatures, output } = await pdfsig(pdf, nss.nssDir);
    expect(signatures, output).toEqual([
      expect.objectContaining({
        signatureValid: true,
        certificateTrusted: true,
        totalDocumentSigned: true,
        subFilter: 'ETSI.CAdES.detached',
      }),
    ]);
    expect(signatures[0].commonName).toContain('Pine Recovery');

    const text = await pdftotext(pdf);
    for (const expected of [
      'Certificate of completion',
      'Fee agreement 12-34',
      'Pine Recovery',
      'Ann Claimant',
      seeded.recipients[1].email,
      row.documentHash as string,
      chain.finalHash as string,
      row.verificationId as string,
      `http://localhost:3000/verify?id=${row.verificationId}`,
      'Version 2026-11-1',
    ]) {
      expect(text).toContain(expected);
    }
    const loaded = await PDF.load(pdf);
    expect(loaded.getPageCount()).toBeGreaterThan(1);
    expect(loaded.getTitle()).toBe('Fee agreement 12-34');
    expect(loaded.getProducer()).toBe('Locus');

    const detail = await call(t.app, 'GET', `${requestsUrl}/${seeded.requestId}`, owner.cookie);
    expect(detail.json().seal).toEqual({
      status: 'sealed',
      error: null,
      sealedAt: row.sealedAt?.toISOString(),
      level: 'B-B',
      timestampError: null,
      finalDocumentHash: row.finalDocumentHash,
      verificationId: row.verificationId,
      certificate: {
        id: row.sealCertificateId,
        subject: expect.stringContaining('Pine Recovery'),
        serialNumber: expect.any(String),
        fingerprint: expect.any(String),
      },
    });

    // Everyone's completion copy is the sealed file itself.
    const [mail] = await mailsTo(t, seeded.recipients[0].email);
    const attachment = mail.attachments?.[0];
    expect(attachment?.filename).toBe('Fee agreement 12-34 (sealed).pdf');
    expect(sha256(Buffer.from(attachment?.content as string, 'base64'))).toBe(row.finalDocumentHash);

    // Running the seal again (a duplicate job, a retry racing a late success) stores nothing new.
    const orgId = owner.user.organizationId as string;
    const before = await sealedFiles(orgId);
    await t.db.transaction((tx) =>
      tx.insert(outbox).values({
        kind: outboxKinds.sealSignatureRequest,
        organizationId: orgId,
        payload: { requestId: seeded.requestId },
      }),
    );
    await drainOutbox(t);
    expect(await sealSignatureRequest(t.app.outboxContext, orgId, seeded.requestId)).toMatchObject({
      sealedFileId: row.sealedFileId,
    });
    expect(await sealedFiles(orgId)).toHaveLength(before.length);
    expect(await requestRow(t, seeded.requestId)).toMatchObject({
      finalDocumentHash: row.finalDocumentHash,
      sealedAt: row.sealedAt,
    });

    // The file sweep keeps the sealed PDF: the request references it.
    await sweepOrganizationFiles(
      t.db,
      t.app.outboxContext.files,
      orgId,
      new Date(Date.now() + 24 * 60 * 60 * 1000),
    );
    expect(sha256(await sealedPdf(seeded.requestId))).toBe(row.finalDocumentHash);

    // One byte changed anywhere in the signed range breaks the seal.
    const tampered = pdf.slice();
    const at = Buffer.from(tampered).indexOf('Surplus recovery');
    tampered[at > 0 ? at : 200] ^= 0x01;
    const broken = await pdfsig(tampered, nss.nssDir);
    expect(broken.signatures[0]?.signatureValid, broken.output).toBe(false);

    // A later incremental signature (another organization's certificate) leaves the seal valid.
    const { signer } = await loadSealingSigner(t.db, t.secrets, other.user.organizationId as string);
    const countersigned = await (await PDF.load(pdf)).sign({ signer, level: 'B-B', reason: 'Received' });
    const both = await pdfsig(countersigned.bytes, nss.nssDir);
    expect(both.signatures, both.output).toHaveLength(2);
    expect(
      both.signatures.every((s) => s.signatureValid && s.certificateTrusted),
      both.output,
    ).toBe(true);
  });

  it('another organization cannot retry the seal: 404, nothing changes; the owner gets 409 once sealed', async () => {
    const seeded = await completedRequest();
    const foreign = await call(t.app, 'POST', `${requestsUrl}/${seeded.requestId}/seal`, other.cookie);
    expect(foreign.statusCode).toBe(404);
    expect((await requestRow(t, seeded.requestId)).sealStatus).toBe('pending');
    await drainOutbox(t);
    const again = await call(t.app, 'POST', `${requestsUrl}/${seeded.requestId}/seal`, owner.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This signature request is already sealed');
  });

  it('answers 409 for a request that is not completed', async () => {
    const seeded = await seedSentRequest(t, owner, {
      recipients: [{ name: 'Dan Open', email: email('dan') }],
    });
    const response = await call(t.app, 'POST', `${requestsUrl}/${seeded.requestId}/seal`, owner.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Only a completed signature request can be sealed');
  });
});

describe('a seal that keeps failing', () => {
  it('retries with the reason visible, ends failed after the last try, and POST …/seal seals it again', async () => {
    const seeded = await completedRequest();
    const orgId = owner.user.organizationId as string;
    // The document goes missing: rendering the signed copy cannot work.
    await t.db
      .update(enhancedSignatureRequests)
      .set({ documentInstanceId: null })
      .where(eq(enhancedSignatureRequests.id, seeded.requestId));
    await drainOutbox(t, { maxAttempts: 3, maxRounds: 1 });
    const retrying = await call(t.app, 'GET', `${requestsUrl}/${seeded.requestId}`, owner.cookie);
    expect(retrying.json().seal).toMatchObject({
      status: 'pending',
      error: 'This signature request has no document to render',
    });
    await drainOutbox(t, { maxAttempts: 3, now: new Date(Date.now() + 60 * 60 * 1000) });
    const failed = await call(t.app, 'GET', `${requestsUrl}/${seeded.requestId}`, owner.cookie);
    expect(failed.json().seal).toMatchObject({
      status: 'failed',
      error: 'This signature request has no document to render',
      finalDocumentHash: null,
    });
    const [job] = await t.db
      .select({ status: outbox.status, attempts: outbox.attempts })
      .from(outbox)
      .where(and(eq(outbox.kind, outboxKinds.sealSignatureRequest), eq(outbox.organizationId, orgId)))
      .orderBy(outbox.createdAt)
      .then((rows) => rows.slice(-1));
    expect(job).toEqual({ status: 'failed', attempts: 3 });

    await t.db
      .update(enhancedSignatureRequests)
      .set({ documentInstanceId: seeded.documentId })
      .where(eq(enhancedSignatureRequests.id, seeded.requestId));
    const retry = await call(t.app, 'POST', `${requestsUrl}/${seeded.requestId}/seal`, owner.cookie);
    expect(retry.statusCode, retry.body).toBe(202);
    expect(retry.json()).toMatchObject({ status: 'pending', error: null });
    await drainOutbox(t);
    const sealed = await requestRow(t, seeded.requestId);
    expect(sealed).toMatchObject({ sealStatus: 'sealed', sealError: null });
    const { signatures, output } = await pdfsig(await sealedPdf(seeded.requestId), nss.nssDir);
    expect(signatures[0]?.signatureValid, output).toBe(true);
  });
});

describe('with a timestamp authority', () => {
  it('seals B-T, still valid in pdfsig, and each signature carries an RFC 3161 token openssl verifies', async () => {
    const seeded = await completedRequest();
    await drainOutbox(t, { context: { signingTsaUrl: tsa.url } });
    const row = await requestRow(t, seeded.requestId);
    expect(row).toMatchObject({ sealStatus: 'sealed', sealLevel: 'B-T', timestampError: null });
    const { signatures, output } = await pdfsig(await sealedPdf(seeded.requestId), nss.nssDir);
    expect(signatures, output).toEqual([
      expect.objectContaining({ signatureValid: true, certificateTrusted: true }),
    ]);

    const stored = await t.db
      .select()
      .from(enhancedSignatures)
      .where(eq(enhancedSignatures.signatureRequestId, seeded.requestId));
    expect(stored).toHaveLength(2);
    for (const signature of stored) {
      expect(signature.certificateId).toBe(row.sealCertificateId);
      expect(signature.timestampToken).toEqual(expect.any(String));
    }
    await inTempDir(async (file) => {
      writeFileSync(file('hash.bin'), Buffer.from(stored[0].cryptographicHash, 'hex'));
      writeFileSync(file('token.der'), Buffer.from(stored[0].timestampToken as string, 'base64'));
      writeFileSync(file('ca.pem'), tsa.caPem);
      const verified = await run('openssl', [
        'ts',
        '-verify',
        '-data',
        file('hash.bin'),
        '-in',
        file('token.der'),
        '-token_in',
        '-CAfile',
        file('ca.pem'),
      ]);
      expect(verified.stdout).toContain('Verification: OK');
      // Another signature's data does not match this token.
      writeFileSync(file('other.bin'), Buffer.from(stored[1].cryptographicHash, 'hex'));
      await expect(
        run('openssl', [
          'ts',
          '-verify',
          '-data',
          file('other.bin'),
          '-in',
          file('token.der'),
          '-token_in',
          '-CAfile',
          file('ca.pem'),
        ]),
      ).rejects.toThrow();
    });
  });

  it('seals B-B and records why when the authority does not answer, never a made-up timestamp', async () => {
    const seeded = await completedRequest();
    const down = `http://127.0.0.1:${await closedPort()}/tsr`;
    await drainOutbox(t, { context: { signingTsaUrl: down } });
    const row = await requestRow(t, seeded.requestId);
    expect(row).toMatchObject({ sealStatus: 'sealed', sealLevel: 'B-B' });
    expect(row.timestampError).toMatch(/TSA request failed/);
    const stored = await t.db
      .select({ token: enhancedSignatures.timestampToken })
      .from(enhancedSignatures)
      .where(eq(enhancedSignatures.signatureRequestId, seeded.requestId));
    expect(stored.every((s) => s.token === null)).toBe(true);
    const { signatures, output } = await pdfsig(await sealedPdf(seeded.requestId), nss.nssDir);
    expect(signatures[0]?.signatureValid, output).toBe(true);
  });
});
