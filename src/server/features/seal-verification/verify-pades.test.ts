import { PDF } from '@libpdf/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganizationOwner } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadSealingSigner } from '../certificates/organization-certificate';
import { authorityCommonName } from '../certificates/platform-authority';
import { generateSigningKey, issueCertificate } from '../certificates/x509';
import { verifyPadesSignatures } from './verify-pades';

describe('verifyPadesSignatures', () => {
  let t: TestApp;
  let sealed: Uint8Array;
  let authorityPem: string;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await registerOrganizationOwner(t.app, { organizationName: 'Cedar Claims' });
    const sealing = await loadSealingSigner(t.db, t.secrets, owner.user.organizationId as string);
    authorityPem = sealing.authorityPem;
    const blank = PDF.create();
    blank.addPage();
    const pdf = await PDF.load(await blank.save());
    sealed = (await pdf.sign({ signer: sealing.signer, reason: 'Sealed by Locus', level: 'B-B' })).bytes;
  });
  afterAll(() => t.close());

  it('accepts a PDF sealed with the organization certificate, trusted through the platform CA', async () => {
    const result = await verifyPadesSignatures(sealed, [authorityPem]);
    expect(result.problems).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.signatures).toEqual([
      expect.objectContaining({
        subFilter: 'ETSI.CAdES.detached',
        coversWholeFile: true,
        digestMatches: true,
        signatureValid: true,
        certificateTrusted: true,
        hasSignatureTimestamp: false,
        signerSubject: expect.stringContaining('Cedar Claims'),
        signingTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      }),
    ]);
  });

  it('rejects the file when one signed byte is changed', async () => {
    const tampered = Uint8Array.from(sealed);
    // A byte of the first signed range (the page content, before the signature value).
    const at = Buffer.from(tampered).indexOf('/MediaBox');
    tampered[at + 1] ^= 0x01;
    const result = await verifyPadesSignatures(tampered, [authorityPem]);
    expect(result.valid).toBe(false);
    expect(result.signatures[0]).toMatchObject({ digestMatches: false, valid: false });
  });

  it('does not trust a certificate chaining to another CA, even one with the same name', async () => {
    const key = await generateSigningKey('RSA', 2048);
    const now = Date.now();
    const impostor = await issueCertificate({
      subject: { commonName: authorityCommonName },
      publicKey: key.publicKey,
      selfSigningKey: key.privateKey,
      validFrom: new Date(now - 60_000),
      validTo: new Date(now + 86_400_000),
      isAuthority: true,
    });
    const result = await verifyPadesSignatures(sealed, [impostor.pem]);
    expect(result.valid).toBe(false);
    expect(result.signatures[0]).toMatchObject({
      digestMatches: true,
      signatureValid: true,
      certificateTrusted: false,
    });
  });

  it('checks each signature of an incrementally signed file, and bytes appended after the last', async () => {
    const owner = await registerOrganizationOwner(t.app, { organizationName: 'Second Seal' });
    const second = await loadSealingSigner(t.db, t.secrets, owner.user.organizationId as string);
    const twice = (await (await PDF.load(sealed)).sign({ signer: second.signer, level: 'B-B' })).bytes;
    const result = await verifyPadesSignatures(twice, [authorityPem]);
    expect(result.valid).toBe(true);
    expect(result.signatures.map((s) => [s.valid, s.coversWholeFile])).toEqual([
      [true, false],
      [true, true],
    ]);
    const appended = Uint8Array.from([...twice, ...Buffer.from('\n% appended\n')]);
    const after = await verifyPadesSignatures(appended, [authorityPem]);
    expect(after.valid).toBe(false);
    expect(after.problems).toContain('Bytes were added after the last signature');
  });

  it('reports a file without signatures as not valid', async () => {
    const blank = PDF.create();
    blank.addPage();
    const result = await verifyPadesSignatures(await blank.save(), [authorityPem]);
    expect(result).toMatchObject({
      valid: false,
      signatures: [],
      problems: ['The file has no PDF signature'],
    });
  });
});
