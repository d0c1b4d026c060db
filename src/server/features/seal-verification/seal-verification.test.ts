import { unzipSync, strFromU8 } from 'fflate';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentConsentVersion } from '../../../common/signing/consent-disclosure';
import { verificationNotFoundMessage } from '../../../common/signing/verification-result';
import { signatureAuditTrail } from '../../db/schema/signing';
import { createNssDatabase, pdfsig } from '../../test/pdfsig';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { organization } from '../leads/test-kit';
import { verifyAuditRows } from '../signing/audit-chain';
import { seedSentRequest } from '../signing-session/test-kit';
import { call } from '../users/test-helpers';
import { auditRowFromEvidence, type Evidence } from './evidence-format';
import { notSealedYetMessage } from './load-sealed-request';
import { verifyPadesSignatures } from './verify-pades';
import { sealedRequestForTest } from './test-seal';

// Signing flows and PDF sealing: slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let sealed: Awaited<ReturnType<typeof sealedRequestForTest>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await organization(t);
  other = await organization(t);
  sealed = await sealedRequestForTest(t, owner, 'Fee agreement: Ann & Bob');
}, 180_000);
afterAll(() => t.close());

const evidenceUrl = () => `/api/enhanced-signature-requests/${sealed.seeded.requestId}/evidence`;

describe('the evidence export', () => {
  it('answers the evidence JSON as an attachment, whose events re-hash to the sealed chain', async () => {
    const res = await call(t.app, 'GET', evidenceUrl(), owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('evidence.json');
    const evidence = res.json() as Evidence;
    expect(evidence).toMatchObject({
      format: 'locus-evidence/1',
      request: {
        id: sealed.seeded.requestId,
        title: 'Fee agreement: Ann & Bob',
        sealLevel: 'B-B',
        finalDocumentHash: sealed.row.finalDocumentHash,
        verificationId: sealed.row.verificationId,
        documentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
      chain: { valid: true, sealedChainHash: sealed.row.sealedChainHash },
      consentTexts: [
        { version: currentConsentVersion, text: expect.stringContaining('Your right to paper') },
      ],
      certificates: {
        sealing: expect.stringContaining('BEGIN CERTIFICATE'),
        authority: expect.stringContaining('BEGIN CERTIFICATE'),
      },
    });
    expect(evidence.recipients.map((r) => [r.name, r.consentVersion, Boolean(r.signedAt)])).toEqual([
      ['Ann Claimant', currentConsentVersion, true],
      ['Bob Heir', currentConsentVersion, true],
    ]);
    expect(evidence.signatures).toHaveLength(2);
    expect(evidence.signatures[0]).not.toHaveProperty('signatureData');
    const chain = verifyAuditRows(evidence.auditEvents.map(auditRowFromEvidence));
    expect(chain).toMatchObject({ valid: true, events: evidence.auditEvents.length });
    expect(chain.finalHash).toBe(evidence.chain.finalHash);
    expect(evidence.auditEvents.map((e) => e.cryptoHash)).toContain(evidence.chain.sealedChainHash);
    expect(res.body).not.toContain('PRIVATE KEY');
  });

  it('zips the sealed PDF, the evidence, the consent text, the certificates and a README', async () => {
    const res = await call(t.app, 'GET', `${evidenceUrl()}.zip`, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(entries).toSorted()).toEqual(
      [
        'README.txt',
        'ca-chain.pem',
        `consent-${currentConsentVersion}.txt`,
        'evidence.json',
        'Fee agreement  Ann & Bob (sealed).pdf',
        'sealing-certificate.pem',
      ].toSorted(),
    );
    const pdf = entries['Fee agreement  Ann & Bob (sealed).pdf'];
    expect(Buffer.from(pdf).equals(Buffer.from(sealed.bytes))).toBe(true);
    const pades = await verifyPadesSignatures(pdf, [strFromU8(entries['ca-chain.pem'])]);
    expect(pades.valid).toBe(true);
    // The CA in the ZIP is what pdfsig needs to call the seal valid and trusted.
    const nss = await createNssDatabase([strFromU8(entries['ca-chain.pem'])]);
    try {
      const { signatures } = await pdfsig(pdf, nss.nssDir);
      expect(signatures.at(-1)).toMatchObject({
        signatureValid: true,
        certificateTrusted: true,
        totalDocumentSigned: true,
      });
    } finally {
      nss.remove();
    }
    expect(strFromU8(entries['README.txt'])).toContain('npm run verify');
    expect(strFromU8(entries['README.txt'])).toContain('pdfsig');
  });

  it('answers 409 before the seal is made, and 404 to another organization', async () => {
    const sent = await seedSentRequest(t, owner, { recipients: [{ name: 'Cy', email: 'cy@example.com' }] });
    const early = await call(
      t.app,
      'GET',
      `/api/enhanced-signature-requests/${sent.requestId}/evidence`,
      owner.cookie,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(notSealedYetMessage);
    for (const url of [evidenceUrl(), `${evidenceUrl()}.zip`]) {
      const foreign = await call(t.app, 'GET', url, other.cookie);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('Signature request not found');
    }
    expect((await call(t.app, 'GET', evidenceUrl())).statusCode).toBe(401);
  });
});

describe('the public verification lookups', () => {
  it('finds the seal by the SHA-256 of the sealed file, without signing in', async () => {
    const res = await call(t.app, 'GET', `/api/verify?sha256=${sealed.row.finalDocumentHash?.toUpperCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({
      found: true,
      verificationId: sealed.row.verificationId,
      documentTitle: 'Fee agreement: Ann & Bob',
      sealLevel: 'B-B',
      finalDocumentHash: sealed.row.finalDocumentHash,
      chain: { valid: true },
      sealedFileIntact: true,
    });
    expect(result.recipients).toEqual([
      expect.objectContaining({ name: 'Ann Claimant', maskedEmail: 'a•••@example.com', role: 'signer' }),
      expect.objectContaining({ name: 'Bob Heir', maskedEmail: 'b•••@example.com', role: 'signer' }),
    ]);
    expect(result.events.length).toBe(result.chain.events);
    expect(result.events.some((e: { recipientName: string }) => e.recipientName === 'Ann Claimant')).toBe(
      true,
    );
    // The full addresses (ann-<tag>@example.com) never leave the server.
    expect(res.body).not.toMatch(/(ann|bob)-[a-z0-9]+@/);
    expect(res.body).not.toContain(owner.user.organizationId);
  });

  it('finds it by the verification id however it is typed, and refuses malformed input with 400', async () => {
    const id = sealed.row.verificationId as string;
    const typed = id.replace(/-/g, '').toLowerCase();
    const res = await call(t.app, 'GET', `/api/verify/${typed}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().finalDocumentHash).toBe(sealed.row.finalDocumentHash);
    expect((await call(t.app, 'GET', '/api/verify/not-an-id')).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/verify?sha256=abc')).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/verify')).statusCode).toBe(400);
  });

  it('answers 404 for the hash of a copy with one byte changed, and for an unknown id', async () => {
    const changed = Uint8Array.from(sealed.bytes);
    changed[200] ^= 0x01;
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(changed).digest('hex');
    const res = await call(t.app, 'GET', `/api/verify?sha256=${hash}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(verificationNotFoundMessage);
    expect((await call(t.app, 'GET', '/api/verify/0000-0000-0000-0000')).statusCode).toBe(404);
  });

  it('reports the chain broken, and where, when an audit row was edited in the database', async () => {
    const orgId = owner.user.organizationId as string;
    await t.db
      .update(signatureAuditTrail)
      .set({ eventData: { edited: true } })
      .where(
        and(
          eq(signatureAuditTrail.organizationId, orgId),
          eq(signatureAuditTrail.signatureRequestId, sealed.seeded.requestId),
          eq(signatureAuditTrail.sequence, 2),
        ),
      );
    const res = await call(t.app, 'GET', `/api/verify/${sealed.row.verificationId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().chain).toMatchObject({
      valid: false,
      brokenAt: { sequence: 2, reason: 'The event was changed after it was recorded' },
    });
    const evidence = (await call(t.app, 'GET', evidenceUrl(), owner.cookie)).json() as Evidence;
    expect(evidence.chain.valid).toBe(false);
  });

  it('limits the lookups per address, answering 429 with Retry-After', async () => {
    let last = await call(t.app, 'GET', '/api/verify/0000-0000-0000-0000');
    for (let i = 0; i < 40 && last.statusCode !== 429; i++) {
      last = await call(t.app, 'GET', '/api/verify/0000-0000-0000-0000');
    }
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
