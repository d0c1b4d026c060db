import { updateCompanySchema } from '../../../common/validation/companies';
import { companies } from '../../db/schema/crm';
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
import { userNotFoundMessage } from './create-company';
import { recordBulkDelete } from '../audit/record-bulk-delete';

/** POST /api/companies/bulk: relationship and owner changes, tags (customTags), or deletion. */
export const bulkCompaniesSchema = bulkSchemaOf(
  updateCompanySchema.pick({ relationshipStatus: true, assignedTo: true, industry: true }),
);

export type BulkCompaniesInput = ReturnType<typeof bulkCompaniesSchema.parse>;

export async function bulkCompanies(ctx: ServiceContext, input: BulkCompaniesInput) {
  if (!actorCan(ctx.actor, 'companies', bulkPermission(input.action))) throw forbidden();
  if (input.action === 'update') {
    await assertReferences(ctx.db, ctx.orgId, [
      { table: users, id: input.changes?.assignedTo, message: userNotFoundMessage },
    ]);
  }
  const affected = await bulkApply(
    ctx.db,
    ctx.orgId,
    { table: companies, tagsKey: 'customTags' },
    input.ids,
    bulkOperationOf(input),
    recordBulkDelete(ctx, 'companies'),
  );
  return { affected };
}
