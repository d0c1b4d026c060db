import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { dealCountLabel } from '../../../common/deal-count-label';
import type { CreatePipelineInput, UpdatePipelineInput } from '../../../common/validation/lists';
import type { Database } from '../../db';
import { organizations } from '../../db/schema/identity';
import { pipelines, stages } from '../../db/schema/lists';
import { conflict, invalidField } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import {
  createEntry,
  deleteEntry,
  findEntry,
  type ListFilters,
  listAnswer,
  listEntries,
  type ListRow,
  updateEntry,
} from './list-entries';
import { pipelinesResource } from './list-resources';
import { dealsLeavingTheBoard, stagesHoldDeals } from './stage-deals';

/*
 * Pipelines: a configurable list whose answers carry their stages (by orderIndex), with one
 * rule of their own: an organization always has exactly one default pipeline.
 */

export const defaultRequiredMessage = 'Make another pipeline the default first';
export const defaultInactiveMessage = 'The default pipeline cannot be deactivated';
export const lastPipelineMessage = 'An organization needs at least one pipeline';
export const pipelineHasDealsMessage = "Move this pipeline's deals to another pipeline before deleting it";
export const pipelineDeactivationMessage = (dealCount: number) =>
  `Move this pipeline's ${dealCountLabel(dealCount)} to another pipeline before deactivating it`;

type StageRow = typeof stages.$inferSelect;

async function stagesByPipeline(db: Database, orgId: string, pipelineIds: string[], activeOnly?: boolean) {
  const byPipeline = new Map<string, StageRow[]>(pipelineIds.map((id) => [id, []]));
  if (pipelineIds.length === 0) return byPipeline;
  const conditions = [eq(stages.organizationId, orgId), inArray(stages.pipelineId, pipelineIds)];
  if (activeOnly) conditions.push(eq(stages.isActive, true));
  const rows = await db
    .select()
    .from(stages)
    .where(and(...conditions))
    .orderBy(asc(stages.orderIndex), asc(stages.name), asc(stages.id));
  for (const row of rows) byPipeline.get(row.pipelineId)?.push(row);
  return byPipeline;
}

async function withStages(db: Database, orgId: string, pipeline: ListRow, activeOnly?: boolean) {
  const byPipeline = await stagesByPipeline(db, orgId, [pipeline.id], activeOnly);
  return { ...pipeline, stages: byPipeline.get(pipeline.id) ?? [] };
}

/** GET /api/pipelines: each with its stages (only active ones under `?active=true`). */
export async function listPipelines(ctx: ServiceContext, filters: ListFilters) {
  const { items } = await listEntries(ctx, pipelinesResource, filters);
  const byPipeline = await stagesByPipeline(
    ctx.db,
    ctx.orgId,
    items.map((p) => p.id),
    (filters.active ?? filters.isActive) === true,
  );
  return listAnswer(items.map((pipeline) => ({ ...pipeline, stages: byPipeline.get(pipeline.id) ?? [] })));
}

export async function getPipeline(ctx: ServiceContext, id: string) {
  return withStages(ctx.db, ctx.orgId, await findEntry(ctx.db, ctx.orgId, pipelinesResource, id));
}

/** Serialises default changes per organization (the partial unique index is the last wall). */
async function lockOrganization(tx: Database, orgId: string) {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('update');
}

async function clearDefault(tx: Database, orgId: string, exceptId?: string) {
  const conditions = [eq(pipelines.organizationId, orgId), eq(pipelines.isDefault, true)];
  if (exceptId) conditions.push(ne(pipelines.id, exceptId));
  await tx
    .update(pipelines)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(...conditions));
}

async function hasDefault(tx: Database, orgId: string) {
  const [row] = await tx
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(and(eq(pipelines.organizationId, orgId), eq(pipelines.isDefault, true)))
    .limit(1);
  return Boolean(row);
}

/** A new default pipeline takes over from the old one; the first pipeline is always the default. */
export async function createPipeline(ctx: ServiceContext, input: CreatePipelineInput) {
  const row = await ctx.db.transaction(async (tx) => {
    await lockOrganization(tx, ctx.orgId);
    let isDefault = input.isDefault === true;
    if (isDefault) await clearDefault(tx, ctx.orgId);
    else if (!(await hasDefault(tx, ctx.orgId))) isDefault = true;
    return createEntry(ctx, pipelinesResource, { ...input, isDefault }, tx);
  });
  return { ...row, stages: [] };
}

export async function updatePipeline(ctx: ServiceContext, id: string, input: UpdatePipelineInput) {
  const row = await ctx.db.transaction(async (tx) => {
    await lockOrganization(tx, ctx.orgId);
    const current = await findEntry(tx, ctx.orgId, pipelinesResource, id);
    if (input.isDefault === false && current.isDefault) {
      throw invalidField('isDefault', defaultRequiredMessage);
    }
    const willBeDefault = input.isDefault ?? current.isDefault;
    if (willBeDefault && input.isActive === false) {
      throw invalidField('isActive', defaultInactiveMessage);
    }
    if (input.isActive === false) {
      // Its stages leave the board with it: refused while that would hide deals.
      const stranded = await dealsLeavingTheBoard(tx, ctx.orgId, eq(stages.pipelineId, id));
      if (stranded > 0) throw conflict(pipelineDeactivationMessage(stranded));
    }
    if (input.isDefault === true && !current.isDefault) await clearDefault(tx, ctx.orgId, id);
    return updateEntry(ctx, pipelinesResource, id, input, tx);
  });
  return withStages(ctx.db, ctx.orgId, row);
}

/**
 * Deletes a pipeline and its stages. The last pipeline stays, and so does one whose stages still
 * hold deals (as a stage with deals does); when the default goes, the next pipeline (active
 * first, then by order) becomes the default.
 */
export async function deletePipeline(ctx: ServiceContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    await lockOrganization(tx, ctx.orgId);
    const current = await findEntry(tx, ctx.orgId, pipelinesResource, id);
    const [next] = await tx
      .select({ id: pipelines.id })
      .from(pipelines)
      .where(and(eq(pipelines.organizationId, ctx.orgId), ne(pipelines.id, id)))
      .orderBy(desc(pipelines.isActive), asc(pipelines.orderIndex), asc(pipelines.name))
      .limit(1);
    if (!next) throw conflict(lastPipelineMessage);
    if (await stagesHoldDeals(tx, ctx.orgId, eq(stages.pipelineId, id))) {
      throw conflict(pipelineHasDealsMessage);
    }
    await deleteEntry(ctx, pipelinesResource, id, tx);
    if (current.isDefault) {
      await tx
        .update(pipelines)
        .set({ isDefault: true, isActive: true, updatedAt: new Date() })
        .where(and(eq(pipelines.id, next.id), eq(pipelines.organizationId, ctx.orgId)));
    }
  });
}

/** The caller's pipeline, or 404 (a body's pipelineId is checked the same way as a URL's id). */
export async function assertPipeline(db: Database, orgId: string, pipelineId: string) {
  return findEntry(db, orgId, pipelinesResource, pipelineId);
}
