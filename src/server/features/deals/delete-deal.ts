import { withWebhookEvent } from '../webhooks/with-webhook-event';
import { deals } from '../../db/schema/crm';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { deleteWithRelationships } from '../objects/delete-relationships-to';
import { assertNothingRetained, retainedHolderMessage } from '../signing/retention';
import { dealNotFoundMessage } from './present-deal';

/** DELETE /api/deals/:id: its activities and documents go with it (spec cascade rules). */
async function deleteDealChange(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(dealNotFoundMessage);
  const deleted = await deleteWithRelationships(ctx, 'deal', async (db) => {
    // A foreign or missing id holds nothing here and answers 404 below.
    await assertNothingRetained(db, ctx.orgId, { deals: [id] }, retainedHolderMessage('deal'));
    return db
      .delete(deals)
      .where(rowInOrganization(deals, ctx.orgId, id))
      .returning({ id: deals.id });
  });
  if (deleted.length === 0) throw notFound(dealNotFoundMessage);
}

/** deleteDeal and its `deal.deleted` webhook event, in one transaction. */
export async function deleteDeal(ctx: ServiceContext, id: string) {
  return withWebhookEvent(
    ctx,
    'deal.deleted',
    (inTx) => deleteDealChange(inTx, id),
    () => ({ id }),
  );
}
