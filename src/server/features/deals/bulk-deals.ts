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
import { closedAtOnStageChange } from './deal-closing';
import { recordBulkDelete } from '../audit/record-bulk-delete';

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
  const operation = bulkOperationOf(input);
  // A stage change dates the close (or clears it), as a single edit does.
  if (operation.action === 'update' && typeof operation.set.stage === 'string') {
    operation.set.closedAt = closedAtOnStageChange(ctx.orgId, operation.set.stage);
  }
  const affected = await bulkApply(
    ctx.db,
    ctx.orgId,
    { table: deals, tagsKey: 'tags' },
    input.ids,
    operation,
    recordBulkDelete(ctx, 'deals'),
  );
  return { affected };
}
