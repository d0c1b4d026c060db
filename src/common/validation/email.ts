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
  tooLongMessage,
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

export type CreateEmailAccountInput = z.infer<typeof createEmailAccountSchema>;
export type UpdateEmailAccountInput = z.infer<typeof updateEmailAccountSchema>;
export type EmailMessageInput = z.infer<typeof emailMessageSchema>;
export type EmailContactMappingInput = z.infer<typeof emailContactMappingSchema>;
export type EmailSyncJobInput = z.infer<typeof emailSyncJobSchema>;
export type CreateEmailTemplateInput = z.infer<typeof createEmailTemplateSchema>;
export type UpdateEmailTemplateInput = z.infer<typeof updateEmailTemplateSchema>;
export type CreateEmailSignatureInput = z.infer<typeof createEmailSignatureSchema>;
export type UpdateEmailSignatureInput = z.infer<typeof updateEmailSignatureSchema>;

// ---- Mail on records: threads, compose and reply (issue 15 points 6, 7, 10) ----

/** The records an e-mail thread is shown on; a deal's through its client and mail composed from it. */
export const emailRecordTypes = ['lead', 'client', 'company', 'deal'] as const;
export type EmailRecordType = (typeof emailRecordTypes)[number];

export const invalidAddressMessage = 'Please enter a valid email address';
export const recipientRequiredMessage = 'Add at least one recipient';
export const maxRecipients = 50;
export const tooManyRecipientsMessage = `At most ${maxRecipients} recipients`;
/** RFC 5322 caps a header line at 998 characters. */
export const maxSubjectLength = 998;
export const subjectRequiredMessage = 'Subject is required';
/** A composed body; a larger one is almost always a pasted image as data, which belongs in an attachment. */
export const maxComposedHtmlLength = 2 * 1024 * 1024;
export const emailContentRequiredMessage = 'Email content is required';
export const emailContentTooLongMessage = 'Email content must be at most 2 MB';
/** What most providers accept in one message (Gmail, Outlook: 25 MB). */
export const maxAttachmentsBytes = 25 * 1024 * 1024;
export const attachmentsTooLargeMessage = 'Attachments are limited to 25 MB in all';
export const maxAttachments = 20;
export const recordRequiredMessage = 'Choose the record the e-mail is about';

/** A list of addresses; one address (or a comma-separated line) sent as text is taken as that list. */
const addressList = z.preprocess(
  (value) =>
    typeof value === 'string' && value.length <= maxLength.text
      ? value
          .split(/[,;]/)
          .map((part) => part.trim())
          .filter(Boolean)
      : value,
  z
    .array(emailField(invalidAddressMessage), { error: invalidAddressMessage })
    .max(maxRecipients, tooManyRecipientsMessage),
);

/** POST /api/emails: a new message or a reply, sent from the user's mailbox or the organization's server. */
export const composeEmailSchema = z
  .object({
    accountId: idField('Mailbox not found').nullish(),
    to: addressList.refine((list) => list.length > 0, recipientRequiredMessage),
    cc: addressList.optional(),
    bcc: addressList.optional(),
    subject: z
      .string({ error: subjectRequiredMessage })
      .trim()
      .max(maxSubjectLength, tooLongMessage('Subject', maxSubjectLength))
      .optional(),
    bodyHtml: z
      .string({ error: emailContentRequiredMessage })
      .max(maxComposedHtmlLength, emailContentTooLongMessage)
      .refine((html) => html.replace(/<[^>]*>|&nbsp;|\s/g, '').length > 0, emailContentRequiredMessage),
    templateId: idField('Template not found').nullish(),
    signatureId: idField('Signature not found').nullish(),
    attachmentFileIds: z
      .array(idField('Attached file not found: upload it again'))
      .max(maxAttachments, `At most ${maxAttachments} attachments`)
      .optional(),
    replyToEmailId: idField('Email not found').nullish(),
    entityType: enumField(emailRecordTypes, 'Invalid entity type').nullish(),
    entityId: idField('Record not found').nullish(),
  })
  .superRefine((body, ctx) => {
    const count = body.to.length + (body.cc?.length ?? 0) + (body.bcc?.length ?? 0);
    if (count > maxRecipients)
      ctx.addIssue({ code: 'custom', path: ['to'], message: tooManyRecipientsMessage });
    if (!body.replyToEmailId && !body.subject) {
      ctx.addIssue({ code: 'custom', path: ['subject'], message: subjectRequiredMessage });
    }
    if (Boolean(body.entityType) !== Boolean(body.entityId)) {
      ctx.addIssue({ code: 'custom', path: ['entityId'], message: recordRequiredMessage });
    }
  });
export type ComposeEmailInput = z.infer<typeof composeEmailSchema>;

/** GET /api/email-threads: the threads of one record. */
export const emailThreadsQuerySchema = z.object({
  entityType: enumField(emailRecordTypes, 'Invalid entity type'),
  entityId: idField('Record not found'),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int()
    .min(1, 'Limit must be at least 1')
    .optional(),
  cursor: z.string().max(4096, 'Invalid cursor').optional(),
});

/** GET /api/email-threads/:id: `?images=1` shows remote images. */
export const emailThreadQuerySchema = z.object({
  images: z.enum(['0', '1'], { error: 'images must be 0 or 1' }).optional(),
});

export const updateEmailThreadSchema = z.object({ isRead: booleanField('isRead') });

/** GET /api/email-addresses: suggestions for the To/Cc/Bcc fields. */
export const emailAddressesQuerySchema = z.object({
  search: z.string().trim().max(maxLength.search, 'Search is too long').optional(),
});
