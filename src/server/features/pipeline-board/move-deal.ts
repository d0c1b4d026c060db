import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { blankable, idField, requiredText } from '../../../common/validation/common';
import type { Database } from '../../db';
import { activities, deals } from '../../db/schema/crm';
import { dealReasons, pipelines, stages } from '../../db/schema/lists';
import { badRequest, notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { closedAtOnStageChange } from '../deals/deal-closing';

/*
 * POST /api/deals/:id/move — the pipeline board's drag and drop. The target must be an active
 * stage of one of the organization's active pipelines. A closing stage (won or lost) asks for a
 * reason of that type when the organization offers such reasons in the dialog. The stage and a
 * note on the deal ("Moved to Paid") are written in one transaction.
 */

export const unknownStageMessage = 'Unknown stage';
export const reasonRequiredMessage = 'Please choose a reason';
export const reasonNotFoundMessage = 'Reason not found';
export const dealNotFoundMessage = 'Deal not found';

export const moveDealSchema = z.object({
  stage: requiredText('Stage is required'),
  reasonId: blankable(idField('Invalid reason ID')),
  reasonNote: blankable(z.string().trim().max(2000, 'Reason note must be at most 2000 characters')),
});

export type MoveDealInput = z.infer<typeof moveDealSchema>;

type DealRow = typeof deals.$inferSelect;

/** A deal as the API answers it: the stored fields, dealValue as a number. */
export function presentDeal(row: DealRow) {
  return { ...row, dealValue: row.dealValue === null ? null : Number(row.dealValue) };
}

async function findDeal(db: Database, orgId: string, id: string) {
  if (!isUuid(id)) throw notFound(dealNotFoundMessage);
  const [deal] = await db
    .select()
    .from(deals)
    .where(and(eq(deals.id, id), eq(deals.organizationId, orgId)))
    .limit(1);
  if (!deal) throw notFound(dealNotFoundMessage);
  return deal;
}

/** The stage named `name`, preferring the default pipeline's when several pipelines share it. */
async function findTargetStage(db: Database, orgId: string, name: string) {
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

async function findReason(ctx: ServiceContext, input: MoveDealInput, reasonType: 'won' | 'loss') {
  if (input.reasonId) {
    const [reason] = await ctx.db
      .select({
        id: dealReasons.id,
        name: dealReasons.name,
        type: dealReasons.type,
        isActive: dealReasons.isActive,
      })
      .from(dealReasons)
      .where(and(eq(dealReasons.id, input.reasonId), eq(dealReasons.organizationId, ctx.orgId)))
      .limit(1);
    if (!reason) throw notFound(reasonNotFoundMessage);
    if (reason.type !== reasonType || !reason.isActive) {
      throw badRequest(reasonRequiredMessage, [{ path: 'reasonId', message: reasonRequiredMessage }]);
    }
    return reason;
  }
  const [offered] = await ctx.db
    .select({ id: dealReasons.id })
    .from(dealReasons)
    .where(
      and(
        eq(dealReasons.organizationId, ctx.orgId),
        eq(dealReasons.type, reasonType),
        eq(dealReasons.isActive, true),
        eq(dealReasons.showInDialog, true),
      ),
    )
    .limit(1);
  if (offered)
    throw badRequest(reasonRequiredMessage, [{ path: 'reasonId', message: reasonRequiredMessage }]);
  return null;
}

function describeMove(
  from: string,
  to: string,
  reason: { name: string } | null,
  note: string | null | undefined,
) {
  const parts = [`Moved from ${from} to ${to}.`];
  if (reason) parts.push(`Reason: ${reason.name}.`);
  if (note) parts.push(`Note: ${note}`);
  return parts.join(' ');
}

export async function moveDeal(ctx: ServiceContext, dealId: string, input: MoveDealInput) {
  const deal = await findDeal(ctx.db, ctx.orgId, dealId);
  const stage = await findTargetStage(ctx.db, ctx.orgId, input.stage);
  if (!stage) throw badRequest(unknownStageMessage, [{ path: 'stage', message: unknownStageMessage }]);
  // Dropped back on its own column: nothing to record.
  if (deal.stage === stage.name) return presentDeal(deal);
  const reason = stage.closingType
    ? await findReason(ctx, input, stage.closingType === 'won' ? 'won' : 'loss')
    : null;

  const moved = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(deals)
      .set({
        stage: stage.name,
        closedAt: closedAtOnStageChange(ctx.orgId, stage.name),
        updatedAt: sql`now()`,
      })
      .where(and(eq(deals.id, deal.id), eq(deals.organizationId, ctx.orgId)))
      .returning();
    if (!updated) throw notFound(dealNotFoundMessage);
    await tx.insert(activities).values({
      organizationId: ctx.orgId,
      dealId: deal.id,
      userId: ctx.actor.id,
      type: 'note',
      subject: `Moved to ${stage.name}`,
      description: describeMove(deal.stage, stage.name, reason, input.reasonNote),
      status: 'completed',
      completedAt: new Date(),
    });
    return updated;
  });
  return presentDeal(moved);
}
