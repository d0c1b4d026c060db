import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db';
import { users } from '../../src/server/db/schema/identity';
import { listDeals, listDealsQuerySchema } from '../../src/server/features/deals/list-deals';
import { listLeads, listLeadsQuerySchema } from '../../src/server/features/leads/list-leads';
import {
  listEntityRecords,
  listRecordsQuerySchema,
} from '../../src/server/features/objects/list-entity-records';
import { globalSearch, searchQuerySchema } from '../../src/server/features/search/search';
import type { ServiceContext } from '../../src/server/lib/service-context';
import { ownerContext } from './owner-context';

/**
 * The list services behind the benchmarked routes, called the way their routes call them
 * (query string parsed by the route's schema), so the SQL floor runs exactly their statements.
 */
const services: Record<string, (ctx: ServiceContext, query: Record<string, string>) => Promise<unknown>> = {
  '/api/leads': (ctx, query) => listLeads(ctx, listLeadsQuerySchema.parse(query)),
  '/api/deals': (ctx, query) => listDeals(ctx, listDealsQuerySchema.parse(query)),
  // The palette (issue 21 §4): up to 5 matches of each kind.
  '/api/search': (ctx, query) => globalSearch(ctx, searchQuerySchema.parse(query).q),
  // bench:objects
  '/api/entity-records': (ctx, query) => listEntityRecords(ctx, listRecordsQuerySchema.parse(query)),
};

/** A function that runs the list call behind `path` (e.g. `/api/leads?limit=50`) for the signed-in owner. */
export async function listCallOf(db: Database, path: string, ownerEmail: string) {
  const url = new URL(path, 'http://bench.invalid');
  const service = services[url.pathname];
  if (!service) throw new Error(`no list service known for ${url.pathname}`);
  const [owner] = await db
    .select({ id: users.id, organizationId: users.organizationId })
    .from(users)
    .where(eq(users.email, ownerEmail));
  const query = Object.fromEntries(url.searchParams);
  return (queryDb: Database) => service(ownerContext(queryDb, owner), query);
}
