import { updateClientSchema } from '../../../common/validation/clients';
import { clients } from '../../db/schema/crm';
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
import { userNotFoundMessage } from './create-client';
import { recordBulkDelete } from '../audit/record-bulk-delete';

/** POST /api/clients/bulk: status and owner changes, tags, or deletion of many clients at once. */
export const bulkClientsSchema = bulkSchemaOf(updateClientSchema.pick({ status: true, assignedTo: true }));

export type BulkClientsInput = ReturnType<typeof bulkClientsSchema.parse>;

export async function bulkClients(ctx: ServiceContext, input: BulkClientsInput) {
  if (!actorCan(ctx.actor, 'clients', bulkPermission(input.action))) throw forbidden();
  if (input.action === 'update') {
    await assertReferences(ctx.db, ctx.orgId, [
      { table: users, id: input.changes?.assignedTo, message: userNotFoundMessage },
    ]);
  }
  const affected = await bulkApply(
    ctx.db,
    ctx.orgId,
    { table: clients, tagsKey: 'tags' },
    input.ids,
    bulkOperationOf(input),
    recordBulkDelete(ctx, 'clients'),
  );
  return { affected };
}
