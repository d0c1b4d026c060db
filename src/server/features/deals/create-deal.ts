import { withWebhookEvent } from '../webhooks/with-webhook-event';
import { resolveCustomFields } from '../custom-fields/resolve-custom-fields';
import { dealValueToStore } from '../surplus/deal-value';
import type { CreateDealInput } from '../../../common/validation/deals';
import { clients, deals } from '../../db/schema/crm';
import { users } from '../../db/schema/identity';
import type { ServiceContext } from '../../lib/service-context';
import { catalogueTags } from '../../lib/tag-catalogue';
import { assertReferences, toCalendarDate, uniqueTags } from '../../lib/tenant-scope';
import { closedAtOnCreate } from './deal-closing';
import { getDeal } from './get-deal';

export const userNotFoundMessage = 'User not found';
export const clientNotFoundMessage = 'Client not found';

/**
 * POST /api/deals: the organization is the caller's; the client and owner must be its own. A
 * surplus case's deal without a value is worth its expected fee. Answers the detail.
 */
async function createDealChange(ctx: ServiceContext, input: CreateDealInput) {
  await assertReferences(ctx.db, ctx.orgId, [
    { table: clients, id: input.relatedClient, message: clientNotFoundMessage },
    { table: users, id: input.assignedOwner, message: userNotFoundMessage },
  ]);
  const customFields = await resolveCustomFields(ctx, 'deal', input.customFields);
  const [deal] = await ctx.db
    .insert(deals)
    .values({
      organizationId: ctx.orgId,
      dealName: input.dealName,
      dealType: input.dealType ?? null,
      relatedClient: input.relatedClient ?? null,
      leadSource: input.leadSource ?? null,
      dealValue: (await dealValueToStore(ctx, { sent: input.dealValue, customFields })) ?? null,
      closeProbability: input.closeProbability ?? null,
      contractDuration: input.contractDuration ?? null,
      stage: input.stage,
      closedAt: closedAtOnCreate(ctx.orgId, input.stage),
      expectedCloseDate: toCalendarDate(input.expectedCloseDate) ?? null,
      assignedOwner: input.assignedOwner ?? null,
      notes: input.notes ?? null,
      tags: uniqueTags(input.tags),
      customFields,
    })
    .returning({ id: deals.id });
  await catalogueTags(ctx.db, ctx.orgId, input.tags);
  return getDeal(ctx, deal.id);
}

/** createDeal and its `deal.created` webhook event, in one transaction. */
export async function createDeal(ctx: ServiceContext, input: CreateDealInput) {
  return withWebhookEvent(ctx, 'deal.created', (inTx) => createDealChange(inTx, input));
}
