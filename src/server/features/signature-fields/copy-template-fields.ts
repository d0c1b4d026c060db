import { and, asc, eq } from 'drizzle-orm';
import type { MergeValues } from '../../../common/merge-fields';
import type { Database } from '../../db';
import { signatureFields } from '../../db/schema/documents';
import type { ServiceContext } from '../../lib/service-context';
import type { AnchorBox } from '../document-rendering/render-document-pdf';

/*
 * A template's signature fields copied onto a document made from it (issue 16). This first
 * version keeps the template's stored positions; helper "render" replaces it with one that
 * resolves text anchors against the rendered pages (`anchors`). Signer tokens such as
 * `{{client.email}}` are filled from the document's values; a token without a value is left
 * empty, for the user to fill in before sending.
 */

export interface CopyTemplateFields {
  templateId: string;
  documentInstanceId: string;
  /** Where the template's anchors were drawn in the document's PDF. */
  anchors: AnchorBox[];
  values: MergeValues;
}

const token = /^\s*\{\{\s*([\w.]+)\s*\}\}\s*$/;

function filled(value: string | null, values: MergeValues): string | null {
  if (value === null) return null;
  const match = token.exec(value);
  if (!match) return value;
  return values[match[1]] || null;
}

/** Copies the fields in `tx` (the transaction creating the document); answers how many it copied. */
export async function copyTemplateFieldsToDocument(
  tx: Database,
  ctx: ServiceContext,
  { templateId, documentInstanceId, values }: CopyTemplateFields,
): Promise<number> {
  const fields = await tx
    .select()
    .from(signatureFields)
    .where(and(eq(signatureFields.organizationId, ctx.orgId), eq(signatureFields.templateId, templateId)))
    .orderBy(asc(signatureFields.fieldOrder), asc(signatureFields.createdAt));
  if (fields.length === 0) return 0;
  await tx.insert(signatureFields).values(
    fields.map(({ id: _id, createdAt: _c, updatedAt: _u, templateId: _t, ...field }) => ({
      ...field,
      documentInstanceId,
      templateId: null,
      signerEmail: filled(field.signerEmail, values),
      signerName: filled(field.signerName, values),
    })),
  );
  return fields.length;
}
