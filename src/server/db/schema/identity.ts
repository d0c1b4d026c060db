import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PermissionSet } from '../../../common/permissions';
import {
  industrySectors,
  organizationPlanTypes,
  organizationStatuses,
  teamStatuses,
  userRoles,
  userStatuses,
  userTokenPurposes,
} from '../../../common/allowed-values';
import { idColumn, timestamps } from './columns';
import { oneOf, atLeast } from './checks';

// Constraint helpers live here because every domain file already imports identity.

export const organizations = pgTable(
  'organizations',
  {
    id: idColumn(),
    name: text('name').notNull(),
    domain: text('domain'),
    subdomain: text('subdomain').notNull().unique(),
    // Spec §1: every organization has an industry sector (not listed among the §3 fields).
    industrySector: text('industry_sector', { enum: industrySectors })
      .notNull()
      .default('Surplus Funds Locator'),
    planType: text('plan_type', { enum: organizationPlanTypes }).notNull().default('free'),
    maxUsers: integer('max_users').notNull().default(5),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    corporatePhone: text('corporate_phone'),
    emailFromName: text('email_from_name'),
    emailFromAddress: text('email_from_address'),
    emailReplyTo: text('email_reply_to'),
    emailSignature: text('email_signature'),
    status: text('status', { enum: organizationStatuses }).notNull().default('active'),
    billingEmail: text('billing_email'),
    contractStart: date('contract_start'),
    contractEnd: date('contract_end'),
    lastActivity: timestamp('last_activity', { withTimezone: true }),
    totalUsers: integer('total_users').notNull().default(0),
    // Bytes: can pass 2 GiB, so bigint.
    storageUsed: bigint('storage_used', { mode: 'number' }).notNull().default(0),
    apiCallsMonth: integer('api_calls_month').notNull().default(0),
    /** The month apiCallsMonth counts (its first day); a call in a later month starts the count again. */
    apiCallsMonthStart: date('api_calls_month_start'),
    ...timestamps(),
  },
  (t) => [
    oneOf(t.industrySector, industrySectors),
    oneOf(t.planType, organizationPlanTypes),
    oneOf(t.status, organizationStatuses),
    atLeast(t.maxUsers, 1),
  ],
);

/** The owning organization of a tenant row; deleting the organization deletes the row. */
export const tenantId = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/**
 * Beyond the spec: who made a record's latest edit through its PATCH (docs/decisions/017), so a
 * version conflict can say who changed the record. A plain id, not a foreign key: deleting a user
 * would otherwise scan every record table for it, and a gone user's edits simply show no name.
 */
export const updatedByColumn = () => ({
  // Any other update (a bulk action, a board move, a conversion) clears it: no name is better than a wrong one.
  updatedBy: uuid('updated_by').$onUpdate(() => sql`null`),
});

export const teams = pgTable(
  'teams',
  {
    id: idColumn(),
    organizationId: tenantId(),
    name: text('name').notNull(),
    description: text('description'),
    permissions: jsonb('permissions').$type<PermissionSet>(),
    status: text('status', { enum: teamStatuses }).notNull().default('active'),
    ...updatedByColumn(),
    ...timestamps(),
  },
  (t) => [index('teams_org_name_idx').on(t.organizationId, t.name), oneOf(t.status, teamStatuses)],
);

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    // Stored lowercase by the services, so a plain unique index suffices.
    email: text('email').notNull().unique(),
    password: text('password').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    profileImageUrl: text('profile_image_url'),
    timezone: text('timezone').notNull().default('UTC-05:00'),
    dateNumberFormat: text('date_number_format').notNull().default('US'),
    language: text('language').notNull().default('en'),
    defaultCurrency: text('default_currency').notNull().default('USD'),
    phoneNumberFormat: text('phone_number_format'),
    phoneNumber: text('phone_number'),
    companyName: text('company_name'),
    primaryContact: text('primary_contact'),
    businessAddressLine1: text('business_address_line1'),
    businessAddressLine2: text('business_address_line2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    industrySector: text('industry_sector', { enum: industrySectors }),
    numberOfEmployees: text('number_of_employees'),
    colorScheme: text('color_scheme').notNull().default('locus'),
    kanbanTheme: text('kanban_theme').notNull().default('professional'),
    companyLogo: text('company_logo'),
    role: text('role', { enum: userRoles }).notNull().default('user'),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    status: text('status', { enum: userStatuses }).notNull().default('active'),
    organizationId: tenantId(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    // Personal overrides on top of role and team defaults; null means none.
    permissions: jsonb('permissions').$type<PermissionSet>(),
    isOwner: boolean('is_owner').notNull().default(false),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastSeenReleaseVersion: text('last_seen_release_version'),
    showReleaseNotifications: boolean('show_release_notifications').notNull().default(true),
    ...updatedByColumn(),
    ...timestamps(),
  },
  (t) => [
    index('users_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('users_org_team_idx').on(t.organizationId, t.teamId),
    oneOf(t.industrySector, industrySectors),
    oneOf(t.role, userRoles),
    oneOf(t.status, userStatuses),
  ],
);

/** A reference to a user that outlives the user (owner, author, assignee). */
export const userRef = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' });

/** The permission catalogue: global, not per tenant. */
export const permissions = pgTable(
  'permissions',
  {
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description'),
    category: text('category').notNull(),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    ...timestamps(),
  },
  // One entry per box of the matrix: the seed upserts on it.
  (t) => [uniqueIndex('permissions_category_action_idx').on(t.category, t.action)],
);

export const tags = pgTable(
  'tags',
  {
    id: idColumn(),
    organizationId: tenantId(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#3b82f6'),
    description: text('description'),
    ...updatedByColumn(),
    ...timestamps(),
  },
  (t) => [unique('tags_org_name_unique').on(t.organizationId, t.name)],
);

/** Raw bytes. PGlite answers a Uint8Array and node-postgres a Buffer: both become a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const logoContentTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** An organization's logo (one per organization), served by GET /api/organization/logo/image. */
export const organizationLogos = pgTable(
  'organization_logos',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    // Sniffed from the bytes, never taken from the upload: image/png, image/jpeg, image/gif, image/webp.
    contentType: text('content_type', { enum: logoContentTypes }).notNull(),
    data: bytea('data').notNull(),
    ...timestamps(),
  },
  (t) => [oneOf(t.contentType, logoContentTypes)],
);

/**
 * Beyond the spec: single-use links sent by e-mail (password reset, invitation). Only a SHA-256
 * of the token is kept; the raw token exists only in the message.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: idColumn(),
    organizationId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: userTokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdBy: userRef('created_by'),
    ...timestamps(),
  },
  (t) => [
    index('user_tokens_org_user_idx').on(t.organizationId, t.userId),
    oneOf(t.purpose, userTokenPurposes),
  ],
);
