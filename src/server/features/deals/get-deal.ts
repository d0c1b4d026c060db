import type { Database } from '../../db';
import { clients, deals } from '../../db/schema/crm';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import {
  clientOfDeal,
  dealFields,
  dealNotFoundMessage,
  dealWithClientFields,
  presentDeal,
} from './present-deal';

/** A deal of the caller's organization, or 404 (another organization's id is "not found" too). */
export async function findDeal(db: Database, orgId: string, id: string) {
  if (!isUuid(id)) throw notFound(dealNotFoundMessage);
  const [deal] = await db
    .select(dealFields)
    .from(deals)
    .where(rowInOrganization(deals, orgId, id))
    .limit(1);
  if (!deal) throw notFound(dealNotFoundMessage);
  return deal;
}

/** GET /api/deals/:id: the deal with its client's name, in one query. */
export async function getDeal(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(dealNotFoundMessage);
  const [row] = await ctx.db
    .select(dealWithClientFields)
    .from(deals)
    .leftJoin(clients, clientOfDeal(ctx.orgId))
    .where(rowInOrganization(deals, ctx.orgId, id))
    .limit(1);
  if (!row) throw notFound(dealNotFoundMessage);
  return presentDeal(row);
}
