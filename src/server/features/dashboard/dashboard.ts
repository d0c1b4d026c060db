import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { daysUntil, parseAmount, surplusFieldKeys, toIsoDate } from '../../../common/surplus';
import { actorCan, type ServiceContext } from '../../lib/service-context';
import { closingStageNames } from '../deals/deal-closing';
import { objectRecordCounts } from '../objects/search-entity-records';

/*
 * The dashboard's figures, each computed by PostgreSQL (counts, sums and series in SQL; the
 * server only renames columns). Months and weeks are calendar periods in UTC; weeks start on
 * Monday. "Won" means a deal sits in a stage whose closingType is won, and its closedAt (when
 * it entered a closing stage) dates the win; later edits do not.
 */

/** Both drivers answer `{ rows }` to execute(); the shared result type does not say so. */
async function rowsOf<T>(ctx: ServiceContext, query: SQL): Promise<T[]> {
  const result = (await ctx.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Runs two queries one after the other: a request holds at most one pooled connection (PGlite
 * has only one anyway), and no query is left running when another fails.
 */
async function inTurn<A, B>(first: () => PromiseLike<A>, second: () => PromiseLike<B>): Promise<[A, B]> {
  const a = await first();
  return [a, await second()];
}

const claimDeadlineKey = sql.raw(`'${surplusFieldKeys.claimDeadline}'`);
const expectedFeeKey = sql.raw(`'${surplusFieldKeys.expectedFee}'`);
const surplusAmountKey = sql.raw(`'${surplusFieldKeys.surplusAmount}'`);

const monthStart = sql`date_trunc('month', now(), 'UTC')`;

interface SummaryRow {
  newLeads30: number;
  newLeadsMonth: number;
  leads90: number;
  converted90: number;
  wonMonth: number;
  wonValueMonth: string;
  expectedFees: string;
  overdueTasks: number;
}

interface StageRow {
  stage: string;
  count: number;
  totalValue: string;
}

/** Which of the dashboard's figures the caller may see: each follows its records' read permission. */
function readableFigures(ctx: ServiceContext) {
  return {
    leads: actorCan(ctx.actor, 'leads', 'read'),
    deals: actorCan(ctx.actor, 'deals', 'read'),
    activities: actorCan(ctx.actor, 'activities', 'read'),
  };
}

/** GET /api/dashboard/summary: the figures the caller may read (lead, deal and task figures). */
export async function getDashboardSummary(ctx: ServiceContext) {
  const org = ctx.orgId;
  const [summaryRows, stageRows] = await inTurn(
    () =>
      rowsOf<SummaryRow>(
        ctx,
        sql`
      select
        (select count(*)::int from leads where organization_id = ${org}
          and created_at >= now() - interval '30 days') as "newLeads30",
        (select count(*)::int from leads where organization_id = ${org}
          and created_at >= ${monthStart}) as "newLeadsMonth",
        (select count(*)::int from leads where organization_id = ${org}
          and created_at >= now() - interval '90 days') as "leads90",
        (select count(*)::int from leads where organization_id = ${org}
          and created_at >= now() - interval '90 days'
          and (lead_status = 'Converted' or converted_client_id is not null)) as "converted90",
        (select count(*)::int from deals where organization_id = ${org}
          and stage in ${closingStageNames(org, 'won')} and closed_at >= ${monthStart}) as "wonMonth",
        (select coalesce(sum(deal_value), 0)::text from deals where organization_id = ${org}
          and stage in ${closingStageNames(org, 'won')} and closed_at >= ${monthStart}) as "wonValueMonth",
        (select coalesce(sum(case when (custom_fields ->> ${expectedFeeKey}) ~ '^-?[0-9]+(\\.[0-9]+)?$'
            then (custom_fields ->> ${expectedFeeKey})::numeric end), 0)::text
          from deals where organization_id = ${org} and stage not in ${closingStageNames(org)}) as "expectedFees",
        (select count(*)::int from activities where organization_id = ${org}
          and type = 'task' and status = 'pending' and due_date < now())
        + (select count(*)::int from lead_activities where organization_id = ${org}
          and type = 'task' and status = 'pending' and due_date < now()) as "overdueTasks"`,
      ),
    () =>
      !actorCan(ctx.actor, 'deals', 'read')
        ? Promise.resolve([])
        : rowsOf<StageRow>(
            ctx,
            sql`
      select d.stage, count(*)::int as count, coalesce(sum(d.deal_value), 0)::text as "totalValue"
      from deals d
      where d.organization_id = ${org} and d.stage not in ${closingStageNames(org)}
      group by d.stage
      order by (select min(s.order_index) from stages s where s.organization_id = ${org} and s.name = d.stage)
        nulls last, d.stage`,
          ),
  );
  const row = summaryRows[0];
  const byStage = stageRows.map((s) => ({
    stage: s.stage,
    count: s.count,
    totalValue: Number(s.totalValue),
  }));
  const may = readableFigures(ctx);
  const objects = await objectRecordCounts(ctx);
  // A figure is in the answer only for whoever may read the records it counts.
  return {
    ...(may.leads && {
      newLeads: { last30Days: row.newLeads30, thisMonth: row.newLeadsMonth },
      leadConversion: {
        converted: row.converted90,
        total: row.leads90,
        /** converted / total over the last 90 days, 0 to 1 (4 decimals). */
        rate: row.leads90 === 0 ? 0 : Math.round((row.converted90 / row.leads90) * 10_000) / 10_000,
      },
    }),
    ...(may.deals && {
      openPipeline: {
        count: byStage.reduce((sum, s) => sum + s.count, 0),
        totalValue:
          Number(stageRows.reduce((sum, s) => sum + Number(s.totalValue) * 100, 0).toFixed(0)) / 100,
        byStage,
      },
      dealsWonThisMonth: { count: row.wonMonth, totalValue: Number(row.wonValueMonth) },
      expectedFees: Number(row.expectedFees),
    }),
    ...(may.activities && { overdueTasks: row.overdueTasks }),
    // Custom objects' record counts, only when there are objects the caller may read.
    ...(objects.length > 0 && { objects }),
  };
}

export const claimDeadlinesQuerySchema = z.object({
  days: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'Days must be between 1 and 365' })
      .int('Days must be a whole number')
      .min(1, 'Days must be between 1 and 365')
      .max(365, 'Days must be between 1 and 365')
      .default(30),
  ),
});

interface DeadlineRow {
  id: string;
  dealName: string;
  stage: string;
  claimDeadline: string;
  surplusAmount: string | null;
  expectedFee: string | null;
  relatedClient: string | null;
  clientName: string | null;
  total: number;
}

export const claimDeadlinesLimit = 200;

/**
 * GET /api/dashboard/claim-deadlines?days=30: open deals (not in a closing stage) whose claim
 * deadline falls between today and today + days (UTC), soonest first. The ISO date text is
 * compared as text, which the (organization_id, claimDeadline) expression index serves.
 */
export async function getClaimDeadlines(ctx: ServiceContext, days: number, now: Date = new Date()) {
  const today = toIsoDate(now) as string;
  const endExclusive = toIsoDate(new Date(Date.parse(today) + (days + 1) * 86_400_000)) as string;
  const org = ctx.orgId;
  const rows = await rowsOf<DeadlineRow>(
    ctx,
    sql`
    select d.id, d.deal_name as "dealName", d.stage,
      d.custom_fields ->> ${claimDeadlineKey} as "claimDeadline",
      d.custom_fields ->> ${surplusAmountKey} as "surplusAmount",
      d.custom_fields ->> ${expectedFeeKey} as "expectedFee",
      d.related_client as "relatedClient", cl.display_name as "clientName",
      count(*) over ()::int as total
    from deals d
    left join clients cl on cl.id = d.related_client and cl.organization_id = ${org}
    where d.organization_id = ${org}
      and (d.custom_fields ->> ${claimDeadlineKey}) >= ${today}
      and (d.custom_fields ->> ${claimDeadlineKey}) < ${endExclusive}
      and d.stage not in ${closingStageNames(org)}
    order by (d.custom_fields ->> ${claimDeadlineKey}), d.id
    limit ${claimDeadlinesLimit}`,
  );
  const showClients = actorCan(ctx.actor, 'clients', 'read');
  return {
    days,
    from: today,
    items: rows.map((row) => ({
      dealId: row.id,
      dealName: row.dealName,
      stage: row.stage,
      claimDeadline: toIsoDate(row.claimDeadline) ?? row.claimDeadline,
      daysRemaining: daysUntil(row.claimDeadline, today),
      surplusAmount: parseAmount(row.surplusAmount),
      expectedFee: parseAmount(row.expectedFee),
      relatedClient:
        showClients && row.relatedClient && row.clientName !== null
          ? { id: row.relatedClient, displayName: row.clientName }
          : null,
    })),
    total: rows[0]?.total ?? 0,
  };
}

interface WeekRow {
  weekStart: string;
  count: number;
}

interface MonthRow {
  month: string;
  count: number;
  totalValue: string;
}

/** GET /api/dashboard/trends: leads per week (12 weeks) and deals won per month (6 months), gaps as 0. */
export async function getDashboardTrends(ctx: ServiceContext) {
  const org = ctx.orgId;
  const [weeks, months] = await inTurn(
    () =>
      rowsOf<WeekRow>(
        ctx,
        sql`
      with weeks as (
        select generate_series(
          date_trunc('week', now() at time zone 'UTC') - interval '11 weeks',
          date_trunc('week', now() at time zone 'UTC'),
          interval '1 week') as start
      )
      select to_char(w.start, 'YYYY-MM-DD') as "weekStart", count(l.id)::int as count
      from weeks w
      left join leads l on l.organization_id = ${org}
        and l.created_at >= (w.start at time zone 'UTC')
        and l.created_at < ((w.start + interval '1 week') at time zone 'UTC')
      group by w.start
      order by w.start`,
      ),
    () =>
      rowsOf<MonthRow>(
        ctx,
        sql`
      with months as (
        select generate_series(
          date_trunc('month', now() at time zone 'UTC') - interval '5 months',
          date_trunc('month', now() at time zone 'UTC'),
          interval '1 month') as start
      )
      select to_char(m.start, 'YYYY-MM') as month, count(d.id)::int as count,
        coalesce(sum(d.deal_value), 0)::text as "totalValue"
      from months m
      left join deals d on d.organization_id = ${org}
        and d.stage in ${closingStageNames(org, 'won')}
        and d.closed_at >= (m.start at time zone 'UTC')
        and d.closed_at < ((m.start + interval '1 month') at time zone 'UTC')
      group by m.start
      order by m.start`,
      ),
  );
  const may = readableFigures(ctx);
  return {
    ...(may.leads && { leadsPerWeek: weeks.map((w) => ({ weekStart: w.weekStart, count: w.count })) }),
    ...(may.deals && {
      dealsWonPerMonth: months.map((m) => ({
        month: m.month,
        count: m.count,
        totalValue: Number(m.totalValue),
      })),
    }),
  };
}
