import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  emailAccountSyncStatuses,
  emailAuthTypes,
  emailContactEntityTypes,
  emailDeliveryStatuses,
  emailDirections,
  emailMappingTypes,
  emailProviders,
  emailSyncDirections,
  emailSyncJobStatuses,
  emailSyncJobTypes,
  emailTemplateCategories,
  mailSecurityModes,
  outgoingEmailStatuses,
} from '../../../common/allowed-values';
import { idColumn, timestamps } from './columns';
import { atLeast, oneOf } from './checks';
import { tenantId, updatedByColumn, userRef } from './identity';

/*
 * Secrets (passwords, OAuth tokens) are stored sealed with AES-256-GCM (src/server/lib/secret-box.ts)
 * and never leave the server; columns holding them end in the spec's names or `password`.
 */

/**
 * Beyond the spec: the organization's own outgoing server and its e-mail switches, one row per
 * organization (docs/decisions/027). Without a row (or a host) the platform server (SMTP_URL) sends.
 */
export const organizationEmailSettings = pgTable(
  'organization_email_settings',
  {
    organizationId: tenantId().primaryKey(),
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port'),
    smtpSecurity: text('smtp_security', { enum: mailSecurityModes }).notNull().default('starttls'),
    smtpUsername: text('smtp_username'),
    smtpPassword: text('smtp_password'),
    /** Open pixel and click redirects on outgoing CRM mail. */
    trackingEnabled: boolean('tracking_enabled').notNull().default(false),
    /** Mail from an address no lead, client or company has creates a lead. */
    createLeadsFromUnknownSenders: boolean('create_leads_from_unknown_senders').notNull().default(false),
    ...updatedByColumn(),
    ...timestamps(),
  },
  (t) => [oneOf(t.smtpSecurity, mailSecurityModes)],
);

export const emailAccounts = pgTable(
  'email_accounts',
  {
    id: idColumn(),
    organizationId: tenantId(),
    userId: userRef('user_id'),
    provider: text('provider', { enum: emailProviders }).notNull(),
    email: text('email').notNull(),
    displayName: text('display_name'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    tokenExpiry: timestamp('token_expiry', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    // Connecting an account is asking for it to sync.
    syncEnabled: boolean('sync_enabled').notNull().default(true),
    folderWhitelist: text('folder_whitelist').array().notNull().default([]),
    syncDirection: text('sync_direction', { enum: emailSyncDirections }).notNull().default('bidirectional'),
    // Beyond the spec (docs/decisions/027): how the mailbox connects, and its sync state.
    authType: text('auth_type', { enum: emailAuthTypes }).notNull().default('password'),
    imapHost: text('imap_host'),
    imapPort: integer('imap_port'),
    imapSecurity: text('imap_security', { enum: mailSecurityModes }).notNull().default('tls'),
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port'),
    smtpSecurity: text('smtp_security', { enum: mailSecurityModes }).notNull().default('starttls'),
    username: text('username'),
    password: text('password'),
    syncStatus: text('sync_status', { enum: emailAccountSyncStatuses }).notNull().default('idle'),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    messagesImported: integer('messages_imported').notNull().default(0),
    /** Per folder: `{ [path]: { uidValidity, lastUid } }` for incremental sync. */
    syncState: jsonb('sync_state')
      .$type<Record<string, { uidValidity: string; lastUid: number }>>()
      .notNull()
      .default({}),
    ...updatedByColumn(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('email_accounts_org_user_email_idx').on(t.organizationId, t.userId, t.email),
    oneOf(t.provider, emailProviders),
    oneOf(t.syncDirection, emailSyncDirections),
    oneOf(t.authType, emailAuthTypes),
    oneOf(t.imapSecurity, mailSecurityModes),
    oneOf(t.smtpSecurity, mailSecurityModes),
    oneOf(t.syncStatus, emailAccountSyncStatuses),
    atLeast(t.messagesImported, 0),
  ],
);

/** Null on mail sent through the organization's (or the platform's) server rather than a mailbox. */
const accountRef = () => uuid('account_id').references(() => emailAccounts.id, { onDelete: 'cascade' });

export const emailThreads = pgTable(
  'email_threads',
  {
    id: idColumn(),
    organizationId: tenantId(),
    accountId: accountRef(),
    /** The provider's thread id. */
    threadId: text('thread_id').notNull(),
    subject: text('subject'),
    participantEmails: text('participant_emails').array().notNull().default([]),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    messageCount: integer('message_count').notNull().default(0),
    isRead: boolean('is_read').notNull().default(false),
    labels: text('labels').array().notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('email_threads_org_account_thread_idx').on(t.organizationId, t.accountId, t.threadId),
    index('email_threads_org_account_last_idx').on(t.organizationId, t.accountId, t.lastMessageAt),
    index('email_threads_org_thread_idx').on(t.organizationId, t.threadId),
  ],
);

export const emails = pgTable(
  'emails',
  {
    id: idColumn(),
    organizationId: tenantId(),
    accountId: accountRef(),
    threadId: uuid('thread_id').references(() => emailThreads.id, { onDelete: 'cascade' }),
    /** The provider's message id. */
    messageId: text('message_id').notNull(),
    subject: text('subject'),
    fromEmail: text('from_email').notNull(),
    fromName: text('from_name'),
    toEmails: text('to_emails').array().notNull().default([]),
    ccEmails: text('cc_emails').array().notNull().default([]),
    bccEmails: text('bcc_emails').array().notNull().default([]),
    bodyText: text('body_text'),
    bodyHtml: text('body_html'),
    attachments: jsonb('attachments').notNull().default([]),
    direction: text('direction', { enum: emailDirections }).notNull(),
    isRead: boolean('is_read').notNull().default(false),
    isImportant: boolean('is_important').notNull().default(false),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    labels: text('labels').array().notNull().default([]),
    rawHeaders: jsonb('raw_headers'),
    // Beyond the spec: threading headers, where a synced copy came from, and outgoing delivery.
    inReplyTo: text('in_reply_to'),
    references: text('references').array().notNull().default([]),
    folder: text('folder'),
    uid: bigint('uid', { mode: 'number' }),
    sendStatus: text('send_status', { enum: outgoingEmailStatuses }),
    sendError: text('send_error'),
    sentBy: userRef('sent_by'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('emails_org_account_message_idx').on(t.organizationId, t.accountId, t.messageId),
    // Threading looks a reply's In-Reply-To/References up across the organization's mailboxes.
    index('emails_org_message_idx').on(t.organizationId, t.messageId),
    index('emails_org_thread_idx').on(t.organizationId, t.threadId),
    index('emails_org_account_received_idx').on(t.organizationId, t.accountId, t.receivedAt),
    oneOf(t.direction, emailDirections),
    oneOf(t.sendStatus, outgoingEmailStatuses),
  ],
);

const emailRef = () =>
  uuid('email_id')
    .notNull()
    .references(() => emails.id, { onDelete: 'cascade' });

export const emailTracking = pgTable(
  'email_tracking',
  {
    id: idColumn(),
    organizationId: tenantId(),
    emailId: emailRef(),
    // The pixel request carries only this id, so it is unique on its own.
    trackingPixelId: text('tracking_pixel_id').notNull().unique(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    openCount: integer('open_count').notNull().default(0),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    clickCount: integer('click_count').notNull().default(0),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
    bounced: boolean('bounced').notNull().default(false),
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    bounceReason: text('bounce_reason'),
    deliveryStatus: text('delivery_status', { enum: emailDeliveryStatuses }).notNull().default('sent'),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    location: text('location'),
    ...timestamps(),
  },
  (t) => [
    index('email_tracking_org_email_idx').on(t.organizationId, t.emailId),
    oneOf(t.deliveryStatus, emailDeliveryStatuses),
  ],
);

export const emailContactMappings = pgTable(
  'email_contact_mappings',
  {
    id: idColumn(),
    organizationId: tenantId(),
    emailId: emailRef(),
    contactEmail: text('contact_email').notNull(),
    entityType: text('entity_type', { enum: emailContactEntityTypes }).notNull(),
    entityId: uuid('entity_id').notNull(),
    mappingType: text('mapping_type', { enum: emailMappingTypes }).notNull(),
    confidence: numeric('confidence', { precision: 3, scale: 2 }).notNull().default('1.00'),
    ...timestamps(),
  },
  (t) => [
    index('email_contact_mappings_org_entity_idx').on(t.organizationId, t.entityType, t.entityId),
    index('email_contact_mappings_org_email_idx').on(t.organizationId, t.emailId),
    oneOf(t.entityType, emailContactEntityTypes),
    oneOf(t.mappingType, emailMappingTypes),
  ],
);

export const emailSyncJobs = pgTable(
  'email_sync_jobs',
  {
    id: idColumn(),
    organizationId: tenantId(),
    accountId: accountRef().notNull(),
    jobType: text('job_type', { enum: emailSyncJobTypes }).notNull(),
    status: text('status', { enum: emailSyncJobStatuses }).notNull().default('pending'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    emailsProcessed: integer('emails_processed').notNull().default(0),
    emailsTotal: integer('emails_total').notNull().default(0),
    errorMessage: text('error_message'),
    metadata: jsonb('metadata'),
    ...timestamps(),
  },
  (t) => [
    index('email_sync_jobs_org_account_idx').on(t.organizationId, t.accountId, t.createdAt),
    oneOf(t.jobType, emailSyncJobTypes),
    oneOf(t.status, emailSyncJobStatuses),
  ],
);

export const emailTemplates = pgTable(
  'email_templates',
  {
    id: idColumn(),
    organizationId: tenantId(),
    name: text('name').notNull(),
    category: text('category', { enum: emailTemplateCategories }).notNull(),
    subject: text('subject').notNull(),
    bodyHtml: text('body_html'),
    bodyText: text('body_text'),
    variables: jsonb('variables'),
    isActive: boolean('is_active').notNull().default(true),
    usageCount: integer('usage_count').notNull().default(0),
    createdBy: userRef('created_by'),
    ...updatedByColumn(),
    ...timestamps(),
  },
  (t) => [
    index('email_templates_org_category_idx').on(t.organizationId, t.category),
    oneOf(t.category, emailTemplateCategories),
  ],
);

export const emailSignatures = pgTable(
  'email_signatures',
  {
    id: idColumn(),
    organizationId: tenantId(),
    name: text('name').notNull(),
    bodyHtml: text('body_html'),
    bodyText: text('body_text'),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    usageCount: integer('usage_count').notNull().default(0),
    createdBy: userRef('created_by'),
    ...updatedByColumn(),
    ...timestamps(),
  },
  (t) => [index('email_signatures_org_created_idx').on(t.organizationId, t.createdAt)],
);
