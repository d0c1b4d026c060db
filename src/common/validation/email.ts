import { z } from 'zod';
import { htmlToText } from '../merge-fields';
import {
  booleanField,
  emailField,
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
  lineList,
  maxLength,
  maxListItems,
  optionalEnum,
  optionalLine,
  tooLongMessage,
  optionalEmail,
  blankable,
} from './common';
import {
  emailContactEntityTypes,
  emailDirections,
  emailMappingTypes,
  emailProviders,
  emailSyncDirections,
  emailSyncJobStatuses,
  emailSyncJobTypes,
  emailTemplateCategories,
  mailSecurityModes,
} from '../allowed-values';

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

/** Hosts, ports and security a provider's mailboxes use, filled in when a form leaves them out. */
export interface MailServerPreset {
  imapHost: string;
  imapPort: number;
  imapSecurity: (typeof mailSecurityModes)[number];
  smtpHost: string;
  smtpPort: number;
  smtpSecurity: (typeof mailSecurityModes)[number];
}

export const mailServerPresets: Partial<Record<(typeof emailProviders)[number], MailServerPreset>> = {
  gmail: {
    imapHost: 'imap.gmail.com',
    imapPort: 993,
    imapSecurity: 'tls',
    smtpHost: 'smtp.gmail.com',
    smtpPort: 465,
    smtpSecurity: 'tls',
  },
  outlook: {
    imapHost: 'outlook.office365.com',
    imapPort: 993,
    imapSecurity: 'tls',
    smtpHost: 'smtp.office365.com',
    smtpPort: 587,
    smtpSecurity: 'starttls',
  },
};

/** The usual port of a protocol under a security mode, when a form gives a host but no port. */
export function defaultMailPort(protocol: 'imap' | 'smtp', security: (typeof mailSecurityModes)[number]) {
  if (protocol === 'imap') return security === 'tls' ? 993 : 143;
  return security === 'tls' ? 465 : security === 'starttls' ? 587 : 25;
}

/** A mailbox's folders to sync: 50 names at most (INBOX and Sent when none are given). */
export const maxSyncFolders = 50;
export const defaultSyncFolders = ['INBOX', 'Sent'];
/** Mail servers take long passwords (app passwords, tokens pasted by hand) but not unbounded ones. */
export const maxMailPasswordLength = 1024;

const port = (label: string) =>
  z
    .number({ error: `${label} must be a number from 1 to 65535` })
    .int(`${label} must be a number from 1 to 65535`)
    .min(1, `${label} must be a number from 1 to 65535`)
    .max(65535, `${label} must be a number from 1 to 65535`);

const host = (label: string) =>
  optionalLine(label).refine(
    (value) => value == null || /^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/i.test(value),
    `${label} must be a host name or IP address`,
  );

/**
 * A mailbox signed in with an app password over IMAP/SMTP (gmail and outlook through OAuth2 are
 * connected by the sign-in flow, never by this schema). Gmail and Outlook fill their hosts from
 * the presets; "imap" (any other server, docs/decisions/028) needs both hosts.
 */
const emailAccountFields = z.object({
  provider: enumField(emailProviders, 'Invalid email provider'),
  email: emailField('Please enter a valid email address'),
  displayName: optionalLine('Display name'),
  /** The sign-in name; the address when left out. */
  username: optionalLine('Username'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(maxMailPasswordLength, tooLongMessage('Password', maxMailPasswordLength)),
  imapHost: host('IMAP host'),
  imapPort: port('IMAP port').nullish(),
  imapSecurity: optionalEnum(mailSecurityModes, 'IMAP security must be tls, starttls or none'),
  smtpHost: host('SMTP host'),
  smtpPort: port('SMTP port').nullish(),
  smtpSecurity: optionalEnum(mailSecurityModes, 'SMTP security must be tls, starttls or none'),
  syncEnabled: booleanField('syncEnabled').optional(),
  folderWhitelist: lineList('Folder')
    .max(maxSyncFolders, `At most ${maxSyncFolders} folders can be synced`)
    .optional(),
  syncDirection: enumField(emailSyncDirections, 'Invalid sync direction').default('bidirectional'),
});

export const createEmailAccountSchema = emailAccountFields.superRefine((input, ctx) => {
  if (input.provider !== 'imap') return;
  if (!input.imapHost) ctx.addIssue({ code: 'custom', path: ['imapHost'], message: 'IMAP host is required' });
  if (!input.smtpHost) ctx.addIssue({ code: 'custom', path: ['smtpHost'], message: 'SMTP host is required' });
});
/** "Test connection": the same fields, nothing saved. */
export const testEmailAccountSchema = createEmailAccountSchema;
/** A PATCH sends only what changes; an absent password keeps the stored one. */
export const updateEmailAccountSchema = updateSchemaOf(emailAccountFields);

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
export type TestEmailAccountInput = z.infer<typeof testEmailAccountSchema>;
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
