import type { Query, SQL } from 'drizzle-orm';
import type { CasingCache } from 'drizzle-orm/casing';
import { PgDialect } from 'drizzle-orm/pg-core';

/** Writes drizzle SQL as text and parameters, outside a query (for caching by statement). */
export const pgDialect = new PgDialect();

// The dialect's own casing cache: its type is internal to drizzle, its value is what sqlToQuery uses.
const { casing } = pgDialect as unknown as { casing: CasingCache };

/**
 * `fragment` as text whose parameters are numbered from `$<after + 1>`, so fragments written
 * separately can be put into one statement: written once, a condition can appear in it twice
 * with the same numbers (keyset-pagination.ts).
 */
export function writeSql(fragment: SQL, after = 0): Query {
  return fragment.toQuery({
    casing,
    escapeName: pgDialect.escapeName,
    escapeParam: pgDialect.escapeParam,
    escapeString: pgDialect.escapeString,
    prepareTyping: pgDialect.prepareTyping,
    paramStartIndex: { value: after },
  });
}
