import { presentCompany, type CompanyRow } from './present-company';
import { updateCompanySchema } from '../../../common/validation/companies';
import { companies } from '../../db/schema/crm';
import { users } from '../../db/schema/identity';
import { forbidden } from '../../lib/app-error';
import { bulkSelectionOf, planBulkJob } from '../../lib/bulk-job';
import { actorCan, type ServiceContext } from '../../lib/service-context';
import { assertReferences, bulkOperationOf, bulkPermission, bulkSchemaOf } from '../../lib/tenant-scope';
import { userNotFoundMessage } from './create-company';
import { companyConditions, listCompaniesQuerySchema } from './list-companies';
import { recordBulkDelete } from '../audit/record-bulk-delete';
import { alsoDeleteRelationships } from '../objects/delete-relationships-to';

/**
 * POST /api/companies/bulk: relationship and owner changes, tags (customTags), or deletion, named
 * by ids or by the list's filter (docs/decisions/020).
 */
export const bulkCompaniesSchema = bulkSchemaOf(
  updateCompanySchema.pick({ relationshipStatus: true, assignedTo: true, industry: true }),
  listCompaniesQuerySchema,
);

export type BulkCompaniesInput = ReturnType<typeof bulkCompaniesSchema.parse>;

export async function bulkCompanies(ctx: ServiceContext, input: BulkCompaniesInput, batchSize?: number) {
  if (!actorCan(ctx.actor, 'companies', bulkPermission(input.action))) throw forbidden();
  const selection = bulkSelectionOf(ctx, 'companies', input, companyConditions);
  if (input.action === 'update') {
    await assertReferences(ctx.db, ctx.orgId, [
      { table: users, id: input.changes?.assignedTo, message: userNotFoundMessage },
    ]);
  }
  return planBulkJob(
    ctx.db,
    ctx.orgId,
    {
      table: companies,
      tagsKey: 'customTags',
      events: {
        updated: 'company.updated',
        deleted: 'company.deleted',
        present: async (_tx, rows) => rows.map((row) => presentCompany(row as CompanyRow)),
      },
    },
    selection,
    bulkOperationOf(input),
    {
      batchSize,
      dryRun: input.dryRun,
      afterDelete: alsoDeleteRelationships(ctx, 'company', recordBulkDelete(ctx, 'companies')),
    },
  );
}
