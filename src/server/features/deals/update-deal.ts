import { emitWebhookEvent } from '../webhooks/emit-webhook-event';
import type { Database } from '../../db';
import { resolveCustomFields } from '../custom-fields/resolve-custom-fields';
import { dealValueToStore } from '../surplus/deal-value';
import type { UpdateDealInput } from '../../../common/validation/deals';
import { clients, deals } from '../../db/schema/crm';
import { users } from '../../db/schema/identity';
import { actorCan, type ServiceContext } from '../../lib/service-context';
import { catalogueTags } from '../../lib/tag-catalogue';
import { assertReferences, rowInOrganization, toCalendarDate, uniqueTags } from '../../lib/tenant-scope';
import { clientNotFoundMessage, userNotFoundMessage } from './create-deal';
import { closedAtOnStageChange } from './deal-closing';
import { findDeal, getDeal } from './get-deal';

/**
 * PATCH /api/deals/:id: only the fields sent change ('' clears an optional one; the stage stays
 * required), and a deal value that follows the expected fee follows the case's new fee.
 */
async function updateDealChange(ctx: ServiceContext, id: string, sent: UpdateDealInput) {
  // A deal's client is hidden from whoever cannot read clients, so their save leaves it alone.
  const input = actorCan(ctx.actor, 'clients', 'read') ? sent : { ...sent, relatedClient: undefined };
  const existing = await findDeal(ctx.db, ctx.orgId, id);
  await assertReferences(ctx.db, ctx.orgId, [
    { table: clients, id: input.relatedClient, message: clientNotFoundMessage },
    { table: users, id: input.assignedOwner, message: userNotFoundMessage },
  ]);
  const { dealValue, expectedCloseDate, tags, customFields: sentFields, ...fields } = input;
  const customFields =
    sentFields === undefined
      ? undefined
      : await resolveCustomFields(ctx, 'deal', sentFields, existing.customFields);
  // Also on a save that leaves the case alone: a deal stored without a value takes its fee then.
  const value = await dealValueToStore(ctx, {
    sent: dealValue,
    customFields: customFields ?? existing.customFields ?? {},
    stored: existing,
  });
  await ctx.db
    .update(deals)
    .set({
      ...fields,
      ...(customFields !== undefined && { customFields }),
      ...(input.stage !== undefined && { closedAt: closedAtOnStageChange(ctx.orgId, input.stage) }),
      ...(tags !== undefined && { tags: uniqueTags(tags) }),
      ...(value !== undefined && { dealValue: value }),
      ...(expectedCloseDate !== undefined && { expectedCloseDate: toCalendarDate(expectedCloseDate) }),
      updatedAt: new Date(),
    })
    .where(rowInOrganization(deals, ctx.orgId, id));
  await catalogueTags(ctx.db, ctx.orgId, tags);
  return getDeal(ctx, id);
}

/**
 * updateDeal with its `deal.updated` event, and `deal.stage_changed` (with the stage it left)
 * when the stage moved, in one transaction.
 */
export async function updateDeal(ctx: ServiceContext, id: string, sent: UpdateDealInput) {
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx as unknown as Database };
    const before = await findDeal(inTx.db, ctx.orgId, id);
    const deal = await updateDealChange(inTx, id, sent);
    await emitWebhookEvent(tx, ctx.orgId, 'deal.updated', deal);
    if (before.stage !== deal.stage) {
      await emitWebhookEvent(tx, ctx.orgId, 'deal.stage_changed', {
        ...deal,
        previousStage: before.stage,
      });
    }
    return deal;
  });
}
