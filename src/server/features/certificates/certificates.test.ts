import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDF } from '@libpdf/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eddsaSealingMessage } from '../../../common/validation/certificates';
import { systemAuditLogs } from '../../db/schema/platform';
import { digitalCertificates } from '../../db/schema/signing';
import { createNssDatabase, pdfsig } from '../../test/pdfsig';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, newOrganization, signedInMember } from '../users/test-helpers';
import { certificateNotFoundMessage, type PresentedCertificate, reactivateMessage } from './certificates';
import { loadSealingSigner } from './organization-certificate';

const run = promisify(execFile);
const base = '/api/digital-certificates';

const orgOf = (owner: SignedIn) => owner.user.organizationId as string;

interface CertificateList {
  items: PresentedCertificate[];
  nextCursor: null;
  total: number;
}

describe('/api/digital-certificates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const list = async (who: SignedIn) => {
    const res = await call(t.app, 'GET', base, who.cookie);
    expect(res.statusCode).toBe(200);
    return res.json() as CertificateList;
  };
  const storedRow = async (id: string) => {
    const [row] = await t.db.select().from(digitalCertificates).where(eq(digitalCertificates.id, id));
    if (!row) throw new Error(`no certificate ${id}`);
    return row;
  };
  const auditOf = (orgId: string, action: string) =>
    t.db
      .select()
      .from(systemAuditLogs)
      .where(and(eq(systemAuditLogs.organizationId, orgId), eq(systemAuditLogs.action, action)));

  /** A one-page PDF signed by the organization's active certificate (libpdf, PAdES B-B). */
  async function sealWithActive(orgId: string, pdfBytes?: Uint8Array) {
    const { signer, certificate } = await loadSealingSigner(t.db, t.secrets, orgId);
    let bytes = pdfBytes;
    if (!bytes) {
      const blank = PDF.create();
      blank.addPage();
      bytes = await blank.save();
    }
    const pdf = await PDF.load(bytes);
    const signed = await pdf.sign({ signer, reason: 'Sealed by Locus', level: 'B-B' });
    return { bytes: signed.bytes, certificate };
  }

  async function pdfsigWithChain(owner: SignedIn, bytes: Uint8Array) {
    const chain = await call(t.app, 'GET', `${base}/ca-chain`, owner.cookie);
    const pems = chain.body.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----\n/g) ?? [];
    expect(pems.length).toBeGreaterThan(0);
    const nss = await createNssDatabase(pems);
    try {
      return (await pdfsig(bytes, nss.nssDir)).signatures;
    } finally {
      nss.remove();
    }
  }

  it('issues the first certificate on first look and never answers its private key', async () => {
    const owner = await newOrganization(t.app, t.db);
    const first = await list(owner);
    expect(first.total).toBe(1);
    const [certificate] = first.items;
    expect(certificate).toMatchObject({
      algorithm: 'RSA',
      keySize: 2048,
      isActive: true,
      status: 'active',
      deactivatedAt: null,
      curve: null,
    });
    expect(certificate?.issuer).toContain('CN=Locus Document Sealing CA');
    expect(certificate?.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(Object.keys(certificate ?? {}).toSorted()).toEqual(
      [
        'id',
        'subject',
        'issuer',
        'serialNumber',
        'validFrom',
        'validTo',
        'isActive',
        'keySize',
        'algorithm',
        'fingerprint',
        'deactivatedAt',
        'createdAt',
        'status',
        'curve',
      ].toSorted(),
    );
    // A second look shows the same one.
    expect((await list(owner)).items.map((item) => item.id)).toEqual([certificate?.id]);

    const row = await storedRow(certificate?.id as string);
    // Sealed at rest: the column holds no PEM key.
    expect(row.encryptedPrivateKey).not.toContain('PRIVATE KEY');
    for (const url of [base, `${base}/${row.id}`, `${base}/${row.id}/certificate`, `${base}/ca-chain`]) {
      const res = await call(t.app, 'GET', url, owner.cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('PRIVATE KEY');
      expect(res.body, url).not.toContain(row.encryptedPrivateKey);
      expect(res.body, url).not.toContain(row.privateKeyHash as string);
    }
    // Issued by the system (first use), recorded in the audit log.
    const [issued] = await auditOf(orgOf(owner), 'certificate.issued');
    expect(issued).toMatchObject({ userId: null, resourceId: row.id });
    expect(issued?.details).toMatchObject({
      serialNumber: row.serialNumber,
      algorithm: 'RSA',
      keySize: 2048,
    });
  });

  it('refuses a key under 1024 bits, an unknown algorithm and EdDSA (with the reason), changing nothing', async () => {
    const owner = await newOrganization(t.app, t.db);
    const [active] = (await list(owner)).items;
    const cases = [
      [{ keySize: 512 }, 'keySize', 'Key size must be at least 1024'],
      [{ algorithm: 'DSA' }, 'algorithm', 'Invalid algorithm'],
      [{ algorithm: 'EdDSA', keySize: 2048 }, 'algorithm', eddsaSealingMessage],
    ] as const;
    for (const [body, field, message] of cases) {
      const res = await call(t.app, 'POST', base, owner.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message: 'Validation failed', errors: [{ path: field, message }] });
    }
    expect(eddsaSealingMessage).toContain('Choose RSA or ECDSA');
    expect((await list(owner)).items.map((item) => item.id)).toEqual([active?.id]);
  });

  it('rotation: a PDF sealed before and sealed again after carries two valid, trusted signatures', async () => {
    const owner = await newOrganization(t.app, t.db);
    const orgId = orgOf(owner);
    const first = await sealWithActive(orgId);

    const rotated = await call(t.app, 'POST', base, owner.cookie, { algorithm: 'RSA', keySize: 3072 });
    expect(rotated.statusCode).toBe(201);
    const next = rotated.json() as PresentedCertificate;
    expect(next).toMatchObject({ algorithm: 'RSA', keySize: 3072, isActive: true, status: 'active' });
    expect(next.id).not.toBe(first.certificate.id);
    expect(next.serialNumber).not.toBe(first.certificate.serialNumber);

    const old = (await call(t.app, 'GET', `${base}/${first.certificate.id}`, owner.cookie)).json();
    expect(old).toMatchObject({ isActive: false, status: 'deactivated' });
    expect(old.deactivatedAt).toEqual(expect.any(String));
    // Newest first.
    expect((await list(owner)).items.map((item) => item.id)).toEqual([next.id, first.certificate.id]);

    const second = await sealWithActive(orgId, first.bytes);
    expect(second.certificate.id).toBe(next.id);
    const signatures = await pdfsigWithChain(owner, second.bytes);
    expect(signatures).toHaveLength(2);
    for (const signature of signatures) {
      expect(signature).toMatchObject({ signatureValid: true, certificateTrusted: true });
    }

    const [rotation] = await auditOf(orgId, 'certificate.rotated');
    expect(rotation).toMatchObject({ userId: owner.user.id, resourceId: next.id, riskLevel: 'medium' });
    expect(rotation?.details).toMatchObject({
      serialNumber: next.serialNumber,
      replaced: first.certificate.serialNumber,
    });
  });

  it('an ECDSA certificate seals a PDF that pdfsig finds valid and trusted', async () => {
    const owner = await newOrganization(t.app, t.db);
    const res = await call(t.app, 'POST', base, owner.cookie, { algorithm: 'ECDSA', keySize: 7680 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ algorithm: 'ECDSA', keySize: 7680, curve: 'P-384' });
    const { bytes, certificate } = await sealWithActive(orgOf(owner));
    expect(certificate.id).toBe(res.json().id);
    expect(await pdfsigWithChain(owner, bytes)).toEqual([
      expect.objectContaining({
        signatureValid: true,
        certificateTrusted: true,
        subFilter: 'ETSI.CAdES.detached',
      }),
    ]);
  });

  it('deactivation stops a certificate; it never comes back, and the next seal issues a fresh one', async () => {
    const owner = await newOrganization(t.app, t.db);
    const orgId = orgOf(owner);
    const [active] = (await list(owner)).items;
    const id = active?.id as string;

    const stopped = await call(t.app, 'PATCH', `${base}/${id}`, owner.cookie, { isActive: false });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ id, isActive: false, status: 'deactivated' });
    const [audit] = await auditOf(orgId, 'certificate.deactivated');
    expect(audit).toMatchObject({ userId: owner.user.id, resourceId: id });

    // Looking at the list does not issue a replacement; only use (or "Issue new") does.
    expect((await list(owner)).items.map((item) => [item.id, item.isActive])).toEqual([[id, false]]);
    const again = await call(t.app, 'PATCH', `${base}/${id}`, owner.cookie, { isActive: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(reactivateMessage);
    expect((await storedRow(id)).isActive).toBe(false);

    const { certificate } = await sealWithActive(orgId);
    expect(certificate.id).not.toBe(id);
    expect((await list(owner)).items.map((item) => item.id)).toEqual([certificate.id, id]);

    // An expired certificate cannot be made active again either.
    await t.db
      .update(digitalCertificates)
      .set({ validTo: new Date(Date.now() - 60_000) })
      .where(eq(digitalCertificates.id, certificate.id));
    const expired = await call(t.app, 'GET', `${base}/${certificate.id}`, owner.cookie);
    expect(expired.json()).toMatchObject({ status: 'expired' });
    const revive = await call(t.app, 'PATCH', `${base}/${certificate.id}`, owner.cookie, { isActive: true });
    expect(revive.statusCode).toBe(409);
  });

  it('serial numbers are unique across rotations and organizations', async () => {
    const owners = [await newOrganization(t.app, t.db), await newOrganization(t.app, t.db)];
    const serials: string[] = [];
    for (const owner of owners) {
      for (let i = 0; i < 3; i++) {
        const res = await call(t.app, 'POST', base, owner.cookie, { keySize: 1024 });
        expect(res.statusCode).toBe(201);
        serials.push(res.json().serialNumber);
      }
    }
    expect(new Set(serials).size).toBe(serials.length);
    for (const serial of serials) expect(serial).toMatch(/^[0-9A-F]{32}$/);
  });

  it('downloads the certificate (PEM) and the CA chain it verifies against with openssl', async () => {
    const owner = await newOrganization(t.app, t.db);
    const [active] = (await list(owner)).items;
    const certificate = await call(t.app, 'GET', `${base}/${active?.id}/certificate`, owner.cookie);
    expect(certificate.statusCode).toBe(200);
    expect(certificate.headers['content-type']).toContain('application/x-pem-file');
    expect(certificate.headers['content-disposition']).toMatch(
      /^attachment; filename="locus-sealing-certificate-/,
    );
    expect(certificate.body).toBe((await storedRow(active?.id as string)).certificateData);
    const chain = await call(t.app, 'GET', `${base}/ca-chain`, owner.cookie);
    expect(chain.headers['content-type']).toContain('application/x-pem-file');
    expect(chain.headers['content-disposition']).toMatch(/^attachment;/);

    const dir = mkdtempSync(path.join(tmpdir(), 'locus-cert-'));
    try {
      writeFileSync(path.join(dir, 'chain.pem'), chain.body);
      writeFileSync(path.join(dir, 'seal.pem'), certificate.body);
      const { stdout } = await run('openssl', [
        'verify',
        '-CAfile',
        path.join(dir, 'chain.pem'),
        path.join(dir, 'seal.pem'),
      ]);
      expect(stdout).toContain(': OK');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("another organization's certificate answers 404 and is not changed", async () => {
    const owner = await newOrganization(t.app, t.db);
    const stranger = await newOrganization(t.app, t.db);
    const [theirs] = (await list(owner)).items;
    const id = theirs?.id as string;
    for (const [method, url, body] of [
      ['GET', `${base}/${id}`, undefined],
      ['GET', `${base}/${id}/certificate`, undefined],
      ['PATCH', `${base}/${id}`, { isActive: false }],
      ['GET', `${base}/not-a-uuid`, undefined],
    ] as const) {
      const res = await call(t.app, method, url, stranger.cookie, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(certificateNotFoundMessage);
    }
    expect((await storedRow(id)).isActive).toBe(true);
    expect((await list(stranger)).items.map((item) => item.id)).not.toContain(id);
  });

  it('members who only view settings read certificates; without settings they get 403, and only managers issue', async () => {
    const owner = await newOrganization(t.app, t.db);
    const [active] = (await list(owner)).items;
    const viewer = await signedInMember(t.app, owner, { role: 'user' });
    expect((await list(viewer)).items.map((item) => item.id)).toEqual([active?.id]);
    expect((await call(t.app, 'POST', base, viewer.cookie, {})).statusCode).toBe(403);
    expect(
      (await call(t.app, 'PATCH', `${base}/${active?.id}`, viewer.cookie, { isActive: false })).statusCode,
    ).toBe(403);

    const outsider = await signedInMember(t.app, owner, {
      role: 'user',
      permissions: { settings: { view: false, update: false, manage: false } },
    });
    for (const url of [
      base,
      `${base}/${active?.id}`,
      `${base}/${active?.id}/certificate`,
      `${base}/ca-chain`,
    ]) {
      expect((await call(t.app, 'GET', url, outsider.cookie)).statusCode, url).toBe(403);
    }
    expect((await call(t.app, 'POST', base, outsider.cookie, {})).statusCode).toBe(403);
    expect((await storedRow(active?.id as string)).isActive).toBe(true);
  });
});
