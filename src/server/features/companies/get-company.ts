import type { Database } from '../../db';
import { companies } from '../../db/schema/crm';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { companyFields, companyNotFoundMessage, presentCompany } from './present-company';

/** A company of the caller's organization, or 404 (another organization's id is "not found" too). */
export async function findCompany(db: Database, orgId: string, id: string) {
  if (!isUuid(id)) throw notFound(companyNotFoundMessage);
  const [company] = await db
    .select(companyFields)
    .from(companies)
    .where(rowInOrganization(companies, orgId, id))
    .limit(1);
  if (!company) throw notFound(companyNotFoundMessage);
  return company;
}

export async function getCompany(ctx: ServiceContext, id: string) {
  return presentCompany(await findCompany(ctx.db, ctx.orgId, id));
}
