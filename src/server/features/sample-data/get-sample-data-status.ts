import { sql } from 'drizzle-orm';
import { clients, companies, deals, leads } from '../../db/schema/crm';
import { actorCan, type ServiceContext } from '../../lib/service-context';
import type { SampleDataCounts } from './sample-data-counts';

/** GET /api/sample-data: the organization's sample records per entity, counted in one statement. */
export async function getSampleDataStatus(ctx: ServiceContext): Promise<Partial<SampleDataCounts>> {
  const org = ctx.orgId;
  const result = (await ctx.db.execute(sql`
    select
      (select count(*)::int from ${leads} where ${leads.organizationId} = ${org} and ${leads.isSampleData}) as "leads",
      (select count(*)::int from ${clients} where ${clients.organizationId} = ${org} and ${clients.isSampleData}) as "clients",
      (select count(*)::int from ${companies} where ${companies.organizationId} = ${org} and ${companies.isSampleData}) as "companies",
      (select count(*)::int from ${deals} where ${deals.organizationId} = ${org} and ${deals.isSampleData}) as "deals"`)) as unknown as {
    rows: SampleDataCounts[];
  };
  const [row] = result.rows;
  // Each count only for whoever may read those records.
  const kinds = ['leads', 'clients', 'companies', 'deals'] as const;
  return Object.fromEntries(
    kinds.filter((kind) => actorCan(ctx.actor, kind, 'read')).map((kind) => [kind, row[kind]]),
  );
}
