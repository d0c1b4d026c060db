import { z } from 'zod';
import { htmlToText } from '../merge-fields';
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
  tooLongMessage,
} from './common';

/* Email (data-model §3 "Email", §5). OAuth tokens are never inputs: the provider callback stores them. */

const name = nameField('Name must be at least 2 characters');

/** An editor's HTML: an empty editor still sends `<p></p>`, which is no content either. */
const htmlContent = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(maxLength.notes, tooLongMessage(undefined, maxLength.notes))
    // The one presence check, so an empty body reads one message, not two.
    .refine((html) => htmlToText(html) !== '' || /<img\b/i.test(html), message);

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
  bodyHtml: htmlContent('Email content is required'),
  bodyText: optionalText,
  variables: stringList.optional(),
  isActive: booleanField('isActive').optional(),
});
export const updateEmailTemplateSchema = updateSchemaOf(createEmailTemplateSchema);

export const createEmailSignatureSchema = z.object({
  name,
  bodyHtml: htmlContent('Signature content is required'),
  bodyText: optionalText,
  isDefault: booleanField('isDefault').optional(),
  isActive: booleanField('isActive').optional(),
});
export const updateEmailSignatureSchema = updateSchemaOf(createEmailSignatureSchema);

export type CreateEmailAccountInput = z.infer<typeof createEmailAccountSchema>;
export type UpdateEmailAccountInput = z.infer<typeof updateEmailAccountSchema>;
export type EmailMessageInput = z.infer<typeof emailMessageSchema>;
export type EmailContactMappingInput = z.infer<typeof emailContactMappingSchema>;
export type EmailSyncJobInput = z.infer<typeof emailSyncJobSchema>;
export type CreateEmailTemplateInput = z.infer<typeof createEmailTemplateSchema>;
export type UpdateEmailTemplateInput = z.infer<typeof updateEmailTemplateSchema>;
export type CreateEmailSignatureInput = z.infer<typeof createEmailSignatureSchema>;
export type UpdateEmailSignatureInput = z.infer<typeof updateEmailSignatureSchema>;
