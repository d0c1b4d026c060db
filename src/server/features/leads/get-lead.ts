import { leads } from '../../db/schema/crm';
import type { Database } from '../../db';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { leadFields, leadNotFoundMessage, leadPresenterFor } from './present-lead';

/** A lead of the caller's organization, or 404 (another organization's id is "not found" too). */
export async function findLead(db: Database, orgId: string, id: string) {
  if (!isUuid(id)) throw notFound(leadNotFoundMessage);
  const [lead] = await db
    .select(leadFields)
    .from(leads)
    .where(rowInOrganization(leads, orgId, id))
    .limit(1);
  if (!lead) throw notFound(leadNotFoundMessage);
  return lead;
}

/** GET /api/leads/:id; the record includes convertedClientId once converted. */
export async function getLead(ctx: ServiceContext, id: string) {
  return leadPresenterFor(ctx.actor)(await findLead(ctx.db, ctx.orgId, id));
}
