import { z } from 'zod';
import {
  booleanField,
  emailContactEntityTypes,
  emailDirections,
  emailField,
  emailMappingTypes,
  emailProviders,
  emailSyncDirections,
  emailSyncJobStatuses,
  emailSyncJobTypes,
  emailTemplateCategories,
  enumField,
  idField,
  jsonObject,
  nameField,
  numberField,
  optionalDate,
  optionalText,
  requiredText,
  stringList,
  updateSchemaOf,
  jsonValue,
  maxLength,
  maxListItems,
  mailSecurityModes,
  optionalEmail,
  tooLongMessage,
  blankable,
} from './common';

/* Email (data-model §3 "Email", §5). OAuth tokens are never inputs: the provider callback stores them. */

const name = nameField('Name must be at least 2 characters');

export const createEmailAccountSchema = z.object({
  provider: enumField(emailProviders, 'Invalid email provider'),
  email: emailField('Please enter a valid email address'),
  displayName: optionalText,
  syncEnabled: booleanField('syncEnabled').optional(),
  folderWhitelist: stringList.optional(),
  syncDirection: enumField(emailSyncDirections, 'Invalid sync direction').default('bidirectional'),
});
export const updateEmailAccountSchema = updateSchemaOf(createEmailAccountSchema);

/** A synced or sent message. Addresses are kept as received: a sync must not drop mail over a strict format. */
export const emailMessageSchema = z.object({
  accountId: idField('Account ID is required'),
  threadId: optionalText,
  messageId: optionalText,
  subject: optionalText,
  fromEmail: optionalText,
  fromName: optionalText,
  toEmails: stringList.default([]),
  ccEmails: stringList.default([]),
  bccEmails: stringList.default([]),
  bodyText: optionalText,
  bodyHtml: optionalText,
  attachments: z.array(jsonValue).max(maxListItems).optional(),
  direction: enumField(emailDirections, 'Invalid direction'),
  isRead: booleanField('isRead').optional(),
  isImportant: booleanField('isImportant').optional(),
  receivedAt: optionalDate('Received at'),
  sentAt: optionalDate('Sent at'),
  labels: stringList.optional(),
});

export const emailContactMappingSchema = z.object({
  emailId: idField('Email ID is required'),
  contactEmail: emailField('Please enter a valid email address'),
  entityType: enumField(emailContactEntityTypes, 'Invalid entity type'),
  entityId: idField('Entity ID is required'),
  mappingType: enumField(emailMappingTypes, 'Invalid mapping type'),
  confidence: numberField('Confidence', { min: 0, max: 1 }).default(1),
});

export const emailSyncJobSchema = z.object({
  accountId: idField('Account ID is required'),
  jobType: enumField(emailSyncJobTypes, 'Invalid job type'),
  status: enumField(emailSyncJobStatuses, 'Invalid status').default('pending'),
  metadata: jsonObject.optional(),
});

export const createEmailTemplateSchema = z.object({
  name,
  category: enumField(emailTemplateCategories, 'Invalid category').default('general'),
  subject: requiredText('Subject is required'),
  bodyHtml: requiredText('Email content is required', maxLength.notes),
  bodyText: optionalText,
  variables: stringList.optional(),
  isActive: booleanField('isActive').optional(),
});
export const updateEmailTemplateSchema = updateSchemaOf(createEmailTemplateSchema);

export const createEmailSignatureSchema = z.object({
  name,
  bodyHtml: requiredText('Signature content is required', maxLength.notes),
  bodyText: optionalText,
  isDefault: booleanField('isDefault').optional(),
  isActive: booleanField('isActive').optional(),
});
export const updateEmailSignatureSchema = updateSchemaOf(createEmailSignatureSchema);

/*
 * The organization's outgoing mail server (Settings › Email Configuration). PUT semantics: an
 * absent field keeps its value; a blank host means "use the platform server".
 */
export const smtpHostMaxLength = 253;
export const smtpUsernameMaxLength = 254;
export const smtpPasswordMaxLength = 1024;
export const invalidSmtpHostMessage = 'Invalid SMTP host';
export const invalidSmtpPortMessage = 'Port must be a whole number from 1 to 65535';

// A DNS name, an IPv4 address or a bracketed IPv6 address: no scheme, path, space or port.
const hostPattern =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.?$|^\[[0-9A-Fa-f:.]+\]$/;

export const smtpHostField = z
  .string({ error: invalidSmtpHostMessage })
  .trim()
  .max(smtpHostMaxLength, tooLongMessage('SMTP host', smtpHostMaxLength))
  .regex(hostPattern, invalidSmtpHostMessage);

export const smtpPortField = z
  .number({ error: invalidSmtpPortMessage })
  .int(invalidSmtpPortMessage)
  .min(1, invalidSmtpPortMessage)
  .max(65535, invalidSmtpPortMessage);

export const updateOrganizationEmailSettingsSchema = z.object({
  smtpHost: blankable(smtpHostField),
  smtpPort: smtpPortField.nullable().optional(),
  smtpSecurity: enumField(mailSecurityModes, 'Security must be tls, starttls or none').optional(),
  smtpUsername: blankable(
    z.string().trim().max(smtpUsernameMaxLength, tooLongMessage('SMTP username', smtpUsernameMaxLength)),
  ),
  /** '' clears the stored password; absent keeps it. Never trimmed: spaces can be part of it. */
  smtpPassword: z
    .string({ error: 'SMTP password must be text' })
    .max(smtpPasswordMaxLength, tooLongMessage('SMTP password', smtpPasswordMaxLength))
    .optional(),
  trackingEnabled: booleanField('trackingEnabled').optional(),
  createLeadsFromUnknownSenders: booleanField('createLeadsFromUnknownSenders').optional(),
});

/** Send Test Email: to the caller's own address unless another is given. */
export const sendTestEmailSchema = z.object({
  to: optionalEmail('Invalid email address'),
});

export type UpdateOrganizationEmailSettingsInput = z.infer<typeof updateOrganizationEmailSettingsSchema>;
export type SendTestEmailInput = z.infer<typeof sendTestEmailSchema>;
export type CreateEmailAccountInput = z.infer<typeof createEmailAccountSchema>;
export type UpdateEmailAccountInput = z.infer<typeof updateEmailAccountSchema>;
export type EmailMessageInput = z.infer<typeof emailMessageSchema>;
export type EmailContactMappingInput = z.infer<typeof emailContactMappingSchema>;
export type EmailSyncJobInput = z.infer<typeof emailSyncJobSchema>;
export type CreateEmailTemplateInput = z.infer<typeof createEmailTemplateSchema>;
export type UpdateEmailTemplateInput = z.infer<typeof updateEmailTemplateSchema>;
export type CreateEmailSignatureInput = z.infer<typeof createEmailSignatureSchema>;
export type UpdateEmailSignatureInput = z.infer<typeof updateEmailSignatureSchema>;
