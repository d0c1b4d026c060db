import { updateDealSchema } from '../../../common/validation/deals';
import { deals } from '../../db/schema/crm';
import { users } from '../../db/schema/identity';
import { forbidden } from '../../lib/app-error';
import { bulkSelectionOf, planBulkJob } from '../../lib/bulk-job';
import { actorCan, type ServiceContext } from '../../lib/service-context';
import { assertReferences, bulkOperationOf, bulkPermission, bulkSchemaOf } from '../../lib/tenant-scope';
import { userNotFoundMessage } from './create-deal';
import { closedAtOnStageChange } from './deal-closing';
import { dealConditions, listDealsQuerySchema } from './list-deals';
import { recordBulkDelete } from '../audit/record-bulk-delete';
import { alsoDeleteRelationships } from '../objects/delete-relationships-to';
import { assertNothingRetained, retainedHolderMessage, selectionIds } from '../signing/retention';

/**
 * POST /api/deals/bulk: stage, type and owner changes, tags, or deletion of many deals at once,
 * named by ids or by the list's filter (docs/decisions/020).
 */
export const bulkDealsSchema = bulkSchemaOf(
  updateDealSchema.pick({ stage: true, dealType: true, assignedOwner: true }),
  listDealsQuerySchema,
);

export type BulkDealsInput = ReturnType<typeof bulkDealsSchema.parse>;

export async function bulkDeals(ctx: ServiceContext, input: BulkDealsInput, batchSize?: number) {
  if (!actorCan(ctx.actor, 'deals', bulkPermission(input.action))) throw forbidden();
  const selection = bulkSelectionOf(ctx, 'deals', input, dealConditions);
  if (input.action === 'delete') {
    const ids = selectionIds(ctx.db, deals, selection);
    await assertNothingRetained(ctx.db, ctx.orgId, { deals: ids }, retainedHolderMessage('deals'));
  }
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
  return planBulkJob(ctx.db, ctx.orgId, { table: deals, tagsKey: 'tags' }, selection, operation, {
    batchSize,
    dryRun: input.dryRun,
    afterDelete: alsoDeleteRelationships(ctx, 'deal', recordBulkDelete(ctx, 'deals')),
  });
}
