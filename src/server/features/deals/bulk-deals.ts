import { updateDealSchema } from '../../../common/validation/deals';
import { deals } from '../../db/schema/crm';
import { users } from '../../db/schema/identity';
import { forbidden } from '../../lib/app-error';
import { actorCan, type ServiceContext } from '../../lib/service-context';
import {
  assertReferences,
  bulkApply,
  bulkOperationOf,
  bulkPermission,
  bulkSchemaOf,
} from '../../lib/tenant-scope';
import { userNotFoundMessage } from './create-deal';

/** POST /api/deals/bulk: stage, type and owner changes, tags, or deletion of many deals at once. */
export const bulkDealsSchema = bulkSchemaOf(
  updateDealSchema.pick({ stage: true, dealType: true, assignedOwner: true }),
);

export type BulkDealsInput = ReturnType<typeof bulkDealsSchema.parse>;

export async function bulkDeals(ctx: ServiceContext, input: BulkDealsInput) {
  if (!actorCan(ctx.actor, 'deals', bulkPermission(input.action))) throw forbidden();
  if (input.action === 'update') {
    await assertReferences(ctx.db, ctx.orgId, [
      { table: users, id: input.changes?.assignedOwner, message: userNotFoundMessage },
    ]);
  }
  const affected = await bulkApply(
    ctx.db,
    ctx.orgId,
    { table: deals, tagsKey: 'tags' },
    input.ids,
    bulkOperationOf(input),
  );
  return { affected };
}
