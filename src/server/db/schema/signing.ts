import { sql } from 'drizzle-orm';
import {
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
  certificateAlgorithms,
  enhancedFieldTypes,
  enhancedFieldValidationTypes,
  enhancedSignatureTypes,
  legalCompliances,
  recipientAuthMethods,
  sealLevels,
  sealStatuses,
  recipientRoles,
  signatureAuditEvents,
  signatureRecipientStatuses,
  signatureRequestStatuses,
  signingOrders,
} from '../../../common/allowed-values';
import { idColumn, timestamps } from './columns';
import { deals } from './crm';
import { documentInstances, documentShares, documentSigningWorkflows, signatureFields } from './documents';
import { atLeast, oneOf } from './checks';
import { tenantId, userRef } from './identity';
import { platformSigningAuthorities } from './platform';

export const digitalCertificates = pgTable(
  'digital_certificates',
  {
    id: idColumn(),
    organizationId: tenantId(),
    certificateData: text('certificate_data').notNull(),
    publicKey: text('public_key').notNull(),
    privateKeyHash: text('private_key_hash'),
    issuer: text('issuer'),
    subject: text('subject'),
    serialNumber: text('serial_number').notNull().unique(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    keySize: integer('key_size').notNull().default(2048),
    algorithm: text('algorithm', { enum: certificateAlgorithms }).notNull().default('RSA'),
    // Beyond the spec (issue 18): the private key itself, sealed with SECRET_KEY (privateKeyHash is
    // its SHA-256, so a swapped key shows); the SHA-256 of the DER certificate; the issuing CA.
    encryptedPrivateKey: text('encrypted_private_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    authorityId: uuid('authority_id').references(() => platformSigningAuthorities.id, {
      onDelete: 'no action',
    }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    // At most one certificate seals an organization's documents at a time.
    uniqueIndex('digital_certificates_org_one_active_idx').on(t.organizationId).where(sql`${t.isActive}`),
    index('digital_certificates_org_active_idx').on(t.organizationId, t.isActive),
    atLeast(t.keySize, 1024),
    oneOf(t.algorithm, certificateAlgorithms),
  ],
);

export const enhancedSignatureRequests = pgTable(
  'enhanced_signature_requests',
  {
    id: idColumn(),
    organizationId: tenantId(),
    documentInstanceId: uuid('document_instance_id').references(() => documentInstances.id, {
      onDelete: 'cascade',
    }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message'),
    status: text('status', { enum: signatureRequestStatuses }).notNull().default('draft'),
    signatureType: text('signature_type', { enum: signingOrders }).notNull().default('sequential'),
    legalCompliance: text('legal_compliance', { enum: legalCompliances }).notNull().default('ueta'),
    requiresNotarization: boolean('requires_notarization').notNull().default(false),
    documentHash: text('document_hash').notNull(),
    blockchainTxId: text('blockchain_tx_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    auditTrail: jsonb('audit_trail').notNull().default([]),
    createdBy: userRef('created_by'),
    // Beyond the spec (issue 17): the simple-signing workflow this request runs, and when it went out.
    workflowId: uuid('workflow_id').references(() => documentSigningWorkflows.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // Beyond the spec (issue 18): the seal of the completed document. `verificationId` is printed on
    // the completion certificate; `finalDocumentHash` is the SHA-256 of the sealed PDF, so both
    // find a seal from the public /verify page. `sealedChainHash` is the audit chain's last hash
    // when the certificate pages were drawn (`sealedChainSequence` its event).
    sealStatus: text('seal_status', { enum: sealStatuses }),
    sealError: text('seal_error'),
    sealedAt: timestamp('sealed_at', { withTimezone: true }),
    sealedFileId: uuid('sealed_file_id'),
    finalDocumentHash: text('final_document_hash').unique(),
    verificationId: text('verification_id').unique(),
    sealCertificateId: uuid('seal_certificate_id').references(() => digitalCertificates.id, {
      onDelete: 'no action',
    }),
    sealLevel: text('seal_level', { enum: sealLevels }),
    timestampError: text('timestamp_error'),
    sealedChainHash: text('sealed_chain_hash'),
    sealedChainSequence: integer('sealed_chain_sequence'),
    ...timestamps(),
  },
  (t) => [
    oneOf(t.status, signatureRequestStatuses),
    oneOf(t.sealStatus, sealStatuses),
    oneOf(t.sealLevel, sealLevels),
    index('enhanced_signature_requests_org_created_idx').on(t.organizationId, t.createdAt),
    index('enhanced_signature_requests_org_instance_idx').on(t.organizationId, t.documentInstanceId),
    index('enhanced_signature_requests_org_deal_idx').on(t.organizationId, t.dealId),
    oneOf(t.signatureType, signingOrders),
    oneOf(t.legalCompliance, legalCompliances),
  ],
);

const requestRef = () =>
  uuid('signature_request_id')
    .notNull()
    .references(() => enhancedSignatureRequests.id, { onDelete: 'cascade' });

const certificateRef = () =>
  uuid('certificate_id').references(() => digitalCertificates.id, { onDelete: 'set null' });

export const enhancedSignatureRecipients = pgTable(
  'enhanced_signature_recipients',
  {
    id: idColumn(),
    organizationId: tenantId(),
    signatureRequestId: requestRef(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: recipientRoles }).notNull().default('signer'),
    signatureOrder: integer('signature_order').notNull().default(1),
    status: text('status', { enum: signatureRecipientStatuses }).notNull().default('pending'),
    // Signers open their link without an account, so unique on its own.
    accessToken: text('access_token').notNull().unique(),
    signingUrl: text('signing_url'),
    authMethod: text('auth_method', { enum: recipientAuthMethods }).notNull().default('email'),
    verificationData: jsonb('verification_data'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signatureHash: text('signature_hash'),
    certificateId: certificateRef(),
    biometricData: jsonb('biometric_data'),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    geolocation: jsonb('geolocation'),
    // Beyond the spec (issue 17): the share mirroring this recipient, the ESIGN disclosure accepted,
    // when the invitation went out (reminders count from it), and a short-lived in-person link.
    shareId: uuid('share_id').references(() => documentShares.id, { onDelete: 'set null' }),
    consentVersion: text('consent_version'),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    inPersonTokenHash: text('in_person_token_hash').unique(),
    inPersonExpiresAt: timestamp('in_person_expires_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    oneOf(t.status, signatureRecipientStatuses),
    index('enhanced_signature_recipients_org_request_idx').on(t.organizationId, t.signatureRequestId),
    oneOf(t.role, recipientRoles),
    oneOf(t.authMethod, recipientAuthMethods),
  ],
);

export const enhancedSignatureFields = pgTable(
  'enhanced_signature_fields',
  {
    id: idColumn(),
    organizationId: tenantId(),
    signatureRequestId: requestRef(),
    recipientId: uuid('recipient_id').references(() => enhancedSignatureRecipients.id, {
      onDelete: 'cascade',
    }),
    fieldName: text('field_name').notNull(),
    fieldType: text('field_type', { enum: enhancedFieldTypes }).notNull(),
    xPosition: integer('x_position'),
    yPosition: integer('y_position'),
    width: integer('width').notNull().default(150),
    height: integer('height').notNull().default(50),
    page: integer('page').notNull().default(1),
    isRequired: boolean('is_required').notNull().default(true),
    placeholder: text('placeholder'),
    validationType: text('validation_type', { enum: enhancedFieldValidationTypes }),
    validationRule: text('validation_rule'),
    options: jsonb('options'),
    defaultValue: text('default_value'),
    maxLength: integer('max_length'),
    fontSize: integer('font_size').notNull().default(12),
    fontFamily: text('font_family').notNull().default('Arial'),
    fontColor: text('font_color'),
    backgroundColor: text('background_color'),
    borderStyle: text('border_style'),
    borderColor: text('border_color'),
    borderWidth: integer('border_width'),
    tooltip: text('tooltip'),
    tabOrder: integer('tab_order'),
    // Beyond the spec (issue 17): the document's placed field this one was copied from.
    signatureFieldId: uuid('signature_field_id').references(() => signatureFields.id, {
      onDelete: 'set null',
    }),
    ...timestamps(),
  },
  (t) => [
    index('enhanced_signature_fields_org_request_idx').on(t.organizationId, t.signatureRequestId),
    oneOf(t.fieldType, enhancedFieldTypes),
    oneOf(t.validationType, enhancedFieldValidationTypes),
    atLeast(t.width, 20),
    atLeast(t.height, 10),
  ],
);

/** Append-only; a recipient's deletion must not erase the evidence, hence set null. */
export const signatureAuditTrail = pgTable(
  'signature_audit_trail',
  {
    id: idColumn(),
    organizationId: tenantId(),
    signatureRequestId: requestRef(),
    recipientId: uuid('recipient_id').references(() => enhancedSignatureRecipients.id, {
      onDelete: 'set null',
    }),
    eventType: text('event_type', { enum: signatureAuditEvents }).notNull(),
    eventData: jsonb('event_data'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    geolocation: jsonb('geolocation'),
    sessionId: text('session_id'),
    deviceFingerprint: text('device_fingerprint'),
    cryptoHash: text('crypto_hash'),
    previousEventHash: text('previous_event_hash'),
    // Beyond the spec (issue 17): the event's place in its request's hash chain (1, 2, …).
    sequence: integer('sequence').notNull(),
    ...timestamps(),
  },
  (t) => [
    index('signature_audit_trail_org_request_idx').on(t.organizationId, t.signatureRequestId, t.timestamp),
    uniqueIndex('signature_audit_trail_org_request_sequence_idx').on(
      t.organizationId,
      t.signatureRequestId,
      t.sequence,
    ),
    oneOf(t.eventType, signatureAuditEvents),
  ],
);

export const enhancedSignatures = pgTable(
  'enhanced_signatures',
  {
    id: idColumn(),
    organizationId: tenantId(),
    signatureRequestId: requestRef(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => enhancedSignatureRecipients.id, { onDelete: 'cascade' }),
    fieldId: uuid('field_id').references(() => enhancedSignatureFields.id, { onDelete: 'cascade' }),
    signatureType: text('signature_type', { enum: enhancedSignatureTypes }).notNull(),
    signatureData: text('signature_data').notNull(),
    biometricData: jsonb('biometric_data'),
    vectorData: jsonb('vector_data'),
    certificateId: certificateRef(),
    cryptographicHash: text('cryptographic_hash').notNull(),
    timestampToken: text('timestamp_token'),
    signingTime: timestamp('signing_time', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull(),
    geolocation: jsonb('geolocation'),
    deviceFingerprint: text('device_fingerprint'),
    /** Milliseconds. */
    sessionDuration: integer('session_duration'),
    mouseMovements: jsonb('mouse_movements'),
    keystrokePatterns: jsonb('keystroke_patterns'),
    fraudScore: numeric('fraud_score', { precision: 5, scale: 2 }),
    legallyBinding: boolean('legally_binding').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('enhanced_signatures_org_request_idx').on(t.organizationId, t.signatureRequestId),
    index('enhanced_signatures_org_recipient_idx').on(t.organizationId, t.recipientId),
    // Never two signatures on one field, whatever the timing of the submissions.
    uniqueIndex('enhanced_signatures_field_idx').on(t.fieldId),
    oneOf(t.signatureType, enhancedSignatureTypes),
  ],
);
