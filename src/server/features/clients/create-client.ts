import { withWebhookEvent } from '../webhooks/with-webhook-event';
import { resolveCustomFields } from '../custom-fields/resolve-custom-fields';
import type { CreateClientInput } from '../../../common/validation/clients';
import { clients, leads } from '../../db/schema/crm';
import { users } from '../../db/schema/identity';
import type { ServiceContext } from '../../lib/service-context';
import { catalogueTags } from '../../lib/tag-catalogue';
import { assertReferences, toTimestamp, uniqueTags } from '../../lib/tenant-scope';
import { clientFields, presentClient } from './present-client';

export const userNotFoundMessage = 'User not found';
export const leadNotFoundMessage = 'Lead not found';

/** POST /api/clients: the organization is the caller's; the owner and lead must be its own. */
async function createClientChange(ctx: ServiceContext, input: CreateClientInput) {
  await assertReferences(ctx.db, ctx.orgId, [
    { table: users, id: input.assignedTo, message: userNotFoundMessage },
    { table: leads, id: input.leadId, message: leadNotFoundMessage },
  ]);
  const [client] = await ctx.db
    .insert(clients)
    .values({
      organizationId: ctx.orgId,
      displayName: input.displayName,
      email: input.email ?? null,
      phone: input.phone ?? null,
      phoneType: input.phoneType ?? null,
      addressLine1: input.addressLine1 ?? null,
      addressLine2: input.addressLine2 ?? null,
      city: input.city ?? null,
      state: input.state ?? null,
      zip: input.zip ?? null,
      notes: input.notes ?? null,
      status: input.status,
      assignedTo: input.assignedTo ?? null,
      tags: uniqueTags(input.tags),
      leadId: input.leadId ?? null,
      lastContactDate: toTimestamp(input.lastContactDate) ?? null,
      customFields: await resolveCustomFields(ctx, 'client', input.customFields),
    })
    .returning(clientFields);
  await catalogueTags(ctx.db, ctx.orgId, input.tags);
  return presentClient(client);
}

/** createClient and its `client.created` webhook event, in one transaction. */
export async function createClient(ctx: ServiceContext, input: CreateClientInput) {
  return withWebhookEvent(ctx, 'client.created', (inTx) => createClientChange(inTx, input));
}
