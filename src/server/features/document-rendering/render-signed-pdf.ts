import { and, eq } from 'drizzle-orm';
import { PDF, rgb, StandardFonts } from '@libpdf/core';
import { parseDocumentContent } from '../../../common/documents/document-content';
import type { Database } from '../../db';
import { documentInstances } from '../../db/schema/documents';
import {
  enhancedSignatureFields,
  enhancedSignatureRecipients,
  enhancedSignatureRequests,
  enhancedSignatures,
} from '../../db/schema/signing';
import { organizationBranding } from './organization-branding';
import { renderDocumentPdf } from './render-document-pdf';

/*
 * TEMPORARY (signer-api branch): H5 owns this file and writes the full version in parallel
 * (i17-signed-pdf); on merge, theirs replaces this one. It draws the values of an editor
 * document's request into their boxes so the completion copies carry the signed document.
 */

const fontOf = (family: string) =>
  /times|serif/i.test(family) && !/sans/i.test(family)
    ? StandardFonts.TimesRoman
    : /courier|mono/i.test(family)
      ? StandardFonts.Courier
      : StandardFonts.Helvetica;

export async function renderSignedDocumentPdf(db: Database, organizationId: string, requestId: string) {
  const [request] = await db
    .select()
    .from(enhancedSignatureRequests)
    .where(
      and(
        eq(enhancedSignatureRequests.id, requestId),
        eq(enhancedSignatureRequests.organizationId, organizationId),
      ),
    )
    .limit(1);
  const [document] = request?.documentInstanceId
    ? await db
        .select()
        .from(documentInstances)
        .where(
          and(
            eq(documentInstances.id, request.documentInstanceId),
            eq(documentInstances.organizationId, organizationId),
          ),
        )
        .limit(1)
    : [];
  if (!request || !document) throw new Error('The signature request has no document');
  if (document.source === 'upload')
    throw new Error('Signed copies of uploaded PDFs come with render-signed-pdf (H5)');
  const rendered = await renderDocumentPdf({
    doc: parseDocumentContent(document.mergedContent ?? document.content),
    title: document.name,
    organization: await organizationBranding(db, organizationId),
  });
  const values = await db
    .select({
      signature: enhancedSignatures,
      field: enhancedSignatureFields,
      signer: enhancedSignatureRecipients.name,
    })
    .from(enhancedSignatures)
    .innerJoin(enhancedSignatureFields, eq(enhancedSignatureFields.id, enhancedSignatures.fieldId))
    .innerJoin(
      enhancedSignatureRecipients,
      eq(enhancedSignatureRecipients.id, enhancedSignatures.recipientId),
    )
    .where(
      and(
        eq(enhancedSignatures.organizationId, organizationId),
        eq(enhancedSignatures.signatureRequestId, requestId),
      ),
    );
  if (values.length === 0) return Buffer.from(rendered.pdf);
  const pdf = await PDF.load(new Uint8Array(rendered.pdf));
  const pages = pdf.getPages();
  for (const { signature, field, signer } of values) {
    const page = pages[field.page - 1];
    if (!page) continue;
    const x = field.xPosition ?? 0;
    const bottom = page.height - (field.yPosition ?? 0) - field.height;
    const data = signature.signatureData;
    const image = /^data:image\/(png|jpeg);base64,(.+)$/.exec(data);
    if (image) {
      const bytes = new Uint8Array(Buffer.from(image[2], 'base64'));
      const embedded = image[1] === 'png' ? pdf.embedPng(bytes) : pdf.embedJpeg(bytes);
      const scale = Math.min(field.width / embedded.width, field.height / embedded.height);
      page.drawImage(embedded, {
        x,
        y: bottom,
        width: embedded.width * scale,
        height: embedded.height * scale,
      });
      page.drawText(
        `Signed by ${signer} · ${signature.signingTime.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        {
          x,
          y: bottom - 8,
          size: 6,
          color: rgb(0.45, 0.45, 0.45),
        },
      );
      continue;
    }
    const text = field.fieldType === 'checkbox' ? (data === 'true' ? 'X' : '') : data;
    if (!text) continue;
    page.drawText(text, {
      x: x + 2,
      y: bottom + field.height / 2 - field.fontSize / 3,
      size: field.fontSize,
      font: fontOf(field.fontFamily),
    });
  }
  return Buffer.from(await pdf.save());
}
