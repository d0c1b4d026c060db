import { withWebhookEvent } from '../webhooks/with-webhook-event';
import { resolveCustomFields } from '../custom-fields/resolve-custom-fields';
import type { UpdateLeadInput } from '../../../common/validation/leads';
import { leads } from '../../db/schema/crm';
import { users } from '../../db/schema/identity';
import type { ServiceContext } from '../../lib/service-context';
import { catalogueTags } from '../../lib/tag-catalogue';
import { assertReferences, rowInOrganization, toTimestamp, uniqueTags } from '../../lib/tenant-scope';
import { userNotFoundMessage } from './create-lead';
import { findLead } from './get-lead';
import { leadFields, presentLead } from './present-lead';

/** PATCH /api/leads/:id: only the fields sent change ('' clears an optional one). */
async function updateLeadChange(ctx: ServiceContext, id: string, input: UpdateLeadInput) {
  const existing = await findLead(ctx.db, ctx.orgId, id);
  await assertReferences(ctx.db, ctx.orgId, [
    { table: users, id: input.assignedOwner, message: userNotFoundMessage },
  ]);
  const { lastContactDate, tags, ...fields } = input;
  const [lead] = await ctx.db
    .update(leads)
    .set({
      ...fields,
      ...(input.customFields !== undefined && {
        customFields: await resolveCustomFields(ctx, 'lead', input.customFields, existing.customFields),
      }),
      ...(tags !== undefined && { tags: uniqueTags(tags) }),
      ...(lastContactDate !== undefined && { lastContactDate: toTimestamp(lastContactDate) }),
      updatedAt: new Date(),
    })
    .where(rowInOrganization(leads, ctx.orgId, id))
    .returning(leadFields);
  await catalogueTags(ctx.db, ctx.orgId, tags);
  return presentLead(lead);
}

/** updateLead and its `lead.updated` webhook event, in one transaction. */
export async function updateLead(ctx: ServiceContext, id: string, input: UpdateLeadInput) {
  return withWebhookEvent(ctx, 'lead.updated', (inTx) => updateLeadChange(inTx, id, input));
}
