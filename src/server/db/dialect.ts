import { PgDialect } from 'drizzle-orm/pg-core';

/** Writes drizzle SQL as text and parameters, outside a query (for caching by statement). */
export const pgDialect = new PgDialect();
