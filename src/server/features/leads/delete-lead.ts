import { withWebhookEvent } from '../webhooks/with-webhook-event';
import { leads } from '../../db/schema/crm';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { deleteWithRelationships } from '../objects/delete-relationships-to';
import { leadNotFoundMessage } from './present-lead';

/** DELETE /api/leads/:id: its lead activities go with it; a client made from it keeps existing. */
async function deleteLeadChange(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(leadNotFoundMessage);
  const deleted = await deleteWithRelationships(ctx, 'lead', (db) =>
    db
      .delete(leads)
      .where(rowInOrganization(leads, ctx.orgId, id))
      .returning({ id: leads.id }),
  );
  if (deleted.length === 0) throw notFound(leadNotFoundMessage);
}

/** deleteLead and its `lead.deleted` webhook event, in one transaction. */
export async function deleteLead(ctx: ServiceContext, id: string) {
  return withWebhookEvent(
    ctx,
    'lead.deleted',
    (inTx) => deleteLeadChange(inTx, id),
    () => ({ id }),
  );
}
