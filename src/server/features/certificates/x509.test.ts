import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueCertificate } from './x509';

describe('issueCertificate', () => {
  it('gives every certificate a positive 16-byte serial in minimal DER (first byte 0x40–0x7f)', async () => {
    const keys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ]);
    const validFrom = new Date();
    const validTo = new Date(validFrom.getTime() + 86_400_000);
    // A leading 0x00 before a byte below 0x80 is not DER, and OpenSSL refuses such a certificate;
    // with a free first byte, one serial in two started below 0x40.
    for (let i = 0; i < 64; i += 1) {
      const issued = await issueCertificate({
        subject: { commonName: `Serial ${i}` },
        publicKey: keys.publicKey,
        selfSigningKey: keys.privateKey,
        validFrom,
        validTo,
        isAuthority: true,
      });
      expect(issued.serialNumber).toMatch(/^[4-7][0-9A-F]{31}$/);
    }
  });
});
