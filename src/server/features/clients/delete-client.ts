import { withWebhookEvent } from '../webhooks/with-webhook-event';
import { clients } from '../../db/schema/crm';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { deleteWithRelationships } from '../objects/delete-relationships-to';
import { assertNothingRetained, retainedHolderMessage } from '../signing/retention';
import { clientNotFoundMessage } from './present-client';

/** DELETE /api/clients/:id: its activities and documents go with it (spec cascade rules). */
async function deleteClientChange(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(clientNotFoundMessage);
  const deleted = await deleteWithRelationships(ctx, 'client', async (db) => {
    // A foreign or missing id holds nothing here and answers 404 below.
    await assertNothingRetained(db, ctx.orgId, { clients: [id] }, retainedHolderMessage('client'));
    return db
      .delete(clients)
      .where(rowInOrganization(clients, ctx.orgId, id))
      .returning({ id: clients.id });
  });
  if (deleted.length === 0) throw notFound(clientNotFoundMessage);
}

/** deleteClient and its `client.deleted` webhook event, in one transaction. */
export async function deleteClient(ctx: ServiceContext, id: string) {
  return withWebhookEvent(
    ctx,
    'client.deleted',
    (inTx) => deleteClientChange(inTx, id),
    () => ({ id }),
  );
}
