import { withWebhookEvent } from '../webhooks/with-webhook-event';
import { resolveCustomFields } from '../custom-fields/resolve-custom-fields';
import type { UpdateClientInput } from '../../../common/validation/clients';
import { clients, leads } from '../../db/schema/crm';
import { users } from '../../db/schema/identity';
import type { ServiceContext } from '../../lib/service-context';
import { catalogueTags } from '../../lib/tag-catalogue';
import { assertReferences, rowInOrganization, toTimestamp, uniqueTags } from '../../lib/tenant-scope';
import { leadNotFoundMessage, userNotFoundMessage } from './create-client';
import { findClient } from './get-client';
import { clientFields, presentClient } from './present-client';

/** PATCH /api/clients/:id: only the fields sent change ('' clears an optional one). */
async function updateClientChange(ctx: ServiceContext, id: string, input: UpdateClientInput) {
  const existing = await findClient(ctx.db, ctx.orgId, id);
  await assertReferences(ctx.db, ctx.orgId, [
    { table: users, id: input.assignedTo, message: userNotFoundMessage },
    { table: leads, id: input.leadId, message: leadNotFoundMessage },
  ]);
  const { lastContactDate, tags, ...fields } = input;
  const [client] = await ctx.db
    .update(clients)
    .set({
      ...fields,
      ...(input.customFields !== undefined && {
        customFields: await resolveCustomFields(ctx, 'client', input.customFields, existing.customFields),
      }),
      ...(tags !== undefined && { tags: uniqueTags(tags) }),
      ...(lastContactDate !== undefined && { lastContactDate: toTimestamp(lastContactDate) }),
      updatedAt: new Date(),
    })
    .where(rowInOrganization(clients, ctx.orgId, id))
    .returning(clientFields);
  await catalogueTags(ctx.db, ctx.orgId, tags);
  return presentClient(client);
}

/** updateClient and its `client.updated` webhook event, in one transaction. */
export async function updateClient(ctx: ServiceContext, id: string, input: UpdateClientInput) {
  return withWebhookEvent(ctx, 'client.updated', (inTx) => updateClientChange(inTx, id, input));
}
