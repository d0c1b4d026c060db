import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  activityStatuses,
  activityTypes,
  clientStatuses,
  companyRelationshipStatuses,
  interestLevels,
  leadStatuses,
  phoneTypes,
} from '../../../common/allowed-values';
import { idColumn, timestamps } from './columns';
import { between, oneOf } from './checks';
import { tenantId, updatedByColumn, userRef } from './identity';

/*
 * Search indexes. Every other index here leads with organization_id (DESIGN §6), but a trigram
 * (gin_trgm_ops) or array GIN index cannot lead with a uuid without the btree_gin extension,
 * which PGlite does not ship. So these are plain GIN indexes on the searched text (or the tag
 * array): a list query always also filters organization_id, and the planner combines the two
 * (BitmapAnd with the org-led btree). The schema test lists them as the exception.
 */
const trigram = (column: AnyPgColumn | SQL) => sql`${column} gin_trgm_ops`;

/** A phone number's digits only: how duplicates are matched and how a phone-like search compares. */
export const phoneDigits = (column: AnyPgColumn) => sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

/**
 * A title as the palette's prefix search compares it: lower case, byte order (collation "C"), so
 * `like 'maria gonz%'` is a range of a btree on it whatever the database's collation, and the
 * range comes out in name order. Queries must use this same expression to use the index.
 */
export const prefixKey = (column: AnyPgColumn) => sql`(lower(${column}) collate "C")`;

/**
 * A title after its first word, as `prefixKey` compares it: a lead found by the start of a later
 * word ("johns" for "Mary Johnson") is read as a range of a btree on it, like a prefix. A title of
 * one word gives itself. Queries must use this same expression to use the index.
 */
export const laterWordsKey = (column: AnyPgColumn) =>
  sql`(lower(substr(${column}, strpos(${column}, ' ') + 1)) collate "C")`;

/**
 * The surplus-case identifiers a locator searches by (case number, parcel number, property
 * address, county), kept in a record's custom fields: one text per row, trigram-indexed on leads
 * and deals. Search must use this same expression to use the index.
 */
export const caseSearchText = (customFieldsColumn: AnyPgColumn) =>
  sql`(coalesce(${customFieldsColumn}->>'caseNumber', '') || ' ' || coalesce(${customFieldsColumn}->>'parcelNumber', '') || ' ' || coalesce(${customFieldsColumn}->>'propertyAddress', '') || ' ' || coalesce(${customFieldsColumn}->>'county', ''))`;

/** The few sample rows of a tenant, found without reading its real ones ("Clear sample data"). */
const sampleDataIndex = (name: string, t: { organizationId: AnyPgColumn; isSampleData: AnyPgColumn }) =>
  index(name).on(t.organizationId).where(sql`${t.isSampleData}`);

/** Fields every CRM record carries beyond its own. */
const recordExtras = () => ({
  customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
  isSampleData: boolean('is_sample_data').notNull().default(false),
  ...updatedByColumn(),
  ...timestamps(),
});

export const leads = pgTable(
  'leads',
  {
    id: idColumn(),
    organizationId: tenantId(),
    fullName: text('full_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    phoneType: text('phone_type', { enum: phoneTypes }),
    businessName: text('business_name'),
    industry: text('industry'),
    location: text('location'),
    leadSource: text('lead_source'),
    leadStatus: text('lead_status', { enum: leadStatuses }).notNull().default('New'),
    interestLevel: text('interest_level', { enum: interestLevels }),
    assignedOwner: userRef('assigned_owner'),
    notes: text('notes'),
    tags: text('tags').array().notNull().default([]),
    lastContactDate: timestamp('last_contact_date', { withTimezone: true }),
    conversionDate: timestamp('conversion_date', { withTimezone: true }),
    convertedClientId: uuid('converted_client_id').references((): AnyPgColumn => clients.id, {
      onDelete: 'set null',
    }),
    ...recordExtras(),
  },
  (t) => [
    index('leads_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    // `?sort=fullName` (case-insensitive): the page is read from the index instead of sorting the tenant's leads.
    index('leads_org_full_name_lower_idx').on(t.organizationId, sql`lower(${t.fullName})`, t.id),
    // Search (issue 21): names starting with the term, best matches first, read from the index
    // instead of the trigram scan and recheck of every match.
    index('leads_org_full_name_prefix_idx').on(t.organizationId, prefixKey(t.fullName), t.id),
    // …and names whose later words start with it ("johns": every Johnson), ranked next.
    index('leads_org_full_name_later_words_idx').on(t.organizationId, laterWordsKey(t.fullName), t.id),
    index('leads_org_status_idx').on(t.organizationId, t.leadStatus),
    // An owner's leads by status (a rep's own list): counted from the index alone, and the
    // owner-only filter uses its first two columns.
    index('leads_org_owner_status_idx').on(t.organizationId, t.assignedOwner, t.leadStatus),
    // Duplicate checks compare e-mails case-insensitively and phones by their digits.
    index('leads_org_email_lower_idx').on(t.organizationId, sql`lower(${t.email})`),
    index('leads_org_phone_digits_idx').on(t.organizationId, phoneDigits(t.phone)),
    index('leads_full_name_trgm_idx').using('gin', trigram(t.fullName)),
    index('leads_email_trgm_idx').using('gin', trigram(t.email)),
    index('leads_business_name_trgm_idx').using('gin', trigram(t.businessName)),
    index('leads_phone_digits_trgm_idx').using('gin', trigram(phoneDigits(t.phone))),
    index('leads_tags_idx').using('gin', t.tags),
    index('leads_case_search_trgm_idx').using('gin', trigram(caseSearchText(t.customFields))),
    sampleDataIndex('leads_org_sample_idx', t),
    oneOf(t.phoneType, phoneTypes),
    oneOf(t.leadStatus, leadStatuses),
    oneOf(t.interestLevel, interestLevels),
  ],
);

export const clients = pgTable(
  'clients',
  {
    id: idColumn(),
    organizationId: tenantId(),
    displayName: text('display_name').notNull(),
    // Beyond the spec's list: the claimant's contact details, carried over from the lead on conversion.
    email: text('email'),
    phone: text('phone'),
    phoneType: text('phone_type', { enum: phoneTypes }),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    notes: text('notes'),
    status: text('status', { enum: clientStatuses }).notNull().default('active'),
    assignedTo: userRef('assigned_to'),
    tags: text('tags').array().notNull().default([]),
    leadId: uuid('lead_id').references((): AnyPgColumn => leads.id, { onDelete: 'set null' }),
    lastContactDate: timestamp('last_contact_date', { withTimezone: true }),
    ...recordExtras(),
  },
  (t) => [
    index('clients_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('clients_org_status_idx').on(t.organizationId, t.status),
    index('clients_org_assigned_idx').on(t.organizationId, t.assignedTo),
    index('clients_org_lead_idx').on(t.organizationId, t.leadId),
    index('clients_display_name_trgm_idx').using('gin', trigram(t.displayName)),
    index('clients_email_trgm_idx').using('gin', trigram(t.email)),
    index('clients_phone_digits_trgm_idx').using('gin', trigram(phoneDigits(t.phone))),
    // Duplicate checks compare e-mails case-insensitively and phones by their digits.
    index('clients_org_email_lower_idx').on(t.organizationId, sql`lower(${t.email})`),
    index('clients_org_phone_digits_idx').on(t.organizationId, phoneDigits(t.phone)),
    index('clients_tags_idx').using('gin', t.tags),
    sampleDataIndex('clients_org_sample_idx', t),
    oneOf(t.status, clientStatuses),
    oneOf(t.phoneType, phoneTypes),
  ],
);

export const companies = pgTable(
  'companies',
  {
    id: idColumn(),
    organizationId: tenantId(),
    companyName: text('company_name').notNull(),
    website: text('website'),
    industry: text('industry'),
    keyContact: text('key_contact'),
    employeeCount: integer('employee_count'),
    estimatedRevenue: numeric('estimated_revenue', { precision: 14, scale: 2 }),
    hqLocation: text('hq_location'),
    companyType: text('company_type'),
    techStack: text('tech_stack').array().notNull().default([]),
    relationshipStatus: text('relationship_status', { enum: companyRelationshipStatuses })
      .notNull()
      .default('prospect'),
    customTags: text('custom_tags').array().notNull().default([]),
    assignedTo: userRef('assigned_to'),
    notes: text('notes'),
    ...recordExtras(),
  },
  (t) => [
    index('companies_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('companies_org_relationship_idx').on(t.organizationId, t.relationshipStatus),
    index('companies_org_assigned_idx').on(t.organizationId, t.assignedTo),
    index('companies_company_name_trgm_idx').using('gin', trigram(t.companyName)),
    index('companies_website_trgm_idx').using('gin', trigram(t.website)),
    index('companies_custom_tags_idx').using('gin', t.customTags),
    sampleDataIndex('companies_org_sample_idx', t),
    oneOf(t.relationshipStatus, companyRelationshipStatuses),
  ],
);

export const deals = pgTable(
  'deals',
  {
    id: idColumn(),
    organizationId: tenantId(),
    dealName: text('deal_name').notNull(),
    dealType: text('deal_type'),
    relatedClient: uuid('related_client').references(() => clients.id, { onDelete: 'set null' }),
    leadSource: text('lead_source'),
    dealValue: numeric('deal_value', { precision: 10, scale: 2 }),
    closeProbability: integer('close_probability'),
    contractDuration: text('contract_duration'),
    // Free text: stages are configurable per pipeline.
    stage: text('stage').notNull().default('proposal'),
    expectedCloseDate: date('expected_close_date'),
    assignedOwner: userRef('assigned_owner'),
    notes: text('notes'),
    tags: text('tags').array().notNull().default([]),
    // Beyond the spec: when the deal entered a closing (won or lost) stage; null while open. The
    // dashboard dates wins by it, since updatedAt moves with every later edit.
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...recordExtras(),
  },
  (t) => [
    index('deals_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('deals_org_stage_idx').on(t.organizationId, t.stage),
    index('deals_org_client_idx').on(t.organizationId, t.relatedClient),
    index('deals_org_owner_idx').on(t.organizationId, t.assignedOwner),
    // Wins per month: only closed deals are indexed.
    index('deals_org_closed_idx').on(t.organizationId, t.closedAt).where(sql`${t.closedAt} is not null`),
    index('deals_deal_name_trgm_idx').using('gin', trigram(t.dealName)),
    index('deals_tags_idx').using('gin', t.tags),
    index('deals_case_search_trgm_idx').using('gin', trigram(caseSearchText(t.customFields))),
    sampleDataIndex('deals_org_sample_idx', t),
    between(t.closeProbability, 0, 100),
  ],
);

export interface ActivityAttachment {
  name: string;
  /** An http(s) link or an uploaded file's /api/files/<id>/<name>. */
  url: string;
  /** Bytes, when known (uploaded files). */
  size?: number;
}

/** Fields shared by client/deal activities and lead activities. */
const activityFields = () => ({
  userId: userRef('user_id'),
  type: text('type', { enum: activityTypes }).notNull(),
  subject: text('subject').notNull(),
  description: text('description'),
  emailContent: text('email_content'),
  attachments: jsonb('attachments').$type<ActivityAttachment[]>().notNull().default([]),
  status: text('status', { enum: activityStatuses }).notNull().default('completed'),
  dueDate: timestamp('due_date', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  ...updatedByColumn(),
  ...timestamps(),
});

export const activities = pgTable(
  'activities',
  {
    id: idColumn(),
    organizationId: tenantId(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    ...activityFields(),
  },
  (t) => [
    index('activities_org_client_idx').on(t.organizationId, t.clientId),
    index('activities_org_deal_idx').on(t.organizationId, t.dealId),
    index('activities_org_due_idx').on(t.organizationId, t.dueDate),
    index('activities_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    // "My tasks": the caller's pending tasks by due date.
    index('activities_org_user_pending_idx')
      .on(t.organizationId, t.userId, t.dueDate)
      .where(sql`${t.type} = 'task' and ${t.status} = 'pending'`),
    check('activities_client_or_deal_check', sql`${t.clientId} is not null or ${t.dealId} is not null`),
    oneOf(t.type, activityTypes),
    oneOf(t.status, activityStatuses),
  ],
);

export const leadActivities = pgTable(
  'lead_activities',
  {
    id: idColumn(),
    organizationId: tenantId(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    ...activityFields(),
  },
  (t) => [
    index('lead_activities_org_lead_idx').on(t.organizationId, t.leadId, t.createdAt),
    index('lead_activities_org_user_pending_idx')
      .on(t.organizationId, t.userId, t.dueDate)
      .where(sql`${t.type} = 'task' and ${t.status} = 'pending'`),
    oneOf(t.type, activityTypes),
    oneOf(t.status, activityStatuses),
  ],
);
