import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDF } from '@libpdf/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNssDatabase, pdfsig } from '../../test/pdfsig';
import { registerOrganizationOwner } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call } from '../users/test-helpers';
import type { PresentedCertificate } from './certificates';
import { loadSealingSigner } from './organization-certificate';

const run = promisify(execFile);
const password = 'operator-secret';
const normalise = (pem: string) => pem.replace(/\s+/g, '');

/** An operator's RSA CA as SIGNING_CA_P12_FILE would hold it, made with openssl. */
async function makeAuthorityPkcs12(dir: string) {
  const key = path.join(dir, 'ca.key');
  const certificate = path.join(dir, 'ca.pem');
  const file = path.join(dir, 'ca.p12');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    key,
    '-out',
    certificate,
    '-days',
    '3650',
    '-subj',
    '/O=Harbor Legal Ops/CN=Harbor Sealing Root',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  await run('openssl', [
    'pkcs12',
    '-export',
    '-inkey',
    key,
    '-in',
    certificate,
    '-out',
    file,
    '-passout',
    `pass:${password}`,
  ]);
  return { file, certificatePem: readFileSync(certificate, 'utf8') };
}

describe('a platform CA imported from a PKCS#12 file', () => {
  let dir: string;
  let authority: { file: string; certificatePem: string };
  let t: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'locus-p12-'));
    authority = await makeAuthorityPkcs12(dir);
    t = await createTestApp({ signingCaPkcs12: { file: authority.file, password } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('issues the organizations’ certificates, and their seals are trusted through it', async () => {
    const owner = await registerOrganizationOwner(t.app, { organizationName: 'Harbor Claims' });
    const res = await call(t.app, 'GET', '/api/digital-certificates', owner.cookie);
    expect(res.statusCode).toBe(200);
    const [certificate] = res.json().items as PresentedCertificate[];
    expect(certificate?.issuer).toBe('O=Harbor Legal Ops, CN=Harbor Sealing Root');
    expect(certificate?.subject).toContain('Harbor Claims');

    const chain = await call(t.app, 'GET', '/api/digital-certificates/ca-chain', owner.cookie);
    expect(normalise(chain.body)).toBe(normalise(authority.certificatePem));

    const { signer } = await loadSealingSigner(t.db, t.secrets, owner.user.organizationId as string);
    const blank = PDF.create();
    blank.addPage();
    const { bytes } = await (await PDF.load(await blank.save())).sign({ signer, level: 'B-B' });
    const nss = await createNssDatabase([authority.certificatePem]);
    try {
      expect((await pdfsig(bytes, nss.nssDir)).signatures).toEqual([
        expect.objectContaining({ signatureValid: true, certificateTrusted: true }),
      ]);
    } finally {
      nss.remove();
    }
  });

  it('a wrong password stops the app from starting, naming SIGNING_CA_P12_FILE', async () => {
    await expect(
      createTestApp({ signingCaPkcs12: { file: authority.file, password: 'not-the-password' } }),
    ).rejects.toThrow(/SIGNING_CA_P12_FILE .* cannot be opened/);
  });
});
