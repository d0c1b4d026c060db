import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { clients, deals, leads } from '../../db/schema/crm';
import { documentInstances } from '../../db/schema/documents';
import { notFound } from '../../lib/app-error';
import { actorCan, isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import {
  clientOfDeal,
  dealFields,
  dealNotFoundMessage,
  dealPresenterFor,
  dealWithClientFields,
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

/** How many of the deal's latest documents its page names (the rest are counted). */
export const latestDocumentsShown = 3;

export interface DealDocument {
  id: string;
  name: string;
  status: string;
  createdAt: string;
}

const ofThisDeal = sql`${documentInstances.dealId} = ${deals.id} and ${documentInstances.organizationId} = ${deals.organizationId}`;

const documentsCount = sql<number>`(
  select count(*)::int from ${documentInstances} where ${ofThisDeal}
)`.mapWith(Number);

/** The deal's newest documents as one JSON value (the limit runs before the aggregate). */
const latestDocuments = sql<DealDocument[]>`coalesce((
  select json_agg(json_build_object('id', d.id, 'name', d.name, 'status', d.status, 'createdAt', d.created_at)
    order by d.created_at desc, d.id desc)
  from (
    select ${documentInstances.id} as id, ${documentInstances.name} as name,
      ${documentInstances.status} as status, ${documentInstances.createdAt} as created_at
    from ${documentInstances} where ${ofThisDeal}
    order by ${documentInstances.createdAt} desc, ${documentInstances.id} desc
    limit ${latestDocumentsShown}
  ) d
), '[]'::json)`;

/**
 * GET /api/deals/:id (and every write that answers the deal): the deal with its client's name,
 * the lead that client came from, its documents count and latest documents, in one query. Each
 * join carries the organization, so a client or lead of another organization never shows.
 */
export async function getDeal(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(dealNotFoundMessage);
  const [row] = await ctx.db
    .select({
      ...dealWithClientFields,
      leadId: leads.id,
      leadFullName: leads.fullName,
      documentsCount,
      latestDocuments,
    })
    .from(deals)
    .leftJoin(clients, clientOfDeal)
    .leftJoin(leads, and(eq(leads.id, clients.leadId), eq(leads.organizationId, ctx.orgId)))
    .where(rowInOrganization(deals, ctx.orgId, id))
    .limit(1);
  if (!row) throw notFound(dealNotFoundMessage);
  const { leadId, leadFullName, documentsCount: count, latestDocuments: documents, ...deal } = row;
  // The lead and the documents are shown only to whoever may read them.
  const showLead = actorCan(ctx.actor, 'leads', 'read') && actorCan(ctx.actor, 'clients', 'read');
  const showDocuments = actorCan(ctx.actor, 'documents', 'read');
  return {
    ...dealPresenterFor(ctx.actor)(deal),
    lead: showLead && leadId && leadFullName ? { id: leadId, fullName: leadFullName } : null,
    documentsCount: showDocuments ? count : 0,
    latestDocuments: showDocuments ? documents : [],
  };
}
