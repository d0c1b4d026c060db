import { withWebhookEvent } from '../webhooks/with-webhook-event';
import { companies } from '../../db/schema/crm';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { deleteWithRelationships } from '../objects/delete-relationships-to';
import { companyNotFoundMessage } from './present-company';

async function deleteCompanyChange(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(companyNotFoundMessage);
  const deleted = await deleteWithRelationships(ctx, 'company', (db) =>
    db
      .delete(companies)
      .where(rowInOrganization(companies, ctx.orgId, id))
      .returning({ id: companies.id }),
  );
  if (deleted.length === 0) throw notFound(companyNotFoundMessage);
}

/** deleteCompany and its `company.deleted` webhook event, in one transaction. */
export async function deleteCompany(ctx: ServiceContext, id: string) {
  return withWebhookEvent(
    ctx,
    'company.deleted',
    (inTx) => deleteCompanyChange(inTx, id),
    () => ({ id }),
  );
}
