import { presentLead, type LeadRow } from './present-lead';
import { updateLeadSchema } from '../../../common/validation/leads';
import { leads } from '../../db/schema/crm';
import { users } from '../../db/schema/identity';
import { forbidden } from '../../lib/app-error';
import { bulkSelectionOf, planBulkJob } from '../../lib/bulk-job';
import { actorCan, type ServiceContext } from '../../lib/service-context';
import { assertReferences, bulkOperationOf, bulkPermission, bulkSchemaOf } from '../../lib/tenant-scope';
import { userNotFoundMessage } from './create-lead';
import { leadConditions, listLeadsQuerySchema } from './list-leads';
import { recordBulkDelete } from '../audit/record-bulk-delete';
import { alsoDeleteRelationships } from '../objects/delete-relationships-to';

/**
 * POST /api/leads/bulk: status and owner changes, tags, or deletion of many leads at once, named
 * by ids or by the list's filter (docs/decisions/020).
 */
export const bulkLeadsSchema = bulkSchemaOf(
  updateLeadSchema.pick({ leadStatus: true, interestLevel: true, leadSource: true, assignedOwner: true }),
  listLeadsQuerySchema,
);

export type BulkLeadsInput = ReturnType<typeof bulkLeadsSchema.parse>;

export async function bulkLeads(ctx: ServiceContext, input: BulkLeadsInput, batchSize?: number) {
  if (!actorCan(ctx.actor, 'leads', bulkPermission(input.action))) throw forbidden();
  const selection = bulkSelectionOf(ctx, 'leads', input, leadConditions);
  if (input.action === 'update') {
    await assertReferences(ctx.db, ctx.orgId, [
      { table: users, id: input.changes?.assignedOwner, message: userNotFoundMessage },
    ]);
  }
  return planBulkJob(
    ctx.db,
    ctx.orgId,
    {
      table: leads,
      tagsKey: 'tags',
      events: {
        updated: 'lead.updated',
        deleted: 'lead.deleted',
        present: async (_tx, rows) => rows.map((row) => presentLead(row as LeadRow)),
      },
    },
    selection,
    bulkOperationOf(input),
    {
      batchSize,
      dryRun: input.dryRun,
      afterDelete: alsoDeleteRelationships(ctx, 'lead', recordBulkDelete(ctx, 'leads')),
    },
  );
}
