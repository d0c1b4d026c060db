import { z } from 'zod';
import {
  booleanField,
  optionalLine,
  optionalEnum,
  emailField,
  enumField,
  idField,
  nameField,
  numberField,
  optionalDate,
  optionalEmail,
  optionalId,
  optionalText,
  requireOneOf,
  requiredText,
  updateSchemaOf,
  maxLength,
  tooLongMessage,
} from './common';
import {
  anchorPositions,
  signatureFieldTypes,
  documentShareAccessTypes,
  enhancedFieldValidationTypes,
  signingOrders,
  signingWorkflowStatuses,
} from '../allowed-values';

/* Documents and simple signing (data-model §3, §5, §9). */

const name = nameField('Name must be at least 2 characters');

/** The wording of every content that is over `maxLength.documentContent`. */
export const documentContentTooLongMessage = `Content must be at most ${maxLength.documentContent.toLocaleString('en-US')} characters`;

/** A template's fields; `mergeFields` is not taken: the server lists the keys the content uses. */
export const createDocumentTemplateSchema = z.object({
  name,
  description: optionalText,
  templateType: requiredText('Template type is required', maxLength.code),
  industryType: optionalText,
  content: requiredText('Content is required', maxLength.documentContent),
  isActive: booleanField('isActive').optional(),
  isDefault: booleanField('isDefault').optional(),
});
export const updateDocumentTemplateSchema = updateSchemaOf(createDocumentTemplateSchema);

/*
 * Document instances (issue 16): a document is written from a template (content optional, the
 * template's is used) or from scratch (content required). Its status moves here only between
 * draft and locked_for_signing; the later statuses belong to signing.
 */

/** Statuses whose content is frozen: what is being (or was) signed must not change underneath. */
export const frozenDocumentStatuses = [
  'locked_for_signing',
  'sent',
  'viewed',
  'signed',
  'completed',
] as const;
export const documentLockedMessage = 'This document is locked for signing and can no longer be edited.';
export const dealNotOfClientMessage = 'The deal does not belong to this client';
export const documentNotFoundMessage = 'Document not found';
export const documentStatusChangeMessage =
  'Status can only be changed between draft and locked_for_signing here';
/** The statuses a PATCH may set; the others are reached through signing. */
export const editableDocumentStatuses = ['draft', 'locked_for_signing'] as const;

export function isFrozenDocumentStatus(status: string): boolean {
  return (frozenDocumentStatuses as readonly string[]).includes(status);
}

const documentContent = z
  .string({ error: 'Content is required' })
  .max(maxLength.documentContent, documentContentTooLongMessage);

export const createDocumentInstanceSchema = z
  .object({
    name,
    templateId: optionalId('Invalid template ID'),
    clientId: optionalId('Invalid client ID'),
    dealId: optionalId('Invalid deal ID'),
    content: documentContent.optional(),
  })
  .superRefine((input, ctx) => {
    // Without a template the content is the document; with one, the template's is the default.
    if (!input.templateId && !input.content?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: 'Content is required' });
    }
  });

export const updateDocumentInstanceSchema = z.object({
  name: name.optional(),
  content: documentContent.refine((value) => value.trim() !== '', 'Content is required').optional(),
  status: enumField(editableDocumentStatuses, documentStatusChangeMessage).optional(),
});

const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);
const queryText = (label: string, max: number = maxLength.line) =>
  z.preprocess(blankIsAbsent, z.string().trim().max(max, tooLongMessage(label, max)).optional());

/** GET /api/document-templates filters (paging: limit and cursor, as every list). */
export const listDocumentTemplatesQuerySchema = z.object({
  search: queryText('Search', maxLength.search),
  templateType: queryText('Template type', maxLength.code),
  industryType: queryText('Industry type'),
  isActive: z.preprocess(
    blankIsAbsent,
    z.enum(['true', 'false'], { error: 'isActive must be true or false' }).optional(),
  ),
  limit: z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .optional(),
  ),
  cursor: z.preprocess(blankIsAbsent, z.string().max(4096, 'Invalid cursor').optional()),
});

/** A record to merge a template with (preview, PDF): a deal also fills its client's fields. */
export const documentTemplateMergeSchema = z.object({
  clientId: optionalId('Invalid client ID'),
  dealId: optionalId('Invalid deal ID'),
  leadId: optionalId('Invalid lead ID'),
});

/*
 * Signature fields (data-model §5, issue 16). Positions are PDF points from the page's top-left
 * corner on `pageNumber`; they are optional because smart positioning places a field from its
 * text anchor. The page's own bounds ("Field must fit inside the page", page ≤ page count) need
 * the document and are checked by the server. Numbers are bounded so no value overflows a column.
 */
export const fieldOutsidePageMessage = 'Field must fit inside the page';
export const signerEmailMessage = 'Must be a valid email';
const maxPoints = 14_400; // 200 inches: larger than any page a PDF reader accepts.
/** The fonts a typed value can be drawn in: the PDF standard fonts (or their metric twins). */
export const signatureFontFamilies = ['Arial', 'Helvetica', 'Times New Roman', 'Courier New'] as const;
export const choiceOptionsMessage = 'Add at least one option';
export const maxFieldOptions = 50;

/** A template's signer is often "whoever the document is for": these tokens are merged at generation. */
export const signerEmailTokens = ['{{client.email}}', '{{user.email}}'] as const;
export const signerNameTokens = ['{{client.fullName}}', '{{user.fullName}}'] as const;
const signerTokenPattern = /^\{\{\s*(client|user)\.email\s*\}\}$/;

/** A signer's address, or (on a template) one of the signer tokens. */
const signerEmailField = z
  .string({ error: signerEmailMessage })
  .trim()
  .max(maxLength.email, signerEmailMessage)
  .refine((value) => signerTokenPattern.test(value) || z.email().safeParse(value).success, {
    error: signerEmailMessage,
  })
  .transform((value) => (signerTokenPattern.test(value) ? value.replace(/\s+/g, '') : value));

/** Whether a signer e-mail is a token (allowed on templates only). */
export const isSignerToken = (value: string | null | undefined) =>
  Boolean(value && signerTokenPattern.test(value));

/** "Width must be at least 50" (the spec's words) below the minimum, "… at most …" above the maximum. */
const points = (label: string, min: number, max = maxPoints) =>
  numberField(label, { min, int: true }).refine((value) => value <= max, {
    error: `${label} must be at most ${max.toLocaleString('en-US')}`,
  });

const signatureFieldShape = {
  fieldName: requiredText('Field name is required'),
  fieldType: enumField(signatureFieldTypes, 'Invalid field type').default('signature'),
  pageNumber: points('Page number', 1, 500).default(1),
  signerEmail: signerEmailField,
  signerName: optionalLine('Signer name'),
  xPosition: points('X position', 0).nullish(),
  yPosition: points('Y position', 0).nullish(),
  width: points('Width', 50).default(200),
  height: points('Height', 20).default(50),
  isRequired: booleanField('isRequired').optional(),
  fieldOrder: points('Field order', 0, 10_000).optional(),
  defaultValue: optionalLine('Default value', maxLength.text),
  textAnchor: optionalLine('Text anchor'),
  anchorPosition: enumField(anchorPositions, 'Invalid anchor position').default('after'),
  offsetX: numberField('Offset X', { min: -maxPoints, max: maxPoints, int: true }).default(10),
  offsetY: numberField('Offset Y', { min: -maxPoints, max: maxPoints, int: true }).default(0),
  useSmartPositioning: booleanField('useSmartPositioning').optional(),
  // Issue 17: what the signer's field needs; copied into the request's fields at send.
  placeholder: optionalLine('Placeholder'),
  options: z
    .array(
      z
        .string({ error: 'Options must be text' })
        .trim()
        .min(1, 'An option cannot be empty')
        .max(maxLength.line, tooLongMessage('Option')),
      { error: 'Options must be a list' },
    )
    .max(maxFieldOptions, `A field may have at most ${maxFieldOptions} options`)
    .nullish(),
  validationType: optionalEnum(enhancedFieldValidationTypes, 'Invalid validation type'),
  fontSize: numberField('Font size', { min: 6, max: 72, int: true }).default(12),
  fontFamily: enumField(signatureFontFamilies, 'Invalid font family').default('Arial'),
};

/** Whether a field of this type offers the signer a choice, so it needs options. */
export const isChoiceFieldType = (type: string | undefined) => type === 'dropdown' || type === 'radio';

/** A dropdown or radio without options leaves the signer nothing to pick: the error shows on options. */
function withChoiceOptions<T extends z.ZodType<{ fieldType?: string; options?: string[] | null }>>(
  schema: T,
) {
  return schema.refine((field) => !isChoiceFieldType(field.fieldType) || (field.options?.length ?? 0) > 0, {
    error: choiceOptionsMessage,
    path: ['options'],
  });
}

const signatureFieldObject = z.object({
  documentInstanceId: optionalId('Invalid document instance ID'),
  templateId: optionalId('Invalid template ID'),
  ...signatureFieldShape,
});

/** A field sits on a document instance or on a template; the error shows on documentInstanceId. */
export const createSignatureFieldSchema = withChoiceOptions(
  requireOneOf(
    signatureFieldObject,
    ['documentInstanceId', 'templateId'],
    'Either documentInstanceId or templateId is required',
  ),
);
/**
 * A field stays where it is: its document or template is not changed by PATCH. Options of a
 * choice field are checked by the server against the stored type (a PATCH may send either alone).
 */
export const updateSignatureFieldSchema = updateSchemaOf(z.object(signatureFieldShape));

/** PUT …/signature-fields: every field of the document or template at once (at most 200). */
export const replaceSignatureFieldsSchema = z.object({
  fields: z
    .array(withChoiceOptions(z.object(signatureFieldShape)), { error: 'Fields must be a list' })
    .max(200, 'A document may have at most 200 fields'),
});

export const listSignatureFieldsQuerySchema = z.object({
  documentInstanceId: optionalId('Invalid document instance ID'),
  templateId: optionalId('Invalid template ID'),
});

/** Only signatureData is a rule (spec §5); the signer and document may come from the share token. */
export const signatureSchema = z.object({
  documentInstanceId: optionalId('Invalid document instance ID'),
  signatureFieldId: optionalId('Invalid signature field ID'),
  signerEmail: optionalEmail('Must be a valid email'),
  signerName: optionalText,
  signatureData: requiredText('Signature data is required', maxLength.notes),
});

export const signingWorkflowSchema = z.object({
  documentInstanceId: idField('Document instance ID is required'),
  signingOrder: enumField(signingOrders, 'Invalid signing order').default('parallel'),
  currentStep: numberField('Current step', { min: 1, int: true }).default(1),
  totalSteps: numberField('Total steps', { min: 1, int: true }).default(1),
  status: enumField(signingWorkflowStatuses, 'Invalid status').default('active'),
});

/** accessType defaults to 'sign' here (a share is usually sent for signing) and to 'view' in storage. */
export const documentShareSchema = z.object({
  documentInstanceId: idField('Document instance ID is required'),
  workflowId: optionalId('Invalid workflow ID'),
  recipientEmail: emailField('Please enter a valid email address'),
  recipientName: optionalText,
  accessType: enumField(documentShareAccessTypes, 'Invalid access type').default('sign'),
  signingOrder: numberField('Signing order', { min: 1, int: true }).optional(),
  expiresAt: optionalDate('Expiry date'),
});

export type ListDocumentTemplatesQuery = z.infer<typeof listDocumentTemplatesQuerySchema>;
export type DocumentTemplateMergeInput = z.infer<typeof documentTemplateMergeSchema>;
export type CreateDocumentTemplateInput = z.infer<typeof createDocumentTemplateSchema>;
export type UpdateDocumentTemplateInput = z.infer<typeof updateDocumentTemplateSchema>;
export type CreateDocumentInstanceInput = z.infer<typeof createDocumentInstanceSchema>;
export type UpdateDocumentInstanceInput = z.infer<typeof updateDocumentInstanceSchema>;
export type CreateSignatureFieldInput = z.infer<typeof createSignatureFieldSchema>;
export type UpdateSignatureFieldInput = z.infer<typeof updateSignatureFieldSchema>;
export type ReplaceSignatureFieldsInput = z.infer<typeof replaceSignatureFieldsSchema>;
export type SignatureFieldValues = ReplaceSignatureFieldsInput['fields'][number];
export type SignatureInput = z.infer<typeof signatureSchema>;
export type SigningWorkflowInput = z.infer<typeof signingWorkflowSchema>;
export type DocumentShareInput = z.infer<typeof documentShareSchema>;
