import { and, count, eq, inArray, not, notInArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db';
import { deals } from '../../db/schema/crm';
import { pipelines, stages } from '../../db/schema/lists';

/*
 * A deal names its stage as text, so it sits in every stage of the organization with that name:
 * a stage leaving (deleted, or switched off the board) strands only the deals no other stage
 * with the same name keeps.
 */

function strandedDeals(db: Database, orgId: string, leaving: SQL, keeping: SQL) {
  const namesOf = (which: SQL) =>
    db
      .select({ name: stages.name })
      .from(stages)
      .where(and(eq(stages.organizationId, orgId), which));
  return and(
    eq(deals.organizationId, orgId),
    inArray(deals.stage, namesOf(leaving)),
    notInArray(deals.stage, namesOf(keeping)),
  );
}

/** Whether deals sit in the stages `leaving` selects (a condition on stages) and in no other stage. */
export async function stagesHoldDeals(db: Database, orgId: string, leaving: SQL) {
  const [held] = await db
    .select({ id: deals.id })
    .from(deals)
    .where(strandedDeals(db, orgId, leaving, not(leaving)))
    .limit(1);
  return Boolean(held);
}

/** An active stage of an active pipeline: a column on a pipeline board. */
const onBoard = (db: Database, orgId: string) =>
  and(
    eq(stages.isActive, true),
    inArray(
      stages.pipelineId,
      db
        .select({ id: pipelines.id })
        .from(pipelines)
        .where(and(eq(pipelines.organizationId, orgId), eq(pipelines.isActive, true))),
    ),
  ) as SQL;

/**
 * How many deals would drop off every pipeline board if the stages `which` selects stopped being
 * columns (a stage or a whole pipeline switched off): deals only those columns show. Stages that
 * are no column already change nothing.
 */
export async function dealsLeavingTheBoard(db: Database, orgId: string, which: SQL) {
  const columns = onBoard(db, orgId);
  const [{ total }] = await db
    .select({ total: count() })
    .from(deals)
    .where(strandedDeals(db, orgId, and(which, columns) as SQL, and(columns, not(which)) as SQL));
  return total;
}
