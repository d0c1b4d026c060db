import { boolean, index, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { tenantId, updatedByColumn, users } from './identity';

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
    // A standard list (listKeys) or a custom object's list, `objects:<entityType>`.
    listKey: text('list_key').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    ...timestamps(),
  },
  (t) => [
    // One row per user and list; organization first, as every tenant key (DESIGN §6).
    primaryKey({ name: 'user_list_preferences_pkey', columns: [t.organizationId, t.userId, t.listKey] }),
  ],
);

/**
 * A named view of a list (filters, search, sort, columns) that a user saves and may share with
 * the organization. `listKey` names the list as user_list_preferences does.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: idColumn(),
    organizationId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listKey: text('list_key').notNull(),
    name: text('name').notNull(),
    search: text('search').notNull().default(''),
    filters: jsonb('filters').$type<Record<string, string>>().notNull().default({}),
    sort: text('sort'),
    columns: jsonb('columns').$type<string[]>(),
    isShared: boolean('is_shared').notNull().default(false),
    ...updatedByColumn(),
    ...timestamps(),
  },
  (t) => [
    index('saved_views_org_list_idx').on(t.organizationId, t.listKey, t.userId),
    unique('saved_views_org_user_list_name_unique').on(t.organizationId, t.userId, t.listKey, t.name),
  ],
);
