import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  documentActivityTypes,
  documentInstanceSources,
  documentInstanceStatuses,
  documentShareAccessTypes,
  documentShareStatuses,
  signingOrders,
  enhancedFieldValidationTypes,
  signingWorkflowStatuses,
} from '../../../common/allowed-values';
import { idColumn, timestamps } from './columns';
import { clients, deals } from './crm';
import { atLeast, oneOf } from './checks';
import { tenantId, userRef } from './identity';

export const documentTemplates = pgTable(
  'document_templates',
  {
    id: idColumn(),
    organizationId: tenantId(),
    name: text('name').notNull(),
    description: text('description'),
    templateType: text('template_type').notNull(),
    industryType: text('industry_type'),
    filePath: text('file_path'),
    content: text('content').notNull(),
    mergeFields: jsonb('merge_fields'),
    isActive: boolean('is_active').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    // Beyond the spec: which library sample a seeded template came from, so seeding never doubles it.
    libraryKey: text('library_key'),
    createdBy: userRef('created_by'),
    ...timestamps(),
  },
  (t) => [
    index('document_templates_org_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('document_templates_org_library_key_idx').on(t.organizationId, t.libraryKey),
  ],
);

export const documentInstances = pgTable(
  'document_instances',
  {
    id: idColumn(),
    organizationId: tenantId(),
    templateId: uuid('template_id').references(() => documentTemplates.id, { onDelete: 'set null' }),
    // A client's or a deal's documents go with it.
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    content: text('content').notNull(),
    mergedContent: text('merged_content'),
    status: text('status', { enum: documentInstanceStatuses }).notNull().default('draft'),
    version: integer('version').notNull().default(1),
    shareToken: text('share_token').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    // Beyond the spec (docs/decisions/031): an uploaded PDF is a document whose pages are a file.
    source: text('source', { enum: documentInstanceSources }).notNull().default('editor'),
    fileId: uuid('file_id'),
    pageCount: integer('page_count'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    // Set when a frozen document is unfrozen (its signing cancelled): the next content save raises `version`.
    revisionPending: boolean('revision_pending').notNull().default(false),
    createdBy: userRef('created_by'),
    updatedBy: userRef('updated_by'),
    ...timestamps(),
  },
  (t) => [
    index('document_instances_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('document_instances_org_template_idx').on(t.organizationId, t.templateId),
    index('document_instances_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    oneOf(t.source, documentInstanceSources),
    index('document_instances_org_client_idx').on(t.organizationId, t.clientId),
    index('document_instances_org_deal_idx').on(t.organizationId, t.dealId),
    index('document_instances_org_status_idx').on(t.organizationId, t.status),
    oneOf(t.status, documentInstanceStatuses),
  ],
);

const instanceRef = () =>
  uuid('document_instance_id')
    .notNull()
    .references(() => documentInstances.id, { onDelete: 'cascade' });

export const signatureFields = pgTable(
  'signature_fields',
  {
    id: idColumn(),
    organizationId: tenantId(),
    documentInstanceId: uuid('document_instance_id').references(() => documentInstances.id, {
      onDelete: 'cascade',
    }),
    templateId: uuid('template_id').references(() => documentTemplates.id, { onDelete: 'cascade' }),
    fieldName: text('field_name').notNull(),
    fieldType: text('field_type').notNull().default('signature'),
    // Beyond the spec: positions are in PDF points on this page (1-based).
    pageNumber: integer('page_number').notNull().default(1),
    signerEmail: text('signer_email'),
    signerName: text('signer_name'),
    xPosition: integer('x_position'),
    yPosition: integer('y_position'),
    width: integer('width').notNull().default(200),
    height: integer('height').notNull().default(50),
    isRequired: boolean('is_required').notNull().default(true),
    fieldOrder: integer('field_order').notNull().default(0),
    defaultValue: text('default_value'),
    textAnchor: text('text_anchor'),
    anchorPosition: text('anchor_position').notNull().default('after'),
    offsetX: integer('offset_x').notNull().default(10),
    offsetY: integer('offset_y').notNull().default(0),
    useSmartPositioning: boolean('use_smart_positioning').notNull().default(false),
    // Beyond the spec (issue 17): what a signer's field needs, copied into the request's fields at send.
    placeholder: text('placeholder'),
    options: jsonb('options').$type<string[]>(),
    validationType: text('validation_type', { enum: enhancedFieldValidationTypes }),
    fontSize: integer('font_size').notNull().default(12),
    fontFamily: text('font_family').notNull().default('Arial'),
    ...timestamps(),
  },
  (t) => [
    index('signature_fields_org_instance_idx').on(t.organizationId, t.documentInstanceId),
    index('signature_fields_org_template_idx').on(t.organizationId, t.templateId),
    check(
      'signature_fields_instance_or_template_check',
      sql`${t.documentInstanceId} is not null or ${t.templateId} is not null`,
    ),
    atLeast(t.pageNumber, 1),
    atLeast(t.xPosition, 0),
    atLeast(t.yPosition, 0),
    atLeast(t.width, 50),
    atLeast(t.height, 20),
    oneOf(t.validationType, enhancedFieldValidationTypes),
  ],
);

export const signatures = pgTable(
  'signatures',
  {
    id: idColumn(),
    organizationId: tenantId(),
    documentInstanceId: instanceRef(),
    signatureFieldId: uuid('signature_field_id').references(() => signatureFields.id, {
      onDelete: 'cascade',
    }),
    signerEmail: text('signer_email').notNull(),
    signerName: text('signer_name'),
    signatureData: text('signature_data').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [index('signatures_org_instance_idx').on(t.organizationId, t.documentInstanceId)],
);

export const documentSigningWorkflows = pgTable(
  'document_signing_workflows',
  {
    id: idColumn(),
    organizationId: tenantId(),
    documentInstanceId: instanceRef(),
    signingOrder: text('signing_order', { enum: signingOrders }).notNull().default('parallel'),
    currentStep: integer('current_step').notNull().default(1),
    totalSteps: integer('total_steps').notNull().default(1),
    status: text('status', { enum: signingWorkflowStatuses }).notNull().default('active'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('document_signing_workflows_org_instance_idx').on(t.organizationId, t.documentInstanceId),
    oneOf(t.signingOrder, signingOrders),
    oneOf(t.status, signingWorkflowStatuses),
    atLeast(t.currentStep, 1),
    atLeast(t.totalSteps, 1),
  ],
);

export const documentShares = pgTable(
  'document_shares',
  {
    id: idColumn(),
    organizationId: tenantId(),
    documentInstanceId: instanceRef(),
    workflowId: uuid('workflow_id').references(() => documentSigningWorkflows.id, { onDelete: 'cascade' }),
    // Opened by recipients without an account, so unique on its own.
    shareToken: text('share_token').notNull().unique(),
    recipientEmail: text('recipient_email').notNull(),
    recipientName: text('recipient_name'),
    accessType: text('access_type', { enum: documentShareAccessTypes }).notNull().default('view'),
    signingOrder: integer('signing_order').notNull().default(1),
    status: text('status', { enum: documentShareStatuses }).notNull().default('pending'),
    emailSent: boolean('email_sent').notNull().default(false),
    emailSentAt: timestamp('email_sent_at', { withTimezone: true }),
    firstAccessedAt: timestamp('first_accessed_at', { withTimezone: true }),
    lastAccessedAt: timestamp('last_accessed_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    accessCount: integer('access_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('document_shares_org_instance_idx').on(t.organizationId, t.documentInstanceId),
    oneOf(t.accessType, documentShareAccessTypes),
    oneOf(t.status, documentShareStatuses),
    atLeast(t.signingOrder, 1),
  ],
);

export const documentActivities = pgTable(
  'document_activities',
  {
    id: idColumn(),
    organizationId: tenantId(),
    documentInstanceId: instanceRef(),
    activityType: text('activity_type', { enum: documentActivityTypes }).notNull(),
    actorEmail: text('actor_email'),
    actorName: text('actor_name'),
    details: jsonb('details'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps(),
  },
  (t) => [
    index('document_activities_org_instance_idx').on(t.organizationId, t.documentInstanceId, t.createdAt),
    oneOf(t.activityType, documentActivityTypes),
  ],
);
