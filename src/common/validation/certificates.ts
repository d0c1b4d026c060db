import { z } from 'zod';
import { booleanField, numberField } from './common';

/*
 * Organization sealing certificates (data-model §5 "Certificate", issue 18). The spec lists RSA,
 * ECDSA and EdDSA, but a sealing certificate signs PDFs (PAdES): the CMS signatures libpdf writes
 * and poppler/NSS and Adobe Reader check carry RSA or ECDSA keys, never Ed25519 — an EdDSA seal
 * would be a document nobody can verify (decision 033). Asking for one is refused with the reason.
 *
 * keySize is the RSA modulus in bits (1024 to 8192, whole bytes: what NSS and Adobe read; above
 * 8192 making the key takes minutes). For ECDSA it is the RSA-equivalent strength that picks the
 * curve (≤ 3072 P-256, ≤ 7680 P-384, else P-521: curveForKeySize), so one field and one range serve both.
 */

/** The key kinds a sealing certificate may have. */
export const sealingAlgorithms = ['RSA', 'ECDSA'] as const;
export type SealingAlgorithm = (typeof sealingAlgorithms)[number];

export const minCertificateKeySize = 1024;
export const maxCertificateKeySize = 8192;

export const eddsaSealingMessage =
  'EdDSA certificates cannot seal PDFs: PDF readers only check RSA or ECDSA signatures. Choose RSA or ECDSA';
export const invalidAlgorithmMessage = 'Invalid algorithm';

const algorithmField = z.enum(sealingAlgorithms, {
  error: (issue) => (issue.input === 'EdDSA' ? eddsaSealingMessage : invalidAlgorithmMessage),
});

const keySizeField = numberField('Key size', { min: minCertificateKeySize, int: true })
  .refine((value) => value <= maxCertificateKeySize, {
    error: `Key size must be at most ${maxCertificateKeySize}`,
  })
  .refine((value) => value % 8 === 0, { error: 'Key size must be a multiple of 8' });

/** ECDSA curves by the RSA-equivalent strength stored in `keySize` (NIST SP 800-57). */
export function curveForKeySize(keySize: number): 'P-256' | 'P-384' | 'P-521' {
  if (keySize <= 3072) return 'P-256';
  if (keySize <= 7680) return 'P-384';
  return 'P-521';
}

/** "RSA 2048 bits" or "ECDSA P-384": how a certificate's key reads on screen. */
export function describeCertificateKey({ algorithm, keySize }: { algorithm: string; keySize: number }) {
  return algorithm === 'ECDSA' ? `ECDSA ${curveForKeySize(keySize)}` : `${algorithm} ${keySize} bits`;
}

/** POST /api/digital-certificates: issue a new certificate (the old one stops sealing). */
export const issueCertificateSchema = z.object({
  algorithm: algorithmField.default('RSA'),
  keySize: keySizeField.default(2048),
});
export type IssueCertificateInput = z.input<typeof issueCertificateSchema>;

/** PATCH /api/digital-certificates/:id: only deactivation (a stopped certificate never restarts). */
export const updateCertificateSchema = z.object({ isActive: booleanField('isActive') });

/** The key sizes the Settings dialog offers, per algorithm (ECDSA: the curve each picks). */
export const certificateKeySizeChoices: Record<SealingAlgorithm, { value: number; label: string }[]> = {
  RSA: [
    { value: 2048, label: '2048 bits' },
    { value: 3072, label: '3072 bits' },
    { value: 4096, label: '4096 bits' },
  ],
  ECDSA: [
    { value: 3072, label: 'P-256 (as strong as RSA 3072)' },
    { value: 7680, label: 'P-384 (as strong as RSA 7680)' },
    { value: 8192, label: 'P-521 (stronger than RSA 8192)' },
  ],
};
