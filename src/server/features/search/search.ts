import { and, asc, desc, eq, ilike, like, not, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { maxLength } from '../../../common/validation/common';
import { caseSearchText, clients, companies, deals, leads, phoneDigits } from '../../db/schema/crm';
import { containsPattern, prefixPattern, searchRanking } from '../../lib/keyset-pagination';
import { mayBeInEmail } from '../../lib/search-terms';
import { actorCan, type ServiceContext } from '../../lib/service-context';
import { searchEntityRecords } from '../objects/search-entity-records';

/*
 * GET /api/search?q= — the header's global search: up to 5 matches from each kind of record
 * the caller may read (leads, clients, companies, deals), best matches (prefix) first.
 */

export const searchLimitPerKind = 5;

export const searchQuerySchema = z.object({
  q: z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z.string({ error: 'Search must be text' }).trim().max(maxLength.search, 'Search is too long'),
  ),
});

export type SearchKind = 'lead' | 'client' | 'company' | 'deal' | 'entity_record';

export interface SearchResult {
  kind: SearchKind;
  id: string;
  title: string;
  subtitle: string | null;
  url: string;
  /** A custom record's object type. */
  entityType?: string;
}

/** Prefix matches of the title first, then by title. */
const bestFirst = (title: AnyPgColumn, term: string) => [
  desc(sql`(${title} ilike ${prefixPattern(term)})`),
  asc(sql`lower(${title})`),
];

const joinParts = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ') || null;

/** How the results are shown to the caller: phones in their chosen format (users.phoneNumberFormat). */
export interface SearchDisplay {
  phoneFormat?: string | null;
}

const leadResultFields = {
  id: leads.id,
  fullName: leads.fullName,
  businessName: leads.businessName,
  email: leads.email,
  phone: leads.phone,
};

/** Up to `limit` of the caller's leads under `where`, in `order` when given. */
function readLeads(ctx: ServiceContext, where: SQL | undefined, limit: number, order?: SQL) {
  const query = ctx.db
    .select(leadResultFields)
    .from(leads)
    .where(and(eq(leads.organizationId, ctx.orgId), where))
    .limit(limit);
  return order ? query.orderBy(order, asc(leads.id)) : query;
}

/** Name order (lower case, then id), as the prefix tier comes from its index. */
function byName(a: { fullName: string; id: string }, b: { fullName: string; id: string }) {
  const [x, y] = [a.fullName.toLowerCase(), b.fullName.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1;
}

/**
 * Leads in tiers, so a million-lead tenant answers in a few milliseconds whatever the term: names
 * starting with the term (exact first, in name order), then names with a later word starting with
 * it ("johns": every Johnson), each read as a range of its index (`searchRanking`); then, if the
 * tiers need more, other matches (inside the name, e-mail, phone, business, case identifiers) as
 * the trigram indexes find them, without sorting every match. The later tiers are shown in name
 * order among themselves.
 */
async function searchLeads(
  ctx: ServiceContext,
  term: string,
  display: SearchDisplay,
): Promise<SearchResult[]> {
  const pattern = containsPattern(term);
  const { tiers } = searchRanking(leads.fullName, term);
  let rows: Awaited<ReturnType<typeof readLeads>> = [];
  for (const [index, tier] of tiers.entries()) {
    if (rows.length >= searchLimitPerKind) break;
    const read = await readLeads(ctx, tier.matches, searchLimitPerKind - rows.length, tier.order);
    rows = [...rows, ...(index === 0 ? read : read.toSorted(byName))];
  }
  if (rows.length < searchLimitPerKind) {
    const matches: (SQL | undefined)[] = [
      ilike(leads.fullName, pattern),
      mayBeInEmail(term) ? ilike(leads.email, pattern) : undefined,
      // No `ilike` on the phone as stored: no index has it, and one unindexed branch turns the
      // whole OR into a scan of every lead (1.5 s on the bench tenant). Phones match by digits.
      ilike(leads.businessName, pattern),
      // A surplus case by its case number, parcel number, property address or county (indexed).
      ilike(caseSearchText(leads.customFields), pattern),
    ];
    const digits = term.replace(/\D/g, '');
    // "(555) 010-1234" finds "555-010-1234": phone numbers also match on their digits.
    if (digits.length >= 3) matches.push(like(phoneDigits(leads.phone), containsPattern(digits)));
    const outsideTiers = tiers.map((tier) => not(tier.matches));
    const others = await readLeads(
      ctx,
      and(or(...matches), ...outsideTiers),
      searchLimitPerKind - rows.length,
    );
    rows = [...rows, ...others.toSorted(byName)];
  }
  // libphonenumber's metadata loads with the first search, not with every start (issue 21 §5).
  const { formatPhone } = await import('../../../common/phone-format');
  return rows.map((row) => ({
    kind: 'lead',
    id: row.id,
    title: row.fullName,
    subtitle: joinParts(row.businessName, row.email ?? formatPhone(row.phone, display.phoneFormat)),
    url: `/leads/${row.id}`,
  }));
}

async function searchClients(ctx: ServiceContext, term: string): Promise<SearchResult[]> {
  const pattern = containsPattern(term);
  const digits = term.replace(/\D/g, '');
  const rows = await ctx.db
    .select({ id: clients.id, displayName: clients.displayName, status: clients.status })
    .from(clients)
    .where(
      and(
        eq(clients.organizationId, ctx.orgId),
        or(
          ilike(clients.displayName, pattern),
          mayBeInEmail(term) ? ilike(clients.email, pattern) : undefined,
          digits.length >= 3 ? like(phoneDigits(clients.phone), containsPattern(digits)) : undefined,
        ),
      ),
    )
    .orderBy(...bestFirst(clients.displayName, term), asc(clients.id))
    .limit(searchLimitPerKind);
  return rows.map((row) => ({
    kind: 'client',
    id: row.id,
    title: row.displayName,
    subtitle: row.status,
    url: `/clients/${row.id}`,
  }));
}

async function searchCompanies(ctx: ServiceContext, term: string): Promise<SearchResult[]> {
  const rows = await ctx.db
    .select({
      id: companies.id,
      companyName: companies.companyName,
      industry: companies.industry,
      website: companies.website,
    })
    .from(companies)
    .where(and(eq(companies.organizationId, ctx.orgId), ilike(companies.companyName, containsPattern(term))))
    .orderBy(...bestFirst(companies.companyName, term), asc(companies.id))
    .limit(searchLimitPerKind);
  return rows.map((row) => ({
    kind: 'company',
    id: row.id,
    title: row.companyName,
    subtitle: joinParts(row.industry, row.website),
    url: `/companies?open=${row.id}`,
  }));
}

async function searchDeals(ctx: ServiceContext, term: string): Promise<SearchResult[]> {
  const rows = await ctx.db
    .select({ id: deals.id, dealName: deals.dealName, stage: deals.stage, dealValue: deals.dealValue })
    .from(deals)
    .where(
      and(
        eq(deals.organizationId, ctx.orgId),
        or(
          ilike(deals.dealName, containsPattern(term)),
          ilike(caseSearchText(deals.customFields), containsPattern(term)),
        ),
      ),
    )
    .orderBy(...bestFirst(deals.dealName, term), asc(deals.id))
    .limit(searchLimitPerKind);
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return rows.map((row) => ({
    kind: 'deal',
    id: row.id,
    title: row.dealName,
    subtitle: joinParts(row.stage, row.dealValue === null ? null : money.format(Number(row.dealValue))),
    url: `/deals/${row.id}`,
  }));
}

const searches: [
  Exclude<SearchKind, 'entity_record'>,
  string,
  (ctx: ServiceContext, term: string, display: SearchDisplay) => Promise<SearchResult[]>,
][] = [
  ['lead', 'leads', searchLeads],
  ['client', 'clients', searchClients],
  ['company', 'companies', searchCompanies],
  ['deal', 'deals', searchDeals],
];

/** Only the kinds the caller may read are searched; an empty query finds nothing. */
export async function globalSearch(
  ctx: ServiceContext,
  q: string,
  display: SearchDisplay = {},
): Promise<{ results: SearchResult[] }> {
  const term = q.trim();
  if (!term) return { results: [] };
  const results: SearchResult[] = [];
  // One after another: four small index lookups, and one pooled connection per request at most.
  for (const [, category, search] of searches) {
    if (actorCan(ctx.actor, category, 'read')) results.push(...(await search(ctx, term, display)));
  }
  results.push(...(await searchEntityRecords(ctx, term, searchLimitPerKind)));
  return { results };
}
