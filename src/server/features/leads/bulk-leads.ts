import { updateLeadSchema } from '../../../common/validation/leads';
import { leads } from '../../db/schema/crm';
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
import { userNotFoundMessage } from './create-lead';
import { recordBulkDelete } from '../audit/record-bulk-delete';

/** POST /api/leads/bulk: status and owner changes, tags, or deletion of many leads at once. */
export const bulkLeadsSchema = bulkSchemaOf(
  updateLeadSchema.pick({ leadStatus: true, interestLevel: true, leadSource: true, assignedOwner: true }),
);

export type BulkLeadsInput = ReturnType<typeof bulkLeadsSchema.parse>;

export async function bulkLeads(ctx: ServiceContext, input: BulkLeadsInput) {
  if (!actorCan(ctx.actor, 'leads', bulkPermission(input.action))) throw forbidden();
  if (input.action === 'update') {
    await assertReferences(ctx.db, ctx.orgId, [
      { table: users, id: input.changes?.assignedOwner, message: userNotFoundMessage },
    ]);
  }
  const affected = await bulkApply(
    ctx.db,
    ctx.orgId,
    { table: leads, tagsKey: 'tags' },
    input.ids,
    bulkOperationOf(input),
    recordBulkDelete(ctx, 'leads'),
  );
  return { affected };
}
