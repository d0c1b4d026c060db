import { presentClient, type ClientRow } from './present-client';
import { updateClientSchema } from '../../../common/validation/clients';
import { clients } from '../../db/schema/crm';
import { users } from '../../db/schema/identity';
import { forbidden } from '../../lib/app-error';
import { bulkSelectionOf, planBulkJob } from '../../lib/bulk-job';
import { actorCan, type ServiceContext } from '../../lib/service-context';
import { assertReferences, bulkOperationOf, bulkPermission, bulkSchemaOf } from '../../lib/tenant-scope';
import { userNotFoundMessage } from './create-client';
import { clientConditions, listClientsQuerySchema } from './list-clients';
import { recordBulkDelete } from '../audit/record-bulk-delete';
import { alsoDeleteRelationships } from '../objects/delete-relationships-to';
import { assertNothingRetained, retainedHolderMessage, selectionIds } from '../signing/retention';

/**
 * POST /api/clients/bulk: status and owner changes, tags, or deletion of many clients at once,
 * named by ids or by the list's filter (docs/decisions/020).
 */
export const bulkClientsSchema = bulkSchemaOf(
  updateClientSchema.pick({ status: true, assignedTo: true }),
  listClientsQuerySchema,
);

export type BulkClientsInput = ReturnType<typeof bulkClientsSchema.parse>;

export async function bulkClients(ctx: ServiceContext, input: BulkClientsInput, batchSize?: number) {
  if (!actorCan(ctx.actor, 'clients', bulkPermission(input.action))) throw forbidden();
  const selection = bulkSelectionOf(ctx, 'clients', input, clientConditions);
  if (input.action === 'delete') {
    const ids = selectionIds(ctx.db, clients, selection);
    await assertNothingRetained(ctx.db, ctx.orgId, { clients: ids }, retainedHolderMessage('clients'));
  }
  if (input.action === 'update') {
    await assertReferences(ctx.db, ctx.orgId, [
      { table: users, id: input.changes?.assignedTo, message: userNotFoundMessage },
    ]);
  }
  return planBulkJob(
    ctx.db,
    ctx.orgId,
    {
      table: clients,
      tagsKey: 'tags',
      events: {
        updated: 'client.updated',
        deleted: 'client.deleted',
        present: async (_tx, rows) => rows.map((row) => presentClient(row as ClientRow)),
      },
    },
    selection,
    bulkOperationOf(input),
    {
      batchSize,
      dryRun: input.dryRun,
      afterDelete: alsoDeleteRelationships(ctx, 'client', recordBulkDelete(ctx, 'clients')),
    },
  );
}
