import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { supportSubmissionTypes } from '../../../common/allowed-values';
import { idColumn, timestamps } from './columns';
import { oneOf } from './checks';
import { demoRequestStatuses } from '../../../common/validation/platform-values';
import { organizations, userRef } from './identity';

/** Sent by visitors before they have an account: global, not per tenant. */
export const earlyAccessSignups = pgTable('early_access_signups', {
  id: idColumn(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  company: text('company'),
  persona: text('persona').notNull(),
  ...timestamps(),
});

export const demoRequests = pgTable(
  'demo_requests',
  {
    id: idColumn(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    company: text('company').notNull(),
    persona: text('persona').notNull(),
    message: text('message'),
    phoneNumber: text('phone_number'),
    preferredTime: text('preferred_time'),
    status: text('status').notNull().default('pending'),
    notes: text('notes'),
    ...timestamps(),
  },
  (t) => [oneOf(t.status, demoRequestStatuses)],
);

export const supportSubmissions = pgTable(
  'support_submissions',
  {
    id: idColumn(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    type: text('type', { enum: supportSubmissionTypes }).notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url'),
    ...timestamps(),
  },
  (t) => [oneOf(t.type, supportSubmissionTypes)],
);

/** In-app feedback; signed-in senders are linked, and the link survives their deletion as null. */
export const feedback = pgTable(
  'feedback',
  {
    id: idColumn(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    userId: userRef('user_id'),
    type: text('type').notNull().default('general'),
    message: text('message').notNull(),
    page: text('page'),
    userAgent: text('user_agent'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [index('feedback_org_submitted_idx').on(t.organizationId, t.submittedAt)],
);
