import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type forge from 'node-forge';
import type { Database } from '../../db';
import { platformSigningAuthorities } from '../../db/schema/platform';
import type { SecretBox } from '../../lib/secret-box';
import type { Transaction } from '../../lib/transaction';
import { fromPem } from './pem';

/** SIGNING_CA_P12_FILE and SIGNING_CA_P12_PASSWORD: a CA of the operator's own instead of a generated one. */
export interface AuthorityPkcs12 {
  file: string;
  password: string;
}

/** The platform CA as signing needs it: its certificate and its (opened) private key. */
export interface PlatformAuthority {
  id: string;
  certificatePem: string;
  certificateDer: Uint8Array<ArrayBuffer>;
  privateKey: CryptoKey;
  subject: string;
}

export const authorityCommonName = 'Locus Document Sealing CA';
const authorityYears = 20;

/**
 * Makes sure the platform has an active CA (main.ts and buildApp, at start): the one in the
 * database, else the PKCS#12 file's, else a new ECDSA P-384 CA valid 20 years (decision 033).
 * A configured file that cannot be read or opened stops the start with the reason — sealing must
 * never fail silently later. Several instances starting at once create one CA: the partial unique
 * index on `is_active` lets one insert win and the others read it.
 */
export async function ensurePlatformAuthority(db: Database, secrets: SecretBox, pkcs12?: AuthorityPkcs12) {
  // The usual start: a CA in the database and no file to import. One read, no transaction.
  if (!pkcs12 && (await activeAuthorityRow(db)).length > 0) return;
  const imported = pkcs12 ? await readAuthorityPkcs12(pkcs12) : undefined;
  await db.transaction(async (tx) => {
    const [active] = await activeAuthorityRow(tx);
    if (imported) {
      if (active?.fingerprint === imported.fingerprint) return;
      // The operator's CA replaces the active one; certificates it issued keep their chain row.
      if (active) {
        await tx
          .update(platformSigningAuthorities)
          .set({ isActive: false, updatedAt: new Date() })
          .where(eq(platformSigningAuthorities.id, active.id));
      }
      await tx
        .insert(platformSigningAuthorities)
        .values({
          subject: imported.subject,
          serialNumber: imported.serialNumber,
          certificatePem: imported.certificatePem,
          encryptedPrivateKey: secrets.seal(imported.privateKeyPem),
          fingerprint: imported.fingerprint,
          source: 'pkcs12',
          validFrom: imported.validFrom,
          validTo: imported.validTo,
        })
        .onConflictDoNothing();
      return;
    }
    if (active) return;
    // X.509 code loads only when a CA is made: most starts find one (issue 21 §5).
    const { exportPrivateKeyPem, generateSigningKey, issueCertificate } = await import('./x509');
    const key = await generateSigningKey('ECDSA', 7680);
    const validFrom = new Date(Date.now() - 5 * 60 * 1000);
    const validTo = new Date(validFrom);
    validTo.setUTCFullYear(validTo.getUTCFullYear() + authorityYears);
    const certificate = await issueCertificate({
      subject: { commonName: authorityCommonName, organization: 'Locus' },
      publicKey: key.publicKey,
      selfSigningKey: key.privateKey,
      validFrom,
      validTo,
      isAuthority: true,
    });
    await tx
      .insert(platformSigningAuthorities)
      .values({
        subject: certificate.subject,
        serialNumber: certificate.serialNumber,
        certificatePem: certificate.pem,
        encryptedPrivateKey: secrets.seal(await exportPrivateKeyPem(key.privateKey)),
        fingerprint: certificate.fingerprint,
        source: 'generated',
        validFrom,
        validTo,
      })
      .onConflictDoNothing();
  });
}

const activeAuthorityRow = (db: Database | Transaction) =>
  db.select().from(platformSigningAuthorities).where(eq(platformSigningAuthorities.isActive, true)).limit(1);

/** The active CA with its key opened (issuing needs it); made now when the start did not make one. */
export async function loadPlatformAuthority(
  db: Database | Transaction,
  secrets: SecretBox,
): Promise<PlatformAuthority> {
  let [row] = await activeAuthorityRow(db);
  if (!row) {
    await ensurePlatformAuthority(db as Database, secrets);
    [row] = await activeAuthorityRow(db);
  }
  if (!row) throw new Error('The platform has no signing CA');
  let privateKeyPem: string;
  try {
    privateKeyPem = secrets.open(row.encryptedPrivateKey);
  } catch {
    throw new Error("The platform signing CA's key cannot be opened with this SECRET_KEY");
  }
  const { importPrivateKeyPem } = await import('./x509');
  const { key } = await importPrivateKeyPem(privateKeyPem);
  return {
    id: row.id,
    certificatePem: row.certificatePem,
    certificateDer: fromPem(row.certificatePem),
    privateKey: key,
    subject: row.subject,
  };
}

/** Every CA certificate the platform has had (active first), PEM: the chain an organization downloads. */
export async function platformAuthorityCertificates(db: Database | Transaction, authorityId?: string | null) {
  const rows = await db
    .select({
      id: platformSigningAuthorities.id,
      certificatePem: platformSigningAuthorities.certificatePem,
      isActive: platformSigningAuthorities.isActive,
    })
    .from(platformSigningAuthorities)
    .where(authorityId ? eq(platformSigningAuthorities.id, authorityId) : undefined);
  return rows.toSorted((a, b) => Number(b.isActive) - Number(a.isActive));
}

/** The CA certificate (PEM) that issued a certificate, by the certificate's `authorityId`. */
export async function authorityCertificatePem(db: Database | Transaction, authorityId: string | null) {
  if (!authorityId) return null;
  const [row] = await db
    .select({ certificatePem: platformSigningAuthorities.certificatePem })
    .from(platformSigningAuthorities)
    .where(eq(platformSigningAuthorities.id, authorityId))
    .limit(1);
  return row?.certificatePem ?? null;
}

/** Reads the operator's PKCS#12 (an RSA CA: node-forge opens RSA keys only), or says why it cannot. */
async function readAuthorityPkcs12({ file, password }: AuthorityPkcs12) {
  const [{ default: forge }, { readCertificate }] = await Promise.all([
    import('node-forge'),
    import('./x509'),
  ]);
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const der = readFileSync(file).toString('binary');
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der), password);
  } catch (error) {
    throw new Error(
      `SIGNING_CA_P12_FILE ${file} cannot be opened: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const certificate = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]?.[0]?.cert;
  const key =
    p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0]
      ?.key ?? p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag]?.[0]?.key;
  if (!certificate || !key)
    throw new Error(`SIGNING_CA_P12_FILE ${file} holds no certificate with an RSA key`);
  const certificatePem = forge.pki.certificateToPem(certificate);
  const details = readCertificate(certificatePem);
  const privateKeyPem = forge.pki.privateKeyInfoToPem(
    forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key as forge.pki.rsa.PrivateKey)),
  );
  return { certificatePem, privateKeyPem, ...details };
}
