import type { Transaction } from '../../lib/transaction';
import type { BulkEvents } from '../../lib/tenant-scope';
import { emitWebhookEvents } from '../webhooks/emit-webhook-event';
import { getDeal } from './get-deal';
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
  const events: BulkEvents = {
    updated: 'deal.updated',
    deleted: 'deal.deleted',
    // The API's own presentation, client name included (only read when a webhook listens).
    present: (tx, rows) => Promise.all(rows.map((row) => getDeal({ ...ctx, db: tx }, row.id as string))),
    beforeUpdate: async (tx, where) =>
      operation.action === 'update' && typeof operation.set.stage === 'string'
        ? new Map(
            (await tx.select({ id: deals.id, stage: deals.stage }).from(deals).where(where)).map((r) => [
              r.id,
              r.stage,
            ]),
          )
        : undefined,
    afterUpdate: async (tx, before, present) => {
      const stages = before as Map<string, string> | undefined;
      if (!stages) return;
      await emitWebhookEvents(tx as unknown as Transaction, ctx.orgId, 'deal.stage_changed', async () =>
        (await present())
          .filter((deal) => stages.get(deal.id as string) !== deal.stage)
          .map((deal) => ({ ...deal, previousStage: stages.get(deal.id as string) ?? null })),
      );
    },
  };
  return planBulkJob(ctx.db, ctx.orgId, { table: deals, tagsKey: 'tags', events }, selection, operation, {
    batchSize,
    dryRun: input.dryRun,
    afterDelete: alsoDeleteRelationships(ctx, 'deal', recordBulkDelete(ctx, 'deals')),
  });
}
