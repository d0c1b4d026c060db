import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event';
import { blankable, idField, requiredText } from '../../../common/validation/common';
import { activities, deals } from '../../db/schema/crm';
import { dealReasons } from '../../db/schema/lists';
import { invalidField, notFound } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { closedAtOnStageChange } from '../deals/deal-closing';
import { findActiveStage, unknownStageMessage } from '../deals/deal-stage';
import { findDeal, getDeal } from '../deals/get-deal';
import { dealNotFoundMessage } from '../deals/present-deal';

/*
 * POST /api/deals/:id/move — the pipeline board's drag and drop. The target must be an active
 * stage of one of the organization's active pipelines. A closing stage (won or lost) asks for a
 * reason of that type when the organization offers such reasons in the dialog. The stage and a
 * note on the deal ("Moved to Paid") are written in one transaction. Answers the deal as
 * GET /api/deals/:id does.
 */

export const reasonRequiredMessage = 'Please choose a reason';
export const reasonNotFoundMessage = 'Reason not found';

export const moveDealSchema = z.object({
  stage: requiredText('Stage is required'),
  reasonId: blankable(idField('Invalid reason ID')),
  reasonNote: blankable(z.string().trim().max(2000, 'Reason note must be at most 2000 characters')),
});

export type MoveDealInput = z.infer<typeof moveDealSchema>;

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
      throw invalidField('reasonId', reasonRequiredMessage);
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
  if (offered) throw invalidField('reasonId', reasonRequiredMessage);
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
  const stage = await findActiveStage(ctx.db, ctx.orgId, input.stage);
  if (!stage) throw invalidField('stage', unknownStageMessage);
  // Dropped back on its own column: nothing to record.
  if (deal.stage === stage.name) return getDeal(ctx, deal.id);
  const reason = stage.closingType
    ? await findReason(ctx, input, stage.closingType === 'won' ? 'won' : 'loss')
    : null;

  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(deals)
      .set({
        stage: stage.name,
        closedAt: closedAtOnStageChange(ctx.orgId, stage.name),
        updatedAt: sql`now()`,
      })
      .where(and(eq(deals.id, deal.id), eq(deals.organizationId, ctx.orgId)))
      .returning({ id: deals.id });
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
    // The events are queued with the move: receivers hear of it exactly when it commits.
    const moved = await getDeal({ ...ctx, db: tx as unknown as Database }, deal.id);
    await emitWebhookEvent(tx, ctx.orgId, 'deal.updated', moved);
    await emitWebhookEvent(tx, ctx.orgId, 'deal.stage_changed', { ...moved, previousStage: deal.stage });
    return moved;
  });
}
