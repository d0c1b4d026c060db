import { resolveCustomFields } from '../custom-fields/resolve-custom-fields';
import type { UpdateDealInput } from '../../../common/validation/deals';
import { clients, deals } from '../../db/schema/crm';
import { users } from '../../db/schema/identity';
import type { ServiceContext } from '../../lib/service-context';
import { catalogueTags } from '../../lib/tag-catalogue';
import {
  assertReferences,
  rowInOrganization,
  toCalendarDate,
  toNumeric,
  uniqueTags,
} from '../../lib/tenant-scope';
import { clientNotFoundMessage, userNotFoundMessage } from './create-deal';
import { closedAtOnStageChange } from './deal-closing';
import { findDeal, getDeal } from './get-deal';

/** PATCH /api/deals/:id: only the fields sent change ('' clears an optional one; the stage stays required). */
export async function updateDeal(ctx: ServiceContext, id: string, input: UpdateDealInput) {
  const existing = await findDeal(ctx.db, ctx.orgId, id);
  await assertReferences(ctx.db, ctx.orgId, [
    { table: clients, id: input.relatedClient, message: clientNotFoundMessage },
    { table: users, id: input.assignedOwner, message: userNotFoundMessage },
  ]);
  const { dealValue, expectedCloseDate, tags, ...fields } = input;
  await ctx.db
    .update(deals)
    .set({
      ...fields,
      ...(input.customFields !== undefined && {
        customFields: await resolveCustomFields(ctx, 'deal', input.customFields, existing.customFields),
      }),
      ...(input.stage !== undefined && { closedAt: closedAtOnStageChange(ctx.orgId, input.stage) }),
      ...(tags !== undefined && { tags: uniqueTags(tags) }),
      ...(dealValue !== undefined && { dealValue: toNumeric(dealValue) }),
      ...(expectedCloseDate !== undefined && { expectedCloseDate: toCalendarDate(expectedCloseDate) }),
      updatedAt: new Date(),
    })
    .where(rowInOrganization(deals, ctx.orgId, id));
  await catalogueTags(ctx.db, ctx.orgId, tags);
  return getDeal(ctx, id);
}
