import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { fromPem } from '../certificates/pem';
// x509.ts sets pkijs's crypto engine (Node's WebCrypto) as a side effect of loading.
import { describeName } from '../certificates/x509';

/*
 * Checks the PDF signatures of a sealed document without trusting the PDF library that made
 * them: every /ByteRange signature dictionary's CMS SignedData is parsed with pkijs, its
 * messageDigest compared with the SHA-256 of the signed bytes, the signature over the signed
 * attributes checked with the signer's certificate, and that certificate chained to a trusted CA.
 */

const oids = {
  signedData: '1.2.840.113549.1.7.2',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signatureTimestamp: '1.2.840.113549.1.9.16.2.14',
};

export interface PadesSignatureCheck {
  /** Where the signature dictionary's /ByteRange starts, in the file. */
  offset: number;
  subFilter: string | null;
  byteRange: [number, number, number, number];
  /** The byte ranges cover the whole file except the signature value itself. */
  coversWholeFile: boolean;
  /** The messageDigest signed attribute equals SHA-256 of the signed bytes. */
  digestMatches: boolean;
  /** The signer's signature over the signed attributes verifies with its certificate. */
  signatureValid: boolean;
  /** The signer's certificate is issued by one of the trusted CAs and was valid when signing. */
  certificateTrusted: boolean;
  signerSubject: string | null;
  signerIssuer: string | null;
  /** The signingTime attribute, or else the dictionary's /M (a claim unless timestamped). */
  signingTime: string | null;
  hasSignatureTimestamp: boolean;
  /** Every check above passed. */
  valid: boolean;
  problems: string[];
}

export interface PadesVerification {
  /** At least one signature, every one valid and trusted, and the last covers the whole file. */
  valid: boolean;
  signatures: PadesSignatureCheck[];
  problems: string[];
}

interface SignatureDictionary {
  offset: number;
  byteRange: [number, number, number, number];
  contents: Uint8Array;
  subFilter: string | null;
  modified: string | null;
}

const latin1 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** Every signature dictionary: its /ByteRange, the hex value in the gap, /SubFilter and /M. */
function findSignatureDictionaries(pdf: Uint8Array): SignatureDictionary[] {
  const text = latin1(pdf);
  const found: SignatureDictionary[] = [];
  const pattern = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
  for (const match of text.matchAll(pattern)) {
    const byteRange = match.slice(1, 5).map(Number) as [number, number, number, number];
    const [start, firstLength, gapEnd] = byteRange;
    const gapStart = start + firstLength;
    if (gapStart >= gapEnd || gapEnd > pdf.length) continue;
    const hex = text.slice(gapStart, gapEnd).replace(/^<|>$/g, '').replace(/\s/g, '');
    if (!/^[0-9a-fA-F]*$/.test(hex)) continue;
    // The dictionary holding this /ByteRange: between its `obj` and `endobj`.
    const objectStart = Math.max(0, text.lastIndexOf(' obj', match.index));
    const objectEnd = text.indexOf('endobj', match.index);
    const dictionary = text.slice(objectStart, objectEnd === -1 ? undefined : objectEnd);
    found.push({
      offset: match.index,
      byteRange,
      contents: Uint8Array.from(Buffer.from(hex, 'hex')),
      subFilter: /\/SubFilter\s*\/([A-Za-z0-9.#_-]+)/.exec(dictionary)?.[1] ?? null,
      modified: /\/M\s*\(([^)]*)\)/.exec(dictionary)?.[1] ?? null,
    });
  }
  return found;
}

/** A PDF date (D:YYYYMMDDHHmmSS+HH'mm') as ISO 8601; null when it is not one. */
export function pdfDateToIso(value: string | null): string | null {
  const m = value && /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(value);
  if (!m) return null;
  const zone =
    !m[7] || m[7] === 'Z' ? 'Z' : `${m[7].slice(0, 3)}:${m[7].replace(/'/g, '').slice(3, 5) || '00'}`;
  const date = new Date(
    `${m[1]}-${m[2] ?? '01'}-${m[3] ?? '01'}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}${zone}`,
  );
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function signedBytes(pdf: Uint8Array, [a, b, c, d]: [number, number, number, number]) {
  return Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
}

function attribute(attrs: pkijs.SignedAndUnsignedAttributes | undefined, oid: string) {
  return attrs?.attributes.find((a) => a.type === oid);
}

function sameSigner(certificate: pkijs.Certificate, sid: pkijs.IssuerAndSerialNumber) {
  return certificate.issuer.isEqual(sid.issuer) && certificate.serialNumber.isEqual(sid.serialNumber);
}

function parseTrusted(pems: string[]) {
  const trusted: pkijs.Certificate[] = [];
  for (const pem of pems) {
    for (const block of pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? []) {
      trusted.push(pkijs.Certificate.fromBER(fromPem(block)));
    }
  }
  return trusted;
}

async function checkSignature(
  pdf: Uint8Array,
  dictionary: SignatureDictionary,
  trusted: pkijs.Certificate[],
): Promise<PadesSignatureCheck> {
  const [a, b, c, d] = dictionary.byteRange;
  const check: PadesSignatureCheck = {
    offset: dictionary.offset,
    subFilter: dictionary.subFilter,
    byteRange: dictionary.byteRange,
    coversWholeFile: a === 0 && c + d === pdf.length && a + b < c,
    digestMatches: false,
    signatureValid: false,
    certificateTrusted: false,
    signerSubject: null,
    signerIssuer: null,
    signingTime: pdfDateToIso(dictionary.modified),
    hasSignatureTimestamp: false,
    valid: false,
    problems: [],
  };
  let signedData: pkijs.SignedData;
  try {
    // The hex value is zero-padded to the reserved size: parse only the DER object itself.
    const asn = asn1js.fromBER(dictionary.contents);
    if (asn.offset === -1) throw new Error('not DER');
    const info = new pkijs.ContentInfo({ schema: asn.result });
    if (info.contentType !== oids.signedData) throw new Error('not SignedData');
    signedData = new pkijs.SignedData({ schema: info.content });
  } catch {
    check.problems.push('The signature value is not a CMS SignedData structure');
    return check;
  }
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo) {
    check.problems.push('The signature has no signer');
    return check;
  }
  const engine = pkijs.getCrypto(true);
  const certificates = (signedData.certificates ?? []).filter(
    (cert): cert is pkijs.Certificate => cert instanceof pkijs.Certificate,
  );
  const sid = signerInfo.sid;
  const signer =
    sid instanceof pkijs.IssuerAndSerialNumber
      ? certificates.find((cert) => sameSigner(cert, sid))
      : undefined;
  if (!signer) {
    check.problems.push("The signer's certificate is not in the signature");
    return check;
  }
  check.signerSubject = describeName(signer.subject);
  check.signerIssuer = describeName(signer.issuer);

  const hashName = (engine.getAlgorithmByOID(signerInfo.digestAlgorithm.algorithmId) as { name?: string })
    .name;
  const digestAttribute = attribute(signerInfo.signedAttrs, oids.messageDigest)?.values[0];
  if (hashName === 'SHA-256' && digestAttribute instanceof asn1js.OctetString) {
    const actual = createHash('sha256').update(signedBytes(pdf, dictionary.byteRange)).digest();
    check.digestMatches = Buffer.from(digestAttribute.valueBlock.valueHexView).equals(actual);
  }
  if (!check.digestMatches) check.problems.push('The signed bytes were changed (message digest differs)');

  const timeAttribute = attribute(signerInfo.signedAttrs, oids.signingTime)?.values[0];
  if (timeAttribute instanceof asn1js.UTCTime || timeAttribute instanceof asn1js.GeneralizedTime) {
    check.signingTime = timeAttribute.toDate().toISOString();
  }
  check.hasSignatureTimestamp = Boolean(attribute(signerInfo.unsignedAttrs, oids.signatureTimestamp));

  if (signerInfo.signedAttrs && hashName) {
    // The signature covers the DER of the attributes as a SET, not as the [0] they are stored as.
    const encoded = new Uint8Array(
      signerInfo.signedAttrs.encodedValue.byteLength > 0
        ? signerInfo.signedAttrs.encodedValue.slice(0)
        : signerInfo.signedAttrs.toSchema().toBER(),
    );
    encoded[0] = 0x31;
    try {
      check.signatureValid = await engine.verifyWithPublicKey(
        encoded,
        signerInfo.signature,
        signer.subjectPublicKeyInfo,
        signer.signatureAlgorithm,
        hashName,
      );
    } catch {
      check.signatureValid = false;
    }
  }
  if (!check.signatureValid) check.problems.push('The signature does not verify with the signer certificate');

  const when = check.signingTime ? new Date(check.signingTime) : new Date();
  const validThen = signer.notBefore.value <= when && when <= signer.notAfter.value;
  for (const authority of trusted) {
    if (!authority.subject.isEqual(signer.issuer)) continue;
    if (await signer.verify(authority).catch(() => false)) {
      check.certificateTrusted = validThen;
      break;
    }
  }
  if (!check.certificateTrusted) {
    check.problems.push(
      validThen
        ? "The signer's certificate is not issued by a trusted CA"
        : "The signer's certificate was not valid at the signing time",
    );
  }
  check.valid = check.digestMatches && check.signatureValid && check.certificateTrusted;
  return check;
}

/** Checks every signature of `pdf`, trusting the CA certificates in `trustedCaPems`. */
export async function verifyPadesSignatures(
  pdf: Uint8Array,
  trustedCaPems: string[],
): Promise<PadesVerification> {
  const trusted = parseTrusted(trustedCaPems);
  const signatures: PadesSignatureCheck[] = [];
  for (const dictionary of findSignatureDictionaries(pdf)) {
    signatures.push(await checkSignature(pdf, dictionary, trusted));
  }
  const problems: string[] = [];
  if (signatures.length === 0) problems.push('The file has no PDF signature');
  const last = signatures.toSorted((x, y) => x.byteRange[2] - y.byteRange[2]).at(-1);
  if (last && !last.coversWholeFile) {
    problems.push('Bytes were added after the last signature');
  }
  if (signatures.some((s) => !s.valid)) problems.push('A signature does not verify');
  return { valid: problems.length === 0, signatures, problems };
}
