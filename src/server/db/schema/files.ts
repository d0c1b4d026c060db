import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { atLeast } from './checks';
import { timestamps } from './columns';
import { tenantId, userRef } from './identity';

/**
 * Uploaded files (activity attachments, docs/decisions/011 and 014). The bytes live in the file
 * store; this row is what makes them exist: a download reads it, and the sweep deletes bytes
 * that have none, and rows (with their bytes) that no activity references any more.
 */
export const files = pgTable(
  'files',
  {
    organizationId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdBy: userRef('created_by'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ name: 'files_pkey', columns: [t.organizationId, t.id] }),
    // The sweep looks at an organization's files older than the grace period.
    index('files_org_created_idx').on(t.organizationId, t.createdAt),
    atLeast(t.size, 1),
  ],
);
