import { z } from 'zod';
import {
  booleanField,
  documentInstanceStatuses,
  documentShareAccessTypes,
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
  signingOrders,
  signingWorkflowStatuses,
  updateSchemaOf,
  maxLength,
  tooLongMessage,
} from './common';

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

export const createDocumentInstanceSchema = z.object({
  name,
  templateId: optionalId('Invalid template ID'),
  clientId: optionalId('Invalid client ID'),
  dealId: optionalId('Invalid deal ID'),
  content: requiredText('Content is required', maxLength.notes),
  status: enumField(documentInstanceStatuses, 'Invalid status').default('draft'),
  expiresAt: optionalDate('Expiry date'),
});
export const updateDocumentInstanceSchema = updateSchemaOf(createDocumentInstanceSchema);

// Positions are optional: smart positioning places a field from its text anchor.
const signatureFieldObject = z.object({
  documentInstanceId: optionalId('Invalid document instance ID'),
  templateId: optionalId('Invalid template ID'),
  fieldName: requiredText('Field name is required'),
  fieldType: requiredText('Field type is required').default('signature'),
  signerEmail: emailField('Must be a valid email'),
  signerName: optionalText,
  xPosition: numberField('X position', { min: 0, int: true }).optional(),
  yPosition: numberField('Y position', { min: 0, int: true }).optional(),
  width: numberField('Width', { min: 50, int: true }).default(200),
  height: numberField('Height', { min: 20, int: true }).default(50),
  isRequired: booleanField('isRequired').optional(),
  fieldOrder: numberField('Field order', { min: 0, int: true }).optional(),
  defaultValue: optionalText,
  textAnchor: optionalText,
  anchorPosition: requiredText('Anchor position is required').default('after'),
  offsetX: numberField('Offset X', { int: true }).default(10),
  offsetY: numberField('Offset Y', { int: true }).default(0),
  useSmartPositioning: booleanField('useSmartPositioning').optional(),
});

/** A field sits on a document instance or on a template; the error shows on documentInstanceId. */
export const createSignatureFieldSchema = requireOneOf(
  signatureFieldObject,
  ['documentInstanceId', 'templateId'],
  'Either documentInstanceId or templateId is required',
);
export const updateSignatureFieldSchema = updateSchemaOf(signatureFieldObject);

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
export type SignatureInput = z.infer<typeof signatureSchema>;
export type SigningWorkflowInput = z.infer<typeof signingWorkflowSchema>;
export type DocumentShareInput = z.infer<typeof documentShareSchema>;
