import { withWebhookEvent } from '../webhooks/with-webhook-event';
import { resolveCustomFields } from '../custom-fields/resolve-custom-fields';
import type { UpdateCompanyInput } from '../../../common/validation/companies';
import { companies } from '../../db/schema/crm';
import { users } from '../../db/schema/identity';
import type { ServiceContext } from '../../lib/service-context';
import { catalogueTags } from '../../lib/tag-catalogue';
import { assertReferences, rowInOrganization, toNumeric, uniqueTags } from '../../lib/tenant-scope';
import { userNotFoundMessage } from './create-company';
import { findCompany } from './get-company';
import { companyFields, presentCompany } from './present-company';

/** PATCH /api/companies/:id: only the fields sent change ('' clears an optional one). */
async function updateCompanyChange(ctx: ServiceContext, id: string, input: UpdateCompanyInput) {
  const existing = await findCompany(ctx.db, ctx.orgId, id);
  await assertReferences(ctx.db, ctx.orgId, [
    { table: users, id: input.assignedTo, message: userNotFoundMessage },
  ]);
  const { estimatedRevenue, customTags, ...fields } = input;
  const [company] = await ctx.db
    .update(companies)
    .set({
      ...fields,
      ...(input.customFields !== undefined && {
        customFields: await resolveCustomFields(ctx, 'company', input.customFields, existing.customFields),
      }),
      ...(customTags !== undefined && { customTags: uniqueTags(customTags) }),
      ...(estimatedRevenue !== undefined && { estimatedRevenue: toNumeric(estimatedRevenue) }),
      updatedAt: new Date(),
    })
    .where(rowInOrganization(companies, ctx.orgId, id))
    .returning(companyFields);
  await catalogueTags(ctx.db, ctx.orgId, customTags);
  return presentCompany(company);
}

/** updateCompany and its `company.updated` webhook event, in one transaction. */
export async function updateCompany(ctx: ServiceContext, id: string, input: UpdateCompanyInput) {
  return withWebhookEvent(ctx, 'company.updated', (inTx) => updateCompanyChange(inTx, id, input));
}
