import { PDF } from '@libpdf/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNssDatabase, pdfsig } from '../../test/pdfsig';
import { registerOrganizationOwner } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { activeOrganizationCertificate, loadSealingSigner } from './organization-certificate';
import { loadPlatformAuthority } from './platform-authority';

describe('organization sealing certificates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('issues one on first use from the platform CA, and a PDF it signs is valid and trusted in pdfsig', async () => {
    const owner = await registerOrganizationOwner(t.app, { organizationName: 'Pine Recovery' });
    const orgId = owner.user.organizationId as string;
    const first = await activeOrganizationCertificate(t.db, t.secrets, orgId);
    expect(first).toMatchObject({ algorithm: 'RSA', keySize: 2048, isActive: true });
    expect(first.subject).toContain('Pine Recovery');
    expect(first.issuer).toContain('Locus Document Sealing CA');
    // The key is stored sealed, never as PEM.
    expect(first.encryptedPrivateKey).not.toContain('PRIVATE KEY');
    expect((await activeOrganizationCertificate(t.db, t.secrets, orgId)).id).toBe(first.id);

    const { signer } = await loadSealingSigner(t.db, t.secrets, orgId);
    const blank = PDF.create();
    blank.addPage();
    const pdf = await PDF.load(await blank.save());
    const { bytes } = await pdf.sign({ signer, reason: 'Sealed by Locus', level: 'B-B' });
    const authority = await loadPlatformAuthority(t.db, t.secrets);
    const nss = await createNssDatabase([authority.certificatePem]);
    try {
      const { signatures } = await pdfsig(bytes, nss.nssDir);
      expect(signatures).toEqual([
        expect.objectContaining({
          signatureValid: true,
          certificateTrusted: true,
          subFilter: 'ETSI.CAdES.detached',
        }),
      ]);
    } finally {
      nss.remove();
    }
  });
});
