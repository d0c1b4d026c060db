import { and, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { clients, leads } from '../../db/schema/crm';
import { users } from '../../db/schema/identity';
import { actorCan, type ServiceContext } from '../../lib/service-context';
import { inOrganization } from '../../lib/tenant-scope';

export interface AddressSuggestion {
  name: string;
  email: string;
  entityType: 'lead' | 'client' | 'user';
  entityId: string;
}

const maxSuggestions = 10;

/** `term%` for LIKE on lowercased text, with the pattern characters of the term escaped. */
const prefixOf = (term: string) => `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A name or address that starts with the term, or a name with a word that does ("lee" finds "Ann Lee"). */
function matches(name: SQL | PgColumn, email: PgColumn, term: string | undefined): SQL | undefined {
  if (!term) return undefined;
  const prefix = prefixOf(term);
  return or(
    sql`lower(${email}) like ${prefix}`,
    sql`lower(${name}) like ${prefix}`,
    sql`lower(${name}) like ${`% ${prefix}`}`,
  );
}

/**
 * GET /api/email-addresses?search=: addresses for the To/Cc/Bcc fields from the leads and clients
 * the user may read and the organization's users, at most 10, each address once.
 */
export async function suggestAddresses(
  ctx: ServiceContext,
  search: string | undefined,
): Promise<AddressSuggestion[]> {
  const term = search?.trim() || undefined;
  const queries: Promise<AddressSuggestion[]>[] = [];
  if (actorCan(ctx.actor, 'leads', 'read')) {
    queries.push(
      ctx.db
        .select({ name: leads.fullName, email: sql<string>`${leads.email}`, entityId: leads.id })
        .from(leads)
        .where(
          inOrganization(
            leads,
            ctx.orgId,
            isNotNull(leads.email),
            sql`${leads.email} <> ''`,
            matches(leads.fullName, leads.email, term),
          ),
        )
        .orderBy(sql`lower(${leads.fullName})`)
        .limit(maxSuggestions)
        .then((rows) => rows.map((row) => ({ ...row, entityType: 'lead' as const }))),
    );
  }
  if (actorCan(ctx.actor, 'clients', 'read')) {
    queries.push(
      ctx.db
        .select({ name: clients.displayName, email: sql<string>`${clients.email}`, entityId: clients.id })
        .from(clients)
        .where(
          inOrganization(
            clients,
            ctx.orgId,
            isNotNull(clients.email),
            sql`${clients.email} <> ''`,
            matches(clients.displayName, clients.email, term),
          ),
        )
        .orderBy(sql`lower(${clients.displayName})`)
        .limit(maxSuggestions)
        .then((rows) => rows.map((row) => ({ ...row, entityType: 'client' as const }))),
    );
  }
  const userName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
  queries.push(
    ctx.db
      .select({ name: userName, email: users.email, entityId: users.id })
      .from(users)
      .where(
        and(
          eq(users.organizationId, ctx.orgId),
          eq(users.status, 'active'),
          matches(userName, users.email, term),
        ),
      )
      .orderBy(sql`lower(${users.firstName})`)
      .limit(maxSuggestions)
      .then((rows) => rows.map((row) => ({ ...row, entityType: 'user' as const }))),
  );
  const seen = new Set<string>();
  const suggestions: AddressSuggestion[] = [];
  for (const rows of await Promise.all(queries)) {
    for (const row of rows) {
      const key = row.email.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      suggestions.push(row);
    }
  }
  return suggestions.slice(0, maxSuggestions);
}
