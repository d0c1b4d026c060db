import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { pipelines, stages } from '../../db/schema/lists';

/*
 * Which stage the board may move a deal to. Deals name their stage as free text (the data model
 * has no stage list, and API callers may use their own names); a move on the board, though,
 * must land in one of the organization's active stages of an active pipeline.
 */

export const unknownStageMessage = 'Unknown stage';

/** The active stage named `name`, preferring the default pipeline's when several pipelines share it. */
export async function findActiveStage(db: Database, orgId: string, name: string) {
  const [stage] = await db
    .select({ name: stages.name, closingType: stages.closingType })
    .from(stages)
    .innerJoin(pipelines, and(eq(pipelines.id, stages.pipelineId), eq(pipelines.organizationId, orgId)))
    .where(
      and(
        eq(stages.organizationId, orgId),
        eq(stages.name, name),
        eq(stages.isActive, true),
        eq(pipelines.isActive, true),
      ),
    )
    .orderBy(desc(pipelines.isDefault), asc(pipelines.orderIndex), asc(stages.orderIndex))
    .limit(1);
  return stage ?? null;
}
