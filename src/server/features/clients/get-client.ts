import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { clients, deals, leads } from '../../db/schema/crm';
import { documentInstances } from '../../db/schema/documents';
import { notFound } from '../../lib/app-error';
import { actorCan, isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { clientFields, clientNotFoundMessage, presentClient } from './present-client';

/** A client of the caller's organization, or 404 (another organization's id is "not found" too). */
export async function findClient(db: Database, orgId: string, id: string) {
  if (!isUuid(id)) throw notFound(clientNotFoundMessage);
  const [client] = await db
    .select(clientFields)
    .from(clients)
    .where(rowInOrganization(clients, orgId, id))
    .limit(1);
  if (!client) throw notFound(clientNotFoundMessage);
  return client;
}

export interface ClientDeal {
  id: string;
  dealName: string;
  stage: string;
  dealValue: number | null;
}

/** The client's deals, newest first, as one JSON value (json numbers: dealValue is a number). */
const relatedDeals = sql<ClientDeal[]>`coalesce((
  select json_agg(json_build_object(
    'id', ${deals.id}, 'dealName', ${deals.dealName}, 'stage', ${deals.stage}, 'dealValue', ${deals.dealValue}
  ) order by ${deals.createdAt} desc, ${deals.id} desc)
  from ${deals}
  where ${deals.relatedClient} = ${clients.id} and ${deals.organizationId} = ${clients.organizationId}
), '[]'::json)`;

const documentsCount = sql<number>`(
  select count(*)::int from ${documentInstances}
  where ${documentInstances.clientId} = ${clients.id} and ${documentInstances.organizationId} = ${clients.organizationId}
)`.mapWith(Number);

/**
 * GET /api/clients/:id: the client with its deals (id, name, stage, value), its documents count
 * and the lead it came from, in one query (subqueries and a join, no N+1).
 */
export async function getClient(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(clientNotFoundMessage);
  const [row] = await ctx.db
    .select({
      client: clientFields,
      deals: relatedDeals,
      documentsCount,
      leadId: leads.id,
      leadFullName: leads.fullName,
    })
    .from(clients)
    .leftJoin(leads, and(eq(leads.id, clients.leadId), eq(leads.organizationId, clients.organizationId)))
    .where(rowInOrganization(clients, ctx.orgId, id))
    .limit(1);
  if (!row) throw notFound(clientNotFoundMessage);
  const may = (category: string) => actorCan(ctx.actor, category, 'read');
  // Each related section is there only for whoever may read its records.
  return {
    ...presentClient(row.client),
    ...(may('deals') && {
      deals: row.deals.map((deal) => ({
        ...deal,
        dealValue: deal.dealValue === null ? null : Number(deal.dealValue),
      })),
    }),
    documentsCount: may('documents') ? row.documentsCount : 0,
    lead:
      may('leads') && row.leadId && row.leadFullName ? { id: row.leadId, fullName: row.leadFullName } : null,
  };
}
