import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { parseAmount, surplusFieldKeys } from '../../../common/surplus';
import { clients, deals } from '../../db/schema/crm';
import { users } from '../../db/schema/identity';
import { pipelines, stages } from '../../db/schema/lists';
import { selectRows } from '../../db/select-rows';
import { notFound } from '../../lib/app-error';
import {
  cursorField,
  defaultPageSize,
  encodeCursor,
  invalidCursorMessage,
  type KeysetSpec,
  keysetPage,
  maxPageSize,
  planKeysetPage,
} from '../../lib/keyset-pagination';
import { type Actor, actorCan, type ServiceContext } from '../../lib/service-context';
import { findEntry } from '../lists/list-entries';
import { pipelinesResource } from '../lists/list-resources';

/*
 * The pipeline board: a pipeline's active stages as columns, each with its deal count and total
 * value (one grouped query) and its newest cards (one lateral query over the
 * (organization_id, stage, updated_at desc, id) index), then keyset pages per column.
 */

export const stageNotFoundMessage = 'Stage not found';
const sortKey = '-updatedAt';

/**
 * Runs two queries one after the other: a request holds at most one pooled connection (PGlite
 * has only one anyway), and no query is left running when another fails.
 */
async function inTurn<A, B>(first: () => PromiseLike<A>, second: () => PromiseLike<B>): Promise<[A, B]> {
  const a = await first();
  return [a, await second()];
}

const perColumnField = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.coerce
    .number({ error: 'Per column must be a number' })
    .int('Per column must be a whole number')
    .min(1, 'Per column must be at least 1')
    .transform((n) => Math.min(n, maxPageSize))
    .optional(),
);

export const boardQuerySchema = z.object({ perColumn: perColumnField });

export const boardColumnQuerySchema = z.object({
  cursor: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().max(4096, invalidCursorMessage).optional(),
  ),
  limit: perColumnField,
});

/** The columns a card needs, as the lateral board query and the column query both select them. */
interface CardRow {
  id: string;
  dealName: string;
  dealValue: string | null;
  closeProbability: number | null;
  assignedOwner: string | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  relatedClient: string | null;
  clientName: string | null;
  expectedCloseDate: string | null;
  stage: string;
  updatedAt: Date | string;
  surplusAmount: string | null;
  expectedFee: string | null;
  claimDeadline: string | null;
}

export function presentCard(row: CardRow) {
  return {
    id: row.id,
    dealName: row.dealName,
    dealValue: row.dealValue === null ? null : Number(row.dealValue),
    closeProbability: row.closeProbability,
    stage: row.stage,
    assignedOwner: row.assignedOwner,
    assignedOwnerName:
      row.assignedOwner && row.ownerFirstName !== null
        ? `${row.ownerFirstName} ${row.ownerLastName ?? ''}`.trim()
        : null,
    relatedClient:
      row.relatedClient && row.clientName !== null
        ? { id: row.relatedClient, displayName: row.clientName }
        : null,
    expectedCloseDate: row.expectedCloseDate,
    updatedAt: new Date(row.updatedAt).toISOString(),
    surplus: {
      surplusAmount: parseAmount(row.surplusAmount),
      expectedFee: parseAmount(row.expectedFee),
      claimDeadline: row.claimDeadline,
    },
  };
}

export type BoardCard = ReturnType<typeof presentCard>;

/** Cards as `actor` may see them: without clients:read a card names no client. */
function cardPresenterFor(actor: Actor) {
  if (actorCan(actor, 'clients', 'read')) return presentCard;
  return (row: CardRow) => ({ ...presentCard(row), relatedClient: null });
}

const jsonText = (key: string) => sql<string | null>`${deals.customFields} ->> ${sql.raw(`'${key}'`)}`;

/** Card columns for a drizzle select over deals ⟕ clients ⟕ users. */
const cardFields = {
  id: deals.id,
  dealName: deals.dealName,
  dealValue: sql<string | null>`${deals.dealValue}::text`,
  closeProbability: deals.closeProbability,
  assignedOwner: deals.assignedOwner,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  relatedClient: deals.relatedClient,
  clientName: clients.displayName,
  expectedCloseDate: sql<string | null>`${deals.expectedCloseDate}::text`,
  stage: deals.stage,
  updatedAt: deals.updatedAt,
  surplusAmount: jsonText(surplusFieldKeys.surplusAmount),
  expectedFee: jsonText(surplusFieldKeys.expectedFee),
  claimDeadline: jsonText(surplusFieldKeys.claimDeadline),
};

async function activeStagesOf(ctx: ServiceContext, pipelineId: string) {
  return ctx.db
    .select({
      id: stages.id,
      name: stages.name,
      probability: stages.probability,
      orderIndex: stages.orderIndex,
      closingType: stages.closingType,
    })
    .from(stages)
    .where(
      and(eq(stages.organizationId, ctx.orgId), eq(stages.pipelineId, pipelineId), eq(stages.isActive, true)),
    )
    .orderBy(asc(stages.orderIndex), asc(stages.name), asc(stages.id));
}

/** Both drivers answer `{ rows }` to execute(); the shared result type does not say so. */
async function rowsOf<T>(ctx: ServiceContext, query: SQL): Promise<T[]> {
  const result = (await ctx.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Each stage's deal count and total value, and whether an active stage of an active pipeline has
 * its name. Deals in a stage no board shows (the API's default "proposal", an import, a stage
 * switched off long ago) are counted, so the board can point to them instead of hiding them.
 */
async function stageTotalsOf(ctx: ServiceContext) {
  return rowsOf<{ stage: string; count: number; totalValue: string; placed: boolean }>(
    ctx,
    sql`
    select d.stage, count(*)::int as "count", coalesce(sum(d.deal_value), 0)::text as "totalValue",
      exists (
        select 1 from ${stages} s join ${pipelines} p on p.id = s.pipeline_id
        where s.organization_id = ${ctx.orgId} and s.name = d.stage and s.is_active and p.is_active
      ) as "placed"
    from ${deals} d
    where d.organization_id = ${ctx.orgId}
    group by d.stage`,
  );
}

/** GET /api/pipelines/:id/board */
export async function getBoard(ctx: ServiceContext, pipelineId: string, perColumn = defaultPageSize) {
  const pipeline = await findEntry(ctx.db, ctx.orgId, pipelinesResource, pipelineId);
  const columns = await activeStagesOf(ctx, pipeline.id);
  const names = [...new Set(columns.map((c) => c.name))];
  const totals = new Map<string, { count: number; totalValue: number }>();
  const cards = new Map<string, (CardRow & { cursorValue: string })[]>(names.map((name) => [name, []]));

  const [aggregates, cardRows] = await inTurn(
    () => stageTotalsOf(ctx),
    () =>
      names.length === 0
        ? Promise.resolve([])
        : rowsOf<CardRow & { cursorValue: string }>(
            ctx,
            sql`
        select d.id, d.deal_name as "dealName", d.deal_value::text as "dealValue",
          d.close_probability as "closeProbability", d.assigned_owner as "assignedOwner",
          u.first_name as "ownerFirstName", u.last_name as "ownerLastName",
          d.related_client as "relatedClient", cl.display_name as "clientName",
          d.expected_close_date::text as "expectedCloseDate", d.stage, d.updated_at as "updatedAt", d.updated_at::text as "cursorValue",
          d.custom_fields ->> ${sql.raw(`'${surplusFieldKeys.surplusAmount}'`)} as "surplusAmount",
          d.custom_fields ->> ${sql.raw(`'${surplusFieldKeys.expectedFee}'`)} as "expectedFee",
          d.custom_fields ->> ${sql.raw(`'${surplusFieldKeys.claimDeadline}'`)} as "claimDeadline"
        from unnest(array[${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )}]::text[]) as col(name)
        cross join lateral (
          select * from ${deals}
          where ${deals.organizationId} = ${ctx.orgId} and ${deals.stage} = col.name
          order by ${deals.updatedAt} desc, ${deals.id} desc
          limit ${perColumn + 1}
        ) d
        left join ${clients} cl on cl.id = d.related_client and cl.organization_id = ${ctx.orgId}
        left join ${users} u on u.id = d.assigned_owner and u.organization_id = ${ctx.orgId}
        order by d.updated_at desc, d.id desc`,
          ),
  );
  const unplaced: { name: string; count: number }[] = [];
  for (const row of aggregates) {
    totals.set(row.stage, { count: row.count, totalValue: Number(row.totalValue) });
    if (!row.placed) unplaced.push({ name: row.stage, count: row.count });
  }
  for (const row of cardRows) cards.get(row.stage)?.push(row);

  return {
    pipeline: { id: pipeline.id, name: pipeline.name, isDefault: pipeline.isDefault },
    unplaced: {
      count: unplaced.reduce((sum, stage) => sum + stage.count, 0),
      stages: unplaced.toSorted((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    },
    columns: columns.map((stage) => {
      const rows = cards.get(stage.name) ?? [];
      const page = rows.slice(0, perColumn);
      const last = page.at(-1);
      return {
        stage,
        count: totals.get(stage.name)?.count ?? 0,
        totalValue: totals.get(stage.name)?.totalValue ?? 0,
        items: page.map(cardPresenterFor(ctx.actor)),
        nextCursor:
          rows.length > perColumn && last
            ? encodeCursor({ s: sortKey, v: last.cursorValue, id: last.id })
            : null,
      };
    }),
  };
}

const columnSpec: KeysetSpec = {
  sortable: { updatedAt: deals.updatedAt },
  defaultSort: sortKey,
  id: deals.id,
};

/** GET /api/pipelines/:id/board/:stageName?cursor= — the next cards of one column. */
export async function getBoardColumn(
  ctx: ServiceContext,
  pipelineId: string,
  stageName: string,
  query: { cursor?: string; limit?: number },
) {
  const pipeline = await findEntry(ctx.db, ctx.orgId, pipelinesResource, pipelineId);
  const [stage] = await ctx.db
    .select({ id: stages.id })
    .from(stages)
    .where(
      and(
        eq(stages.organizationId, ctx.orgId),
        eq(stages.pipelineId, pipeline.id),
        eq(stages.name, stageName),
        eq(stages.isActive, true),
      ),
    )
    .limit(1);
  if (!stage) throw notFound(stageNotFoundMessage);
  const plan = planKeysetPage({ cursor: query.cursor, limit: query.limit, sort: sortKey }, columnSpec);
  const where = and(eq(deals.organizationId, ctx.orgId), eq(deals.stage, stageName));
  const [rows, [{ total }]] = await inTurn(
    () =>
      selectRows(ctx.db, { ...cardFields, [cursorField]: plan.cursorValue }, (select) =>
        select
          .from(deals)
          .leftJoin(clients, and(eq(clients.id, deals.relatedClient), eq(clients.organizationId, ctx.orgId)))
          .leftJoin(users, and(eq(users.id, deals.assignedOwner), eq(users.organizationId, ctx.orgId)))
          .where(plan.after ? and(where, plan.after) : where)
          .orderBy(...plan.orderBy)
          .limit(plan.fetch),
      ),
    () => ctx.db.select({ total: count() }).from(deals).where(where),
  );
  return keysetPage(
    rows as (CardRow & { [cursorField]: string | null })[],
    plan,
    total,
    cardPresenterFor(ctx.actor),
  );
}
