import { createHash, randomBytes, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { curveForKeySize } from '../../../common/validation/certificates';
import { fromPem } from './pem';

/*
 * X.509 issuing with pkijs over Node's WebCrypto (docs/decisions/033): keys are made natively
 * (RSA 2048 in tens of milliseconds, not the seconds a pure-JS generator takes) and the same
 * library then builds the certificates and, in verify-pades.ts, checks the CMS signatures.
 */

const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const engine = new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as Crypto });
pkijs.setEngine('node', engine);

/** The key kinds a sealing certificate can have; PDF signatures cannot carry EdDSA (decision 033). */
export type SealingKeyAlgorithm = 'RSA' | 'ECDSA';

export interface GeneratedKey {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  algorithm: SealingKeyAlgorithm;
  /** RSA modulus bits, or the RSA-equivalent strength recorded for an EC curve. */
  keySize: number;
}

const rsaParams = (keySize: number) => ({
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: keySize,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
});

export async function generateSigningKey(
  algorithm: SealingKeyAlgorithm,
  keySize: number,
): Promise<GeneratedKey> {
  const params =
    algorithm === 'RSA' ? rsaParams(keySize) : { name: 'ECDSA', namedCurve: curveForKeySize(keySize) };
  const pair = (await subtle.generateKey(params, true, ['sign', 'verify'])) as CryptoKeyPair;
  return { privateKey: pair.privateKey, publicKey: pair.publicKey, algorithm, keySize };
}

/** PKCS#8 PEM of a private key (what is sealed at rest). */
export async function exportPrivateKeyPem(key: CryptoKey): Promise<string> {
  return toPem('PRIVATE KEY', new Uint8Array(await subtle.exportKey('pkcs8', key)));
}

export async function exportPublicKeyPem(key: CryptoKey): Promise<string> {
  return toPem('PUBLIC KEY', new Uint8Array(await subtle.exportKey('spki', key)));
}

/** Imports a PKCS#8 PEM for signing with SHA-256 (RSA PKCS#1 v1.5 or ECDSA on its curve). */
export async function importPrivateKeyPem(
  pem: string,
): Promise<{ key: CryptoKey; algorithm: SealingKeyAlgorithm }> {
  const der = fromPem(pem);
  const info = pkijs.PrivateKeyInfo.fromBER(der);
  const oid = info.privateKeyAlgorithm.algorithmId;
  if (oid === '1.2.840.113549.1.1.1') {
    const key = await subtle.importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    return { key, algorithm: 'RSA' };
  }
  if (oid === '1.2.840.10045.2.1') {
    const curveOid = (
      info.privateKeyAlgorithm.algorithmParams as asn1js.ObjectIdentifier
    ).valueBlock.toString();
    const namedCurve = (
      { '1.2.840.10045.3.1.7': 'P-256', '1.3.132.0.34': 'P-384', '1.3.132.0.35': 'P-521' } as const
    )[curveOid as '1.2.840.10045.3.1.7'];
    if (!namedCurve) throw new Error(`Unsupported EC curve ${curveOid}`);
    const key = await subtle.importKey('pkcs8', der, { name: 'ECDSA', namedCurve }, false, ['sign']);
    return { key, algorithm: 'ECDSA' };
  }
  throw new Error(`Unsupported private key algorithm ${oid}`);
}

export interface IssueCertificateInput {
  /** Common name and organization of the subject. */
  subject: { commonName: string; organization?: string };
  publicKey: CryptoKey;
  /** The issuer's certificate (DER) and key; omitted for a self-signed root. */
  issuer?: { certificate: Uint8Array<ArrayBuffer>; privateKey: CryptoKey };
  /** Self-signed roots sign with their own private key. */
  selfSigningKey?: CryptoKey;
  validFrom: Date;
  validTo: Date;
  isAuthority: boolean;
}

export interface IssuedCertificate {
  der: Uint8Array<ArrayBuffer>;
  pem: string;
  serialNumber: string;
  subject: string;
  issuer: string;
  /** SHA-256 of the DER, colon-separated hex (how certificate viewers show it). */
  fingerprint: string;
}

const oids = {
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  emailProtection: '1.3.6.1.5.5.7.3.4',
  /** Adobe Authentic Documents Trust: PDF readers' document-signing usage. */
  adobeDocumentSigning: '1.2.840.113583.1.1.5',
};

function nameOf(subject: IssueCertificateInput['subject']): pkijs.RelativeDistinguishedNames {
  const attributes = [
    ...(subject.organization ? [[oids.organization, subject.organization] as const] : []),
    [oids.commonName, subject.commonName] as const,
  ];
  // One attribute per RDN (O=…, CN=…): pkijs would put them all in one multi-valued RDN (O=…+CN=…).
  const sequence = new asn1js.Sequence({
    value: attributes.map(
      ([type, value]) =>
        new asn1js.Set({
          value: [
            new pkijs.AttributeTypeAndValue({ type, value: new asn1js.Utf8String({ value }) }).toSchema(),
          ],
        }),
    ),
  });
  return pkijs.RelativeDistinguishedNames.fromBER(sequence.toBER(false));
}

/** "O=…, CN=…" as certificate viewers print a name. */
export function describeName(name: pkijs.RelativeDistinguishedNames): string {
  const labels: Record<string, string> = { [oids.commonName]: 'CN', [oids.organization]: 'O' };
  return name.typesAndValues
    .map((tv) => `${labels[tv.type] ?? tv.type}=${(tv.value.valueBlock as { value?: string }).value ?? ''}`)
    .join(', ');
}

const keyIdOf = async (spki: pkijs.PublicKeyInfo) =>
  new Uint8Array(createHash('sha1').update(spki.subjectPublicKey.valueBlock.valueHexView).digest());

/** A certificate signed with SHA-256 by its issuer (or itself): a CA or a document-signing leaf. */
export async function issueCertificate(input: IssueCertificateInput): Promise<IssuedCertificate> {
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  // 16 random bytes, unique without a counter. The first byte is 0x40–0x7f: the top bit clear keeps
  // the INTEGER positive, and a non-zero first byte keeps its DER minimal (a leading zero byte
  // before one below 0x80, 1 serial in 256 before, made OpenSSL refuse the whole certificate).
  const serial = randomBytes(16);
  serial[0] = ((serial[0] ?? 0) & 0x3f) | 0x40;
  certificate.serialNumber = new asn1js.Integer({ valueHex: serial });
  const subjectName = nameOf(input.subject);
  certificate.subject = subjectName;
  await certificate.subjectPublicKeyInfo.importKey(input.publicKey, engine);
  certificate.notBefore.value = input.validFrom;
  certificate.notAfter.value = input.validTo;

  let issuerName = subjectName;
  let signingKey = input.selfSigningKey;
  let authorityKeyId = await keyIdOf(certificate.subjectPublicKeyInfo);
  if (input.issuer) {
    const issuerCertificate = pkijs.Certificate.fromBER(input.issuer.certificate);
    issuerName = issuerCertificate.subject;
    signingKey = input.issuer.privateKey;
    authorityKeyId = await keyIdOf(issuerCertificate.subjectPublicKeyInfo);
  }
  if (!signingKey) throw new Error('A certificate needs an issuer or a self-signing key');
  certificate.issuer = issuerName;

  const keyUsageBits = input.isAuthority
    ? new asn1js.BitString({ valueHex: new Uint8Array([0x06]).buffer, unusedBits: 1 }) // keyCertSign, cRLSign
    : new asn1js.BitString({ valueHex: new Uint8Array([0xc0]).buffer, unusedBits: 6 }); // digitalSignature, nonRepudiation
  const extensions = [
    new pkijs.Extension({
      extnID: oids.basicConstraints,
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: input.isAuthority }).toSchema().toBER(false),
    }),
    new pkijs.Extension({ extnID: oids.keyUsage, critical: true, extnValue: keyUsageBits.toBER(false) }),
    new pkijs.Extension({
      extnID: oids.subjectKeyIdentifier,
      extnValue: new asn1js.OctetString({ valueHex: await keyIdOf(certificate.subjectPublicKeyInfo) }).toBER(
        false,
      ),
    }),
    new pkijs.Extension({
      extnID: oids.authorityKeyIdentifier,
      extnValue: new pkijs.AuthorityKeyIdentifier({
        keyIdentifier: new asn1js.OctetString({ valueHex: authorityKeyId }),
      })
        .toSchema()
        .toBER(false),
    }),
  ];
  if (!input.isAuthority) {
    extensions.push(
      new pkijs.Extension({
        extnID: oids.extKeyUsage,
        extnValue: new pkijs.ExtKeyUsage({
          keyPurposes: [oids.emailProtection, oids.adobeDocumentSigning],
        })
          .toSchema()
          .toBER(false),
      }),
    );
  }
  certificate.extensions = extensions;
  await certificate.sign(signingKey, 'SHA-256', engine);
  const der = new Uint8Array(certificate.toSchema(true).toBER(false)) as Uint8Array<ArrayBuffer>;
  return {
    der,
    pem: toPem('CERTIFICATE', der),
    serialNumber: Buffer.from(serial).toString('hex').toUpperCase(),
    subject: describeName(subjectName),
    issuer: describeName(issuerName),
    fingerprint: fingerprintOf(der),
  };
}

export function fingerprintOf(der: Uint8Array): string {
  return createHash('sha256').update(der).digest('hex').toUpperCase().match(/../g)?.join(':') ?? '';
}

/** Reads a PEM or DER certificate: its DER, names, serial, validity and fingerprint. */
export function readCertificate(pemOrDer: string | Uint8Array<ArrayBuffer>) {
  const der = typeof pemOrDer === 'string' ? fromPem(pemOrDer) : pemOrDer;
  const certificate = pkijs.Certificate.fromBER(der);
  return {
    der,
    certificate,
    subject: describeName(certificate.subject),
    issuer: describeName(certificate.issuer),
    serialNumber: Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex').toUpperCase(),
    validFrom: certificate.notBefore.value,
    validTo: certificate.notAfter.value,
    fingerprint: fingerprintOf(der),
  };
}

export function toPem(label: string, der: Uint8Array): string {
  const body =
    Buffer.from(der)
      .toString('base64')
      .match(/.{1,64}/g)
      ?.join('\n') ?? '';
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
}
