import type { PAdESLevel, Signer, TimestampAuthority } from '@libpdf/core';
import { letterPage } from '../document-rendering/render-document-pdf';
import { type CertificateInput, renderCertificatePages } from './certificate-pages';

/*
 * The sealed PDF in two steps: the signed copy with the completion certificate's pages appended
 * (an incremental update, so the original document's bytes stay a prefix), then the PAdES
 * signature (ETSI.CAdES.detached) over all of it.
 */

/** The Info key a sealed PDF carries its verification id in (readable without our database). */
export const verificationIdInfoKey = 'LocusVerificationId';
export const sealProducer = 'Locus';

export interface SealedPdfMeta {
  title: string;
  verificationId: string;
  /** The modification date written (the sealing time). */
  modifiedAt: Date;
}

/** The copy with the certificate pages (sized like its first page) after its own, and the seal's Info. */
export async function appendCertificatePages(
  signedCopy: Uint8Array,
  certificate: CertificateInput,
  meta: SealedPdfMeta,
): Promise<Uint8Array> {
  // libpdf loads with the first seal, not with every start (issue 21 §5).
  const { PDF, PdfDict, PdfString } = await import('@libpdf/core');
  const pdf = await PDF.load(signedCopy);
  const first = pdf.getPages()[0];
  const pageSize = first ? { width: first.width, height: first.height } : letterPage;
  const pages = await PDF.load(new Uint8Array(await renderCertificatePages({ ...certificate, pageSize })));
  await pdf.copyPagesFrom(
    pages,
    pages.getPages().map((_, index) => index),
  );
  pdf.setTitle(meta.title);
  pdf.setProducer(sealProducer);
  pdf.setModificationDate(meta.modifiedAt);
  const infoRef = pdf.context.info.trailer.getRef('Info');
  const info = infoRef ? pdf.context.registry.getObject(infoRef) : null;
  if (info instanceof PdfDict) info.set(verificationIdInfoKey, PdfString.fromString(meta.verificationId));
  return pdf.save({ incremental: true });
}

export interface SealSignature {
  bytes: Uint8Array;
  level: Extract<PAdESLevel, 'B-B' | 'B-T'>;
  /** Why the seal has no timestamp although an authority is configured. */
  timestampError: string | null;
}

/**
 * Signs the bytes as PAdES: B-T with the authority's timestamp when one is given, else B-B. A
 * timestamp the authority did not give is never invented: when it fails the seal is B-B and the
 * failure is answered for the record.
 */
export async function signSealedPdf(
  bytes: Uint8Array,
  options: { signer: Signer; timestampAuthority?: TimestampAuthority; signingTime: Date; reason: string },
): Promise<SealSignature> {
  const { PDF, TimestampError } = await import('@libpdf/core');
  const sign = async (level: 'B-B' | 'B-T') => {
    const pdf = await PDF.load(bytes);
    const result = await pdf.sign({
      signer: options.signer,
      subFilter: 'ETSI.CAdES.detached',
      level,
      ...(level === 'B-T' && { timestampAuthority: options.timestampAuthority }),
      fieldName: 'LocusSeal',
      reason: options.reason,
      signingTime: options.signingTime,
      // Room for the CA chain and a timestamp token with its authority's certificates.
      estimatedSize: level === 'B-T' ? 24_576 : 12_288,
    });
    return result.bytes;
  };
  if (!options.timestampAuthority) return { bytes: await sign('B-B'), level: 'B-B', timestampError: null };
  try {
    return { bytes: await sign('B-T'), level: 'B-T', timestampError: null };
  } catch (error) {
    if (!(error instanceof TimestampError)) throw error;
    return { bytes: await sign('B-B'), level: 'B-B', timestampError: error.message.slice(0, 500) };
  }
}
