import { and, desc, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { clients, leads, phoneDigits } from '../../db/schema/crm';
import { actorCan, type ServiceContext } from '../../lib/service-context';
import { inOrganization, queryFilter } from '../../lib/tenant-scope';

/** GET /api/leads/duplicates: what the lead and client forms check before saving. */
export const duplicatesQuerySchema = z.object({
  email: queryFilter(z.string().trim().max(320)),
  phone: queryFilter(z.string().trim().max(50)),
  excludeId: queryFilter(z.guid({ error: 'Invalid lead ID' })),
});

export type DuplicatesQuery = z.infer<typeof duplicatesQuerySchema>;

export interface DuplicateItem {
  kind: 'lead' | 'client';
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

/** Fewer digits than a local number would match far too much. */
const minPhoneDigits = 7;
const maxMatches = 20;

/**
 * Leads with the same e-mail (any case) or the same phone digits, and clients whose own e-mail or
 * phone matches or whose originating lead's does (clients converted before they carried contact
 * details have them only on the lead). `excludeId` leaves out the record being edited: that lead,
 * that client, and the client made from that lead.
 */
export async function findDuplicates(
  ctx: ServiceContext,
  query: DuplicatesQuery,
): Promise<{ items: DuplicateItem[] }> {
  const email = query.email?.toLowerCase();
  const digits = query.phone?.replace(/\D/g, '') ?? '';
  const phone = digits.length >= minPhoneDigits ? digits : undefined;
  if (!email && !phone) return { items: [] };
  // The same expressions as the (organization_id, lower(email)) and (organization_id, digits) indexes.
  const matchesOf = (table: typeof leads | typeof clients) =>
    or(
      email ? eq(sql`lower(${table.email})`, email) : undefined,
      phone ? eq(phoneDigits(table.phone), phone) : undefined,
    ) as SQL;
  const matches = matchesOf(leads);
  const excludeId = query.excludeId;

  const leadRows = await ctx.db
    .select({ id: leads.id, name: leads.fullName, email: leads.email, phone: leads.phone })
    .from(leads)
    .where(inOrganization(leads, ctx.orgId, matches, excludeId ? ne(leads.id, excludeId) : undefined))
    .orderBy(desc(leads.createdAt))
    .limit(maxMatches);

  // A client is a match only for whoever may read clients.
  const clientRows = actorCan(ctx.actor, 'clients', 'read')
    ? await findClientMatches(ctx, matchesOf, excludeId)
    : [];

  return {
    items: [
      ...leadRows.map((row) => ({ kind: 'lead' as const, ...row })),
      ...clientRows.map((row) => ({ kind: 'client' as const, ...row })),
    ],
  };
}

/** Clients whose own e-mail or phone matches, or whose originating lead's does. */
async function findClientMatches(
  ctx: ServiceContext,
  matchesOf: (table: typeof leads | typeof clients) => SQL,
  excludeId: string | undefined,
) {
  const matches = matchesOf(leads);
  const notExcluded = excludeId
    ? and(ne(clients.id, excludeId), or(isNull(clients.leadId), ne(clients.leadId, excludeId)))
    : undefined;
  // Two index lookups rather than one OR across the join, which no index could answer.
  const ownMatches = await ctx.db
    .select({
      id: clients.id,
      name: clients.displayName,
      email: clients.email,
      phone: clients.phone,
      createdAt: clients.createdAt,
    })
    .from(clients)
    .where(inOrganization(clients, ctx.orgId, matchesOf(clients), notExcluded))
    .orderBy(desc(clients.createdAt))
    .limit(maxMatches);
  const leadMatches = await ctx.db
    .select({
      id: clients.id,
      name: clients.displayName,
      email: sql<string | null>`coalesce(${clients.email}, ${leads.email})`,
      phone: sql<string | null>`coalesce(${clients.phone}, ${leads.phone})`,
      createdAt: clients.createdAt,
    })
    .from(clients)
    .innerJoin(leads, and(eq(leads.id, clients.leadId), eq(leads.organizationId, clients.organizationId)))
    .where(inOrganization(clients, ctx.orgId, matches, notExcluded))
    .orderBy(desc(clients.createdAt))
    .limit(maxMatches);
  const byId = new Map([...leadMatches, ...ownMatches].map((row) => [row.id, row]));
  return [...byId.values()]
    .toSorted((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, maxMatches)
    .map((row) => ({ id: row.id, name: row.name, email: row.email, phone: row.phone }));
}
