import { z } from 'zod';
import {
  booleanField,
  emailField,
  enumField,
  idField,
  numberField,
  optionalDate,
  optionalEmail,
  optionalLine,
  optionalEnum,
  optionalId,
  optionalText,
  requiredText,
  stringList,
  withOrganization,
  jsonValue,
  maxLength,
} from './common';
import {
  certificateAlgorithms,
  enhancedFieldTypes,
  enhancedFieldValidationTypes,
  enhancedSignatureTypes,
  legalCompliances,
  recipientAuthMethods,
  recipientRoles,
  signingOrders,
} from '../allowed-values';

/*
 * Enhanced signature requests (data-model §3, §5, §9). Inputs omit what the server derives
 * (hashes, IP address, user agent, organization); the record schemas add them as required.
 */

export const createCertificateSchema = z.object({
  algorithm: enumField(certificateAlgorithms, 'Invalid algorithm').default('RSA'),
  keySize: numberField('Key size', { min: 1024, int: true }).default(2048),
  issuer: optionalText,
  subject: optionalText,
  validFrom: optionalDate('Valid from'),
  validTo: optionalDate('Valid to'),
  isActive: booleanField('isActive').optional(),
});

export const createSignatureRequestSchema = z.object({
  title: requiredText('Title is required'),
  message: optionalText,
  documentInstanceId: optionalId('Invalid document instance ID'),
  dealId: optionalId('Invalid deal ID'),
  legalCompliance: enumField(legalCompliances, 'Invalid legal compliance').default('ueta'),
  signatureType: enumField(signingOrders, 'Invalid signature type').default('sequential'),
  requiresNotarization: booleanField('requiresNotarization').optional(),
  expiresAt: optionalDate('Expiry date'),
});

/** The stored request: the hash of the document as sent is required (spec §5). */
export const signatureRequestRecordSchema = withOrganization(createSignatureRequestSchema).extend({
  documentHash: requiredText('Document hash is required'),
});

/** The request itself comes from the route (/…/:requestId/recipients). */
export const createSignatureRecipientSchema = z.object({
  email: emailField('Please enter a valid email address'),
  name: requiredText('Name is required'),
  role: enumField(recipientRoles, 'Invalid role').default('signer'),
  signatureOrder: numberField('Signature order', { min: 1, int: true }).optional(),
  authMethod: enumField(recipientAuthMethods, 'Invalid authentication method').default('email'),
});

export const createEnhancedFieldSchema = z.object({
  recipientId: optionalId('Invalid recipient ID'),
  fieldName: optionalText,
  fieldType: enumField(enhancedFieldTypes, 'Invalid field type'),
  xPosition: numberField('X position', { min: 0, int: true }).optional(),
  yPosition: numberField('Y position', { min: 0, int: true }).optional(),
  width: numberField('Width', { min: 20, int: true }).default(150),
  height: numberField('Height', { min: 10, int: true }).default(50),
  page: numberField('Page', { min: 1, int: true }).default(1),
  isRequired: booleanField('isRequired').optional(),
  placeholder: optionalText,
  validationType: optionalEnum(enhancedFieldValidationTypes, 'Invalid validation type'),
  validationRule: optionalText,
  options: stringList.optional(),
  defaultValue: optionalText,
  maxLength: numberField('Max length', { min: 1, int: true }).optional(),
  fontSize: numberField('Font size', { min: 1, int: true }).default(12),
  fontFamily: requiredText('Font family is required').default('Arial'),
  fontColor: optionalText,
  backgroundColor: optionalText,
  borderStyle: optionalText,
  borderColor: optionalText,
  borderWidth: numberField('Border width', { min: 0, int: true }).optional(),
  tooltip: optionalText,
  tabOrder: numberField('Tab order', { min: 0, int: true }).optional(),
});

/** What the signer sends for one field. */
export const submitEnhancedSignatureSchema = z.object({
  fieldId: optionalId('Invalid field ID'),
  signatureType: enumField(enhancedSignatureTypes, 'Invalid signature type'),
  signatureData: requiredText('Signature data is required', maxLength.notes),
  biometricData: jsonValue.optional(),
  vectorData: jsonValue.optional(),
});

/** The stored signature: hash, IP address and user agent are required (spec §5). */
export const enhancedSignatureRecordSchema = submitEnhancedSignatureSchema.extend({
  signatureRequestId: idField('Signature request ID is required'),
  recipientId: idField('Recipient ID is required'),
  cryptographicHash: requiredText('Signature hash is required'),
  ipAddress: requiredText('IP address is required'),
  userAgent: requiredText('User agent is required', maxLength.text),
});

export type CreateCertificateInput = z.infer<typeof createCertificateSchema>;
export type CreateSignatureRequestInput = z.infer<typeof createSignatureRequestSchema>;
export type SignatureRequestRecord = z.infer<typeof signatureRequestRecordSchema>;
export type CreateSignatureRecipientInput = z.infer<typeof createSignatureRecipientSchema>;
export type CreateEnhancedFieldInput = z.infer<typeof createEnhancedFieldSchema>;
export type SubmitEnhancedSignatureInput = z.infer<typeof submitEnhancedSignatureSchema>;
export type EnhancedSignatureRecord = z.infer<typeof enhancedSignatureRecordSchema>;

/*
 * Sending and signing (issue 17). The messages a signer or sender sees come from here, so the
 * page and the API say the same words.
 */
export const maxRecipients = 20;

/** POST /api/document-instances/:id/send: the request, its recipients and its order in one call. */
export const sendDocumentForSignatureSchema = z.object({
  title: optionalLine('Title'),
  message: optionalLine('Message', maxLength.text),
  signingOrder: enumField(signingOrders, 'Invalid signing order').default('sequential'),
  legalCompliance: enumField(legalCompliances, 'Invalid legal compliance').default('esign'),
  expiresAt: optionalDate('Expiry date'),
  recipients: z
    .array(createSignatureRecipientSchema, { error: 'Recipients must be a list' })
    .min(1, 'Add at least one recipient')
    .max(maxRecipients, `A request may have at most ${maxRecipients} recipients`),
});

/** POST …/recipients/:recipientId/resend: a corrected address or name gets a new link. */
export const resendRecipientSchema = z.object({
  email: optionalEmail('Please enter a valid email address'),
  name: optionalLine('Name'),
});

export const signingConsentSchema = z.object({
  version: requiredText('Consent version is required', maxLength.code),
});

export const signingCodeMessage = 'Enter the 6-digit code from the e-mail';
export const signingCodeSchema = z.object({
  code: z
    .string({ error: signingCodeMessage })
    .trim()
    .regex(/^\d{6}$/, signingCodeMessage),
});

export const declineSigningSchema = z.object({
  reason: requiredText('Please give a reason for declining', maxLength.text),
});

/** A field clicked or a signature begun: evidence of how the signer went through the document. */
export const signingEventSchema = z.object({
  eventType: enumField(['field_clicked', 'signature_started'] as const, 'Invalid event type'),
  fieldId: optionalId('Invalid field ID'),
});

/** One field's value as the signer finishes: an image data URL, typed text, or the field's value. */
export const signingFieldValueSchema = z.object({
  fieldId: idField('Invalid field ID'),
  signatureType: enumField(enhancedSignatureTypes, 'Invalid signature type').default('electronic'),
  signatureData: requiredText('Signature data is required', maxLength.signatureImage),
  /** Drawn signatures: the strokes with their timing ({x, y, time} points per stroke). */
  vectorData: jsonValue.optional(),
});

/** POST /api/signing/:token/finish: every value at once, so a signature is all there or not at all. */
export const finishSigningSchema = z.object({
  fields: z.array(signingFieldValueSchema, { error: 'Fields must be a list' }).max(200),
  /** Milliseconds from opening the document to finishing. */
  sessionDuration: numberField('Session duration', { min: 0, int: true }).optional(),
  /** What the browser reports about itself; only its SHA-256 is stored. */
  deviceFingerprint: optionalLine('Device fingerprint', maxLength.text),
});

export type SendDocumentForSignatureInput = z.infer<typeof sendDocumentForSignatureSchema>;
export type ResendRecipientInput = z.infer<typeof resendRecipientSchema>;
export type FinishSigningInput = z.infer<typeof finishSigningSchema>;
export type SigningFieldValue = z.infer<typeof signingFieldValueSchema>;
