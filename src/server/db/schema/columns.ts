import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns every table carries: a generated uuid key and creation/update times. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
