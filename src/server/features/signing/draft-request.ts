import { and, asc, eq } from 'drizzle-orm';
import type { CreateSignatureRecipientInput } from '../../../common/validation/signing';
import { signatureFields } from '../../db/schema/documents';
import { enhancedSignatureFields, enhancedSignatureRecipients } from '../../db/schema/signing';
import type { Transaction } from '../../lib/transaction';
import { actsOnDocument } from './signing-emails';
import { createSigningToken } from './signing-tokens';

type FieldError = { path: string; message: string };
export type RecipientInput = CreateSignatureRecipientInput & { shareId?: string | null };
type RecipientRow = typeof enhancedSignatureRecipients.$inferSelect;

export const duplicateRecipientMessage = 'This e-mail is already a recipient of this request';
const sameEmail = (a: string | null | undefined, b: string) =>
  (a ?? '').trim().toLowerCase() === b.toLowerCase();

/** The same address twice would make fields ambiguous: each recipient's e-mail is unique in its request. */
export function duplicateRecipientErrors(
  recipients: { email: string }[],
  prefix = 'recipients',
): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const [index, recipient] of recipients.entries()) {
    const key = recipient.email.toLowerCase();
    if (seen.has(key)) errors.push({ path: `${prefix}.${index}.email`, message: duplicateRecipientMessage });
    seen.add(key);
  }
  return errors;
}

/**
 * Draft recipients. A draft's link token is a placeholder nobody holds (the column is required
 * and unique); the send gives every recipient a fresh one. Default order: their position.
 */
export async function insertRecipients(
  tx: Transaction,
  orgId: string,
  requestId: string,
  recipients: RecipientInput[],
  firstOrder = 1,
): Promise<RecipientRow[]> {
  if (recipients.length === 0) return [];
  const rows = await tx
    .insert(enhancedSignatureRecipients)
    .values(
      recipients.map((recipient, index) => ({
        organizationId: orgId,
        signatureRequestId: requestId,
        email: recipient.email,
        name: recipient.name,
        role: recipient.role,
        signatureOrder: recipient.signatureOrder ?? firstOrder + index,
        authMethod: recipient.authMethod,
        status: 'pending' as const,
        accessToken: createSigningToken().hash,
        shareId: recipient.shareId ?? null,
      })),
    )
    .returning();
  // Answer in the callers' order (returning() follows the values, but say so rather than rely on it).
  return recipients.map(
    (recipient) => rows.find((row) => sameEmail(row.email, recipient.email)) as RecipientRow,
  );
}

/** The document side keeps 'initials'; a request's field type is 'initial'. */
const enhancedTypeOf = (fieldType: string) =>
  (fieldType === 'initials' ? 'initial' : fieldType) as typeof enhancedSignatureFields.$inferInsert.fieldType;

/**
 * The document's placed fields copied into the request, each for the recipient whose e-mail is
 * its signerEmail. A field for nobody, or a signer with nothing to sign, is a 400 naming them.
 */
export async function copyDocumentFields(
  tx: Transaction,
  orgId: string,
  requestId: string,
  documentInstanceId: string,
  recipients: RecipientRow[],
): Promise<FieldError[]> {
  const placed = await tx
    .select()
    .from(signatureFields)
    .where(
      and(
        eq(signatureFields.organizationId, orgId),
        eq(signatureFields.documentInstanceId, documentInstanceId),
      ),
    )
    .orderBy(
      asc(signatureFields.pageNumber),
      asc(signatureFields.fieldOrder),
      asc(signatureFields.createdAt),
    );
  const errors: FieldError[] = [];
  const values: (typeof enhancedSignatureFields.$inferInsert)[] = [];
  const withField = new Set<string>();
  for (const field of placed) {
    const recipient = recipients.find((r) => sameEmail(field.signerEmail, r.email));
    if (!recipient || !actsOnDocument(recipient.role)) {
      errors.push({
        path: 'recipients',
        message: `“${field.fieldName}” is for ${field.signerEmail?.trim() || 'nobody'}, who is not a recipient`,
      });
      continue;
    }
    withField.add(recipient.id);
    values.push({
      organizationId: orgId,
      signatureRequestId: requestId,
      recipientId: recipient.id,
      signatureFieldId: field.id,
      fieldName: field.fieldName,
      fieldType: enhancedTypeOf(field.fieldType),
      xPosition: field.xPosition,
      yPosition: field.yPosition,
      width: field.width,
      height: field.height,
      page: field.pageNumber,
      isRequired: field.isRequired,
      placeholder: field.placeholder,
      validationType: field.validationType,
      options: field.options,
      defaultValue: field.defaultValue,
      fontSize: field.fontSize,
      fontFamily: field.fontFamily,
      tabOrder: field.fieldOrder,
    });
  }
  for (const [index, recipient] of recipients.entries()) {
    if (recipient.role === 'signer' && !withField.has(recipient.id)) {
      errors.push({
        path: `recipients.${index}.email`,
        message: `${recipient.name} has no field to sign: place one for ${recipient.email}`,
      });
    }
  }
  if (errors.length === 0 && values.length > 0) await tx.insert(enhancedSignatureFields).values(values);
  return errors;
}
