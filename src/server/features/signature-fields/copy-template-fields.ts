import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { MergeValues } from '../../../common/merge-fields';
import type { Database } from '../../db';
import { signatureFields } from '../../db/schema/documents';
import type { ServiceContext } from '../../lib/service-context';
import { inOrganization } from '../../lib/tenant-scope';
import type { Transaction } from '../../lib/transaction';
import type { AnchorBox } from '../document-rendering/render-document-pdf';
import { letterPage } from '../document-rendering/render-document-pdf';
import { resolveFieldPosition } from './resolve-field-position';
import { fieldColumns } from './signature-fields';

/*
 * A template's signature fields copied onto a document generated from it (called by the
 * document API inside its creating transaction): signer tokens merged with the record's values,
 * smart-positioned fields placed from the anchors found in the rendered document. Documents
 * generated from templates are rendered, so their pages are US Letter.
 */

const tokenPattern = /\{\{\s*([A-Za-z][\w]*(?:\.[A-Za-z_][\w]*)+)\s*\}\}/g;

/** A signer value with its `{{key}}` tokens merged; null when a token has no value (the user fills it in). */
export function mergeSignerValue(value: string | null, values: MergeValues): string | null {
  if (!value) return null;
  let missing = false;
  const merged = value.replace(tokenPattern, (_, key: string) => {
    const found = values[key];
    if (found === null || found === undefined || found === '') missing = true;
    return found ?? '';
  });
  return missing ? null : merged.trim() || null;
}

/** The anchor texts a template's smart-positioned fields look for: pass them to renderDocumentPdf. */
export async function templateAnchorTexts(
  db: Database | Transaction,
  ctx: ServiceContext,
  templateId: string,
) {
  const rows = await db
    .select({ text: signatureFields.textAnchor })
    .from(signatureFields)
    .where(
      inOrganization(
        signatureFields,
        ctx.orgId,
        and(
          eq(signatureFields.templateId, templateId),
          eq(signatureFields.useSmartPositioning, true),
          isNotNull(signatureFields.textAnchor),
        ),
      ),
    );
  return [...new Set(rows.map((row) => row.text?.trim() ?? '').filter(Boolean))];
}

export async function copyTemplateFieldsToDocument(
  tx: Transaction,
  ctx: ServiceContext,
  input: { templateId: string; documentInstanceId: string; anchors: AnchorBox[]; values: MergeValues },
) {
  const fields = await tx
    .select(fieldColumns)
    .from(signatureFields)
    .where(inOrganization(signatureFields, ctx.orgId, eq(signatureFields.templateId, input.templateId)))
    .orderBy(asc(signatureFields.fieldOrder), asc(signatureFields.createdAt), asc(signatureFields.id));
  if (fields.length === 0) return [];
  // The first place each anchor text is drawn (anchors come in reading order).
  const firstAnchor = new Map<string, AnchorBox>();
  for (const anchor of input.anchors) if (!firstAnchor.has(anchor.text)) firstAnchor.set(anchor.text, anchor);
  const rows = fields.map((field) => {
    const anchor =
      field.useSmartPositioning && field.textAnchor ? firstAnchor.get(field.textAnchor.trim()) : undefined;
    const position = resolveFieldPosition(field, anchor, letterPage);
    return {
      organizationId: ctx.orgId,
      documentInstanceId: input.documentInstanceId,
      templateId: null,
      fieldName: field.fieldName,
      fieldType: field.fieldType,
      pageNumber: position.pageNumber,
      signerEmail: mergeSignerValue(field.signerEmail, input.values),
      signerName: mergeSignerValue(field.signerName, input.values),
      xPosition: position.xPosition,
      yPosition: position.yPosition,
      width: field.width,
      height: field.height,
      isRequired: field.isRequired,
      fieldOrder: field.fieldOrder,
      defaultValue: field.defaultValue,
      textAnchor: field.textAnchor,
      anchorPosition: field.anchorPosition,
      offsetX: field.offsetX,
      offsetY: field.offsetY,
      // The document's fields are placed now: later edits of the document do not move them.
      useSmartPositioning: false,
      placeholder: field.placeholder,
      options: field.options,
      validationType: field.validationType,
      fontSize: field.fontSize,
      fontFamily: field.fontFamily,
    };
  });
  return tx.insert(signatureFields).values(rows).returning(fieldColumns);
}
