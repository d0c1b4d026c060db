import { withWebhookEvent } from '../webhooks/with-webhook-event';
import { resolveCustomFields } from '../custom-fields/resolve-custom-fields';
import type { CreateCompanyInput } from '../../../common/validation/companies';
import { companies } from '../../db/schema/crm';
import { users } from '../../db/schema/identity';
import type { ServiceContext } from '../../lib/service-context';
import { catalogueTags } from '../../lib/tag-catalogue';
import { assertReferences, toNumeric, uniqueTags } from '../../lib/tenant-scope';
import { companyFields, presentCompany } from './present-company';

export const userNotFoundMessage = 'User not found';

/** POST /api/companies: the organization is the caller's; the owner must be one of its users. */
async function createCompanyChange(ctx: ServiceContext, input: CreateCompanyInput) {
  await assertReferences(ctx.db, ctx.orgId, [
    { table: users, id: input.assignedTo, message: userNotFoundMessage },
  ]);
  const [company] = await ctx.db
    .insert(companies)
    .values({
      organizationId: ctx.orgId,
      companyName: input.companyName,
      website: input.website ?? null,
      industry: input.industry ?? null,
      keyContact: input.keyContact ?? null,
      employeeCount: input.employeeCount ?? null,
      estimatedRevenue: toNumeric(input.estimatedRevenue) ?? null,
      hqLocation: input.hqLocation ?? null,
      companyType: input.companyType ?? null,
      techStack: input.techStack,
      relationshipStatus: input.relationshipStatus,
      customTags: uniqueTags(input.customTags),
      assignedTo: input.assignedTo ?? null,
      notes: input.notes ?? null,
      customFields: await resolveCustomFields(ctx, 'company', input.customFields),
    })
    .returning(companyFields);
  await catalogueTags(ctx.db, ctx.orgId, input.customTags);
  return presentCompany(company);
}

/** createCompany and its `company.created` webhook event, in one transaction. */
export async function createCompany(ctx: ServiceContext, input: CreateCompanyInput) {
  return withWebhookEvent(ctx, 'company.created', (inTx) => createCompanyChange(inTx, input));
}
