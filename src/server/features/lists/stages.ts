import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { deals } from '../../db/schema/crm';
import { stages } from '../../db/schema/lists';
import { dealCountLabel } from '../../../common/deal-count-label';
import { conflict } from '../../lib/app-error';
import { closingStageNames } from '../deals/deal-closing';
import type { ServiceContext } from '../../lib/service-context';
import {
  createEntry,
  deleteEntry,
  findEntry,
  type ListFilters,
  listEntries,
  updateEntry,
} from './list-entries';
import { stagesResource } from './list-resources';
import type { CreateStageWithClosingInput, UpdateStageWithClosingInput } from './list-schemas';
import { assertPipeline } from './pipelines';
import { dealsLeavingTheBoard, stagesHoldDeals } from './stage-deals';

/*
 * Stages belong to one of the caller's pipelines. Deals sit in a stage by name (deals.stage is
 * free text), so names are unique within a pipeline, a rename carries the stage's deals along,
 * and a stage still holding deals cannot be deleted. Nor can it be switched off while the board
 * shows deals only in its column: they would vanish from the pipeline.
 */

export const stageHasDealsMessage = "Move this stage's deals to another stage before deleting it";
export const stageDeactivationMessage = (dealCount: number) =>
  `Move this stage's ${dealCountLabel(dealCount)} to another stage before deactivating it`;

export async function listStages(ctx: ServiceContext, filters: ListFilters) {
  if (filters.pipelineId) await assertPipeline(ctx.db, ctx.orgId, filters.pipelineId);
  return listEntries(ctx, stagesResource, filters);
}

export async function getStage(ctx: ServiceContext, id: string) {
  return findEntry(ctx.db, ctx.orgId, stagesResource, id);
}

async function assertNameFree(
  db: Database,
  orgId: string,
  pipelineId: string,
  name: string,
  exceptId?: string,
) {
  const conditions = [
    eq(stages.organizationId, orgId),
    eq(stages.pipelineId, pipelineId),
    sql`lower(${stages.name}) = lower(${name})`,
  ];
  if (exceptId) conditions.push(ne(stages.id, exceptId));
  const [taken] = await db
    .select({ id: stages.id })
    .from(stages)
    .where(and(...conditions))
    .limit(1);
  if (taken) throw conflict(stagesResource.duplicateMessage as string);
}

/** Whether another stage of the organization (in any pipeline) has this name. */
async function nameUsedElsewhere(db: Database, orgId: string, name: string, stageId: string) {
  const [row] = await db
    .select({ id: stages.id })
    .from(stages)
    .where(and(eq(stages.organizationId, orgId), eq(stages.name, name), ne(stages.id, stageId)))
    .limit(1);
  return Boolean(row);
}

export async function createStage(ctx: ServiceContext, input: CreateStageWithClosingInput) {
  await assertPipeline(ctx.db, ctx.orgId, input.pipelineId);
  await assertNameFree(ctx.db, ctx.orgId, input.pipelineId, input.name);
  return createEntry(ctx, stagesResource, input);
}

export async function updateStage(ctx: ServiceContext, id: string, input: UpdateStageWithClosingInput) {
  const current = await findEntry(ctx.db, ctx.orgId, stagesResource, id);
  const target = input.pipelineId ? await assertPipeline(ctx.db, ctx.orgId, input.pipelineId) : null;
  // Switched off, or moved into a switched-off pipeline: either way no longer a board column.
  const leavesBoard = input.isActive === false || target?.isActive === false;
  const pipelineId = input.pipelineId ?? (current.pipelineId as string);
  const name = input.name ?? current.name;
  if (name.toLowerCase() !== current.name.toLowerCase() || pipelineId !== current.pipelineId) {
    await assertNameFree(ctx.db, ctx.orgId, pipelineId, name, id);
  }
  return ctx.db.transaction(async (tx) => {
    if (leavesBoard) {
      const stranded = await dealsLeavingTheBoard(tx, ctx.orgId, eq(stages.id, id));
      if (stranded > 0) throw conflict(stageDeactivationMessage(stranded));
    }
    const row = await updateEntry(ctx, stagesResource, id, input, tx);
    if (name !== current.name && !(await nameUsedElsewhere(tx, ctx.orgId, current.name, id))) {
      // Raw SQL: moving deals with their renamed stage is not an edit of the deals (updatedAt stays).
      await tx.execute(sql`
        update ${deals} set ${sql.identifier('stage')} = ${name}
        where ${deals.organizationId} = ${ctx.orgId} and ${deals.stage} = ${current.name}`);
    }
    if (input.closingType !== undefined && input.closingType !== current.closingType) {
      // The stage's deals close or reopen with it, as if they had just entered it (the dashboard
      // counts wins by closedAt). Raw SQL again: the deals themselves were not edited.
      await tx.execute(sql`
        update ${deals} set ${sql.identifier('closed_at')} =
          case when ${deals.stage} in ${closingStageNames(ctx.orgId)} then coalesce(${deals.closedAt}, now()) end
        where ${deals.organizationId} = ${ctx.orgId} and ${deals.stage} = ${name}`);
    }
    return row;
  });
}

export async function deleteStage(ctx: ServiceContext, id: string) {
  await findEntry(ctx.db, ctx.orgId, stagesResource, id);
  if (await stagesHoldDeals(ctx.db, ctx.orgId, eq(stages.id, id))) throw conflict(stageHasDealsMessage);
  await deleteEntry(ctx, stagesResource, id);
}
