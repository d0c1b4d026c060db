import { createHash } from 'node:crypto';
import type { Signer } from '@libpdf/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { organizations } from '../../db/schema/identity';
import { digitalCertificates } from '../../db/schema/signing';
import type { SecretBox } from '../../lib/secret-box';
import type { Transaction } from '../../lib/transaction';
import { type AuditContext, recordAuditEvent } from '../audit/record-audit-event';
import { authorityCertificatePem, loadPlatformAuthority } from './platform-authority';
import { fromPem } from './pem';
import type { SealingKeyAlgorithm } from './x509';

export type DigitalCertificateRow = typeof digitalCertificates.$inferSelect;

/** How long an organization's certificate is valid, and how early before expiry a new one is made. */
export const certificateValidityDays = 730;
export const renewBeforeExpiryDays = 30;
const dayMs = 24 * 60 * 60 * 1000;

export interface IssueOrganizationCertificateInput {
  algorithm: SealingKeyAlgorithm;
  keySize: number;
}

/**
 * Issues the organization a new sealing certificate from the platform CA and makes it the active
 * one (the previous active one is deactivated, never deleted: seals it made stay verifiable).
 * Runs in the caller's transaction, with the organization row locked so two first uses at once
 * make one certificate. The audit log records it as `audit`'s (a user's rotation) or, by default,
 * as the system's (issued on first use or renewed before expiry).
 */
export async function issueOrganizationCertificate(
  tx: Transaction,
  secrets: SecretBox,
  organizationId: string,
  input: IssueOrganizationCertificateInput = { algorithm: 'RSA', keySize: 2048 },
  audit: AuditContext = { orgId: organizationId, actor: null },
): Promise<DigitalCertificateRow> {
  const [organization] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  if (!organization) throw new Error('The organization does not exist');
  const authority = await loadPlatformAuthority(tx, secrets);
  const { exportPrivateKeyPem, exportPublicKeyPem, generateSigningKey, issueCertificate } = await import(
    './x509'
  );
  const key = await generateSigningKey(input.algorithm, input.keySize);
  const validFrom = new Date(Date.now() - 5 * 60 * 1000);
  const validTo = new Date(validFrom.getTime() + certificateValidityDays * dayMs);
  const name = organization.name.slice(0, 64);
  const certificate = await issueCertificate({
    subject: { commonName: `${name} (document seal)`.slice(0, 64), organization: name },
    publicKey: key.publicKey,
    issuer: { certificate: authority.certificateDer, privateKey: authority.privateKey },
    validFrom,
    validTo,
    isAuthority: false,
  });
  const privateKeyPem = await exportPrivateKeyPem(key.privateKey);
  const now = new Date();
  const [replaced] = await tx
    .update(digitalCertificates)
    .set({ isActive: false, deactivatedAt: now, updatedAt: now })
    .where(
      and(eq(digitalCertificates.organizationId, organizationId), eq(digitalCertificates.isActive, true)),
    )
    .returning({ serialNumber: digitalCertificates.serialNumber });
  const [row] = await tx
    .insert(digitalCertificates)
    .values({
      organizationId,
      certificateData: certificate.pem,
      publicKey: await exportPublicKeyPem(key.publicKey),
      privateKeyHash: createHash('sha256').update(fromPem(privateKeyPem)).digest('hex'),
      encryptedPrivateKey: secrets.seal(privateKeyPem),
      issuer: certificate.issuer,
      subject: certificate.subject,
      serialNumber: certificate.serialNumber,
      validFrom,
      validTo,
      isActive: true,
      keySize: input.keySize,
      algorithm: input.algorithm,
      fingerprint: certificate.fingerprint,
      authorityId: authority.id,
    })
    .returning();
  if (!row) throw new Error('The certificate was not stored');
  const facts = { serialNumber: row.serialNumber, algorithm: row.algorithm, keySize: row.keySize };
  await recordAuditEvent(
    tx,
    audit,
    replaced
      ? {
          action: 'certificate.rotated',
          resource: 'digital_certificates',
          resourceId: row.id,
          details: { ...facts, replaced: replaced.serialNumber },
        }
      : {
          action: 'certificate.issued',
          resource: 'digital_certificates',
          resourceId: row.id,
          details: facts,
        },
  );
  return row;
}

/** The organization's active certificate; a new one when it has none or its expiry is near. */
export async function activeOrganizationCertificate(
  db: Database,
  secrets: SecretBox,
  organizationId: string,
): Promise<DigitalCertificateRow> {
  const usable = (row: DigitalCertificateRow | undefined) =>
    row && (!row.validTo || row.validTo.getTime() - Date.now() > renewBeforeExpiryDays * dayMs)
      ? row
      : undefined;
  const [current] = await db
    .select()
    .from(digitalCertificates)
    .where(
      and(eq(digitalCertificates.organizationId, organizationId), eq(digitalCertificates.isActive, true)),
    )
    .limit(1);
  const found = usable(current);
  if (found) return found;
  return db.transaction(async (tx) => {
    // Another first use may have issued one while this one waited for the organization's lock.
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
    const [again] = await tx
      .select()
      .from(digitalCertificates)
      .where(
        and(eq(digitalCertificates.organizationId, organizationId), eq(digitalCertificates.isActive, true)),
      );
    const existing = usable(again);
    if (existing) return existing;
    const algorithm = again?.algorithm === 'ECDSA' ? 'ECDSA' : 'RSA';
    return issueOrganizationCertificate(tx, secrets, organizationId, {
      algorithm,
      keySize: again?.keySize ?? 2048,
    });
  });
}

/** What PAdES sealing needs: libpdf's signer (certificate, chain, key) and the certificate row. */
export interface SealingSigner {
  certificate: DigitalCertificateRow;
  signer: Signer;
  /** The issuing CA's certificate (PEM), the chain a verifier trusts. */
  authorityPem: string;
}

/** The organization's active certificate opened for signing (issued on first use). */
export async function loadSealingSigner(
  db: Database,
  secrets: SecretBox,
  organizationId: string,
): Promise<SealingSigner> {
  const certificate = await activeOrganizationCertificate(db, secrets, organizationId);
  const authorityPem = await authorityCertificatePem(db, certificate.authorityId);
  if (!authorityPem) throw new Error("The certificate's issuing CA is missing");
  let privateKeyPem: string;
  try {
    privateKeyPem = secrets.open(certificate.encryptedPrivateKey);
  } catch {
    throw new Error("The organization's sealing key cannot be opened with this SECRET_KEY");
  }
  const [{ importPrivateKeyPem }, { CryptoKeySigner }] = await Promise.all([
    import('./x509'),
    import('@libpdf/core'),
  ]);
  const { key, algorithm } = await importPrivateKeyPem(privateKeyPem);
  const signer = new CryptoKeySigner(
    key,
    fromPem(certificate.certificateData),
    algorithm === 'RSA' ? 'RSA' : 'EC',
    algorithm === 'RSA' ? 'RSASSA-PKCS1-v1_5' : 'ECDSA',
    [fromPem(authorityPem)],
  );
  return { certificate, signer, authorityPem };
}
