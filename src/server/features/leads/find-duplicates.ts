import { and, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
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
 * Leads with the same e-mail (any case) or the same phone digits, and clients whose originating
 * lead matches (clients carry no e-mail or phone of their own). `excludeId` leaves out the record
 * being edited: that lead, that client, and the client made from that lead.
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
  const matches = or(
    email ? eq(sql`lower(${leads.email})`, email) : undefined,
    phone ? eq(phoneDigits(leads.phone), phone) : undefined,
  ) as SQL;
  const excludeId = query.excludeId;

  const leadRows = await ctx.db
    .select({ id: leads.id, name: leads.fullName, email: leads.email, phone: leads.phone })
    .from(leads)
    .where(inOrganization(leads, ctx.orgId, matches, excludeId ? ne(leads.id, excludeId) : undefined))
    .orderBy(desc(leads.createdAt))
    .limit(maxMatches);

  // A client is a match only for whoever may read clients.
  const clientRows = !actorCan(ctx.actor, 'clients', 'read')
    ? []
    : await ctx.db
        .select({ id: clients.id, name: clients.displayName, email: leads.email, phone: leads.phone })
        .from(clients)
        .innerJoin(leads, and(eq(leads.id, clients.leadId), eq(leads.organizationId, clients.organizationId)))
        .where(
          inOrganization(
            clients,
            ctx.orgId,
            matches,
            excludeId ? and(ne(clients.id, excludeId), ne(clients.leadId, excludeId)) : undefined,
          ),
        )
        .orderBy(desc(clients.createdAt))
        .limit(maxMatches);

  return {
    items: [
      ...leadRows.map((row) => ({ kind: 'lead' as const, ...row })),
      ...clientRows.map((row) => ({ kind: 'client' as const, ...row })),
    ],
  };
}
