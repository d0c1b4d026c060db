import { withWebhookEvent } from '../webhooks/with-webhook-event';
import { resolveCustomFields } from '../custom-fields/resolve-custom-fields';
import type { CreateLeadInput } from '../../../common/validation/leads';
import { leads } from '../../db/schema/crm';
import { users } from '../../db/schema/identity';
import type { ServiceContext } from '../../lib/service-context';
import { catalogueTags } from '../../lib/tag-catalogue';
import { assertReferences, toTimestamp, uniqueTags } from '../../lib/tenant-scope';
import { leadFields, presentLead } from './present-lead';

export const userNotFoundMessage = 'User not found';

/** POST /api/leads: the organization is the caller's; an owner must be one of its users. */
async function createLeadChange(ctx: ServiceContext, input: CreateLeadInput) {
  await assertReferences(ctx.db, ctx.orgId, [
    { table: users, id: input.assignedOwner, message: userNotFoundMessage },
  ]);
  const [lead] = await ctx.db
    .insert(leads)
    .values({
      organizationId: ctx.orgId,
      fullName: input.fullName,
      email: input.email ?? null,
      phone: input.phone ?? null,
      phoneType: input.phoneType ?? null,
      businessName: input.businessName ?? null,
      industry: input.industry ?? null,
      location: input.location ?? null,
      leadSource: input.leadSource ?? null,
      leadStatus: input.leadStatus,
      interestLevel: input.interestLevel ?? null,
      assignedOwner: input.assignedOwner ?? null,
      notes: input.notes ?? null,
      customFields: await resolveCustomFields(ctx, 'lead', input.customFields),
      tags: uniqueTags(input.tags),
      lastContactDate: toTimestamp(input.lastContactDate) ?? null,
    })
    .returning(leadFields);
  await catalogueTags(ctx.db, ctx.orgId, input.tags);
  return presentLead(lead);
}

/** createLead and its `lead.created` webhook event, in one transaction. */
export async function createLead(ctx: ServiceContext, input: CreateLeadInput) {
  return withWebhookEvent(ctx, 'lead.created', (inTx) => createLeadChange(inTx, input));
}
