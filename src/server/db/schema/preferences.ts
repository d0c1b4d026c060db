import { jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { listKeys } from '../../../common/validation/preferences';
import { oneOf } from './checks';
import { timestamps } from './columns';
import { tenantId, users } from './identity';

/**
 * Each user's column choice per list (validation/preferences.ts says how `columns` reads). Kept
 * on the server so it survives signing out and follows the user to another browser.
 */
export const userListPreferences = pgTable(
  'user_list_preferences',
  {
    organizationId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listKey: text('list_key', { enum: listKeys }).notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    ...timestamps(),
  },
  (t) => [
    // One row per user and list; organization first, as every tenant key (DESIGN §6).
    primaryKey({ name: 'user_list_preferences_pkey', columns: [t.organizationId, t.userId, t.listKey] }),
    oneOf(t.listKey, listKeys),
  ],
);
