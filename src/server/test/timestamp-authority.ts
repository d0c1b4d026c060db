import { execFile } from 'node:child_process';
import { createHash, webcrypto } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/*
 * A small RFC 3161 timestamp authority for tests, on node:http: TimeStampReq in, TimeStampResp
 * out, the TSTInfo signed (CMS SignedData with the ESS signing-certificate-v2 attribute that
 * `openssl ts -verify` insists on) by a TSA certificate carrying the critical timeStamping EKU,
 * issued by its own test root (made with openssl). `caPem` is what a verifier trusts.
 */

const run = promisify(execFile);
const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const engine = new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as Crypto });

const oids = {
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  testPolicy: '1.3.6.1.4.1.99999.1.1',
};

export interface TestTimestampAuthority {
  url: string;
  /** The test root that issued the TSA certificate (PEM). */
  caPem: string;
  /** The TSA's own certificate (PEM). */
  tsaPem: string;
  /** Requests answered so far. */
  readonly served: number;
  close(): Promise<void>;
}

const derOf = (pem: string) =>
  new Uint8Array(Buffer.from(pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64'));

const bufferOf = (bytes: ArrayBuffer | Uint8Array) => {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  return view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength) as ArrayBuffer;
};

/** The test root and the TSA certificate (critical EKU timeStamping) with its key, from openssl. */
async function issueTsaCertificates() {
  const dir = mkdtempSync(path.join(tmpdir(), 'locus-tsa-'));
  const file = (name: string) => path.join(dir, name);
  try {
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      file('ca.key'),
      '-out',
      file('ca.pem'),
      '-days',
      '3650',
      '-subj',
      '/CN=Locus Test TSA Root/O=Locus Tests',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    await run('openssl', [
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      file('tsa.key'),
      '-out',
      file('tsa.csr'),
      '-subj',
      '/CN=Locus Test TSA/O=Locus Tests',
    ]);
    writeFileSync(
      file('ext.cnf'),
      'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n',
    );
    await run('openssl', [
      'x509',
      '-req',
      '-in',
      file('tsa.csr'),
      '-CA',
      file('ca.pem'),
      '-CAkey',
      file('ca.key'),
      '-set_serial',
      '4242',
      '-days',
      '3650',
      '-extfile',
      file('ext.cnf'),
      '-out',
      file('tsa.pem'),
    ]);
    return {
      caPem: readFileSync(file('ca.pem'), 'utf8'),
      tsaPem: readFileSync(file('tsa.pem'), 'utf8'),
      keyPem: readFileSync(file('tsa.key'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 } (SHA-256, the default, so no algorithm). */
function signingCertificateV2(certificateDer: Uint8Array) {
  const certHash = createHash('sha256').update(certificateDer).digest();
  return new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: bufferOf(certHash) })] })],
      }),
    ],
  });
}

/**
 * The signed attributes in DER SET OF order: verifiers (OpenSSL) re-encode them sorted before
 * checking the signature, so any other order would not verify.
 */
const derSorted = (attributes: pkijs.Attribute[]) =>
  attributes
    .map((attribute) => ({ attribute, der: Buffer.from(attribute.toSchema().toBER(false)) }))
    .toSorted((a, b) => Buffer.compare(a.der, b.der))
    .map(({ attribute }) => attribute);

const rejection = (text: string) =>
  new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({
      status: pkijs.PKIStatus.rejection,
      statusStrings: [new asn1js.Utf8String({ value: text })],
    }),
  });

/** Starts the authority on a free local port. */
export async function startTestTimestampAuthority(): Promise<TestTimestampAuthority> {
  const { caPem, tsaPem, keyPem } = await issueTsaCertificates();
  const certificateDer = derOf(tsaPem);
  const certificate = pkijs.Certificate.fromBER(bufferOf(certificateDer));
  const key = await subtle.importKey(
    'pkcs8',
    bufferOf(derOf(keyPem)),
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  let serial = 1;
  let served = 0;

  async function respond(body: Buffer): Promise<pkijs.TimeStampResp> {
    let request: pkijs.TimeStampReq;
    try {
      request = pkijs.TimeStampReq.fromBER(bufferOf(body));
    } catch {
      return rejection('Malformed TimeStampReq');
    }
    const tstInfo = new pkijs.TSTInfo({
      version: 1,
      policy: request.reqPolicy ?? oids.testPolicy,
      messageImprint: request.messageImprint,
      serialNumber: new asn1js.Integer({ value: serial++ }),
      genTime: new Date(Math.floor(Date.now() / 1000) * 1000),
      accuracy: new pkijs.Accuracy({ seconds: 1 }),
      ...(request.nonce && { nonce: request.nonce }),
    });
    const content = tstInfo.toSchema().toBER(false);
    const digest = await subtle.digest('SHA-256', content);
    const signedData = new pkijs.SignedData({
      version: 3,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({
        eContentType: oids.tstInfo,
        eContent: new asn1js.OctetString({ valueHex: content }),
      }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({
            issuer: certificate.issuer,
            serialNumber: certificate.serialNumber,
          }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: derSorted([
              new pkijs.Attribute({
                type: oids.contentType,
                values: [new asn1js.ObjectIdentifier({ value: oids.tstInfo })],
              }),
              new pkijs.Attribute({
                type: oids.signingTime,
                values: [new asn1js.UTCTime({ valueDate: new Date() })],
              }),
              new pkijs.Attribute({
                type: oids.messageDigest,
                values: [new asn1js.OctetString({ valueHex: digest })],
              }),
              new pkijs.Attribute({
                type: oids.signingCertificateV2,
                values: [signingCertificateV2(certificateDer)],
              }),
            ]),
          }),
        }),
      ],
      ...(request.certReq && { certificates: [certificate] }),
    });
    await signedData.sign(key, 0, 'SHA-256', undefined, engine);
    return new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
      timeStampToken: new pkijs.ContentInfo({
        contentType: oids.signedData,
        content: signedData.toSchema(true),
      }),
    });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST') {
        res.writeHead(405).end();
        return;
      }
      respond(Buffer.concat(chunks)).then(
        (response) => {
          served += 1;
          res
            .writeHead(200, { 'content-type': 'application/timestamp-reply' })
            .end(Buffer.from(response.toSchema().toBER(false)));
        },
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsr`,
    caPem,
    tsaPem,
    get served() {
      return served;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
