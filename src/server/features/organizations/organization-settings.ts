import { eq } from 'drizzle-orm';
import type { UpdateOrganizationSettingsInput } from '../../../common/validation/organizations';
import { organizationLogos, organizations } from '../../db/schema/identity';
import { notFound } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { logoUrl } from './organization-logo';

/** The caller's organization as its settings screen shows it (plan and limits are read-only here). */
export async function getOrganizationSettings(ctx: ServiceContext) {
  const [row] = await ctx.db
    .select({ organization: organizations, logoUpdatedAt: organizationLogos.updatedAt })
    .from(organizations)
    .leftJoin(organizationLogos, eq(organizationLogos.organizationId, organizations.id))
    .where(eq(organizations.id, ctx.orgId))
    .limit(1);
  if (!row) throw notFound('Organization not found');
  const o = row.organization;
  return {
    id: o.id,
    name: o.name,
    industrySector: o.industrySector,
    corporatePhone: o.corporatePhone,
    subdomain: o.subdomain,
    planType: o.planType,
    maxUsers: o.maxUsers,
    totalUsers: o.totalUsers,
    status: o.status,
    settings: o.settings,
    emailFromName: o.emailFromName,
    emailFromAddress: o.emailFromAddress,
    emailReplyTo: o.emailReplyTo,
    emailSignature: o.emailSignature,
    logo: row.logoUpdatedAt ? logoUrl(row.logoUpdatedAt) : null,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
}

export type OrganizationSettings = Awaited<ReturnType<typeof getOrganizationSettings>>;

/** Name, sector, phone, settings and the outgoing e-mail identity; answers the updated settings. */
export async function updateOrganizationSettings(
  ctx: ServiceContext,
  input: UpdateOrganizationSettingsInput,
) {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(organizations)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.industrySector !== undefined && { industrySector: input.industrySector }),
        ...(input.corporatePhone !== undefined && { corporatePhone: input.corporatePhone }),
        ...(input.settings !== undefined && { settings: input.settings }),
        ...(input.emailFromName !== undefined && { emailFromName: input.emailFromName }),
        ...(input.emailFromAddress !== undefined && {
          emailFromAddress: input.emailFromAddress.toLowerCase(),
        }),
        ...(input.emailReplyTo !== undefined && { emailReplyTo: input.emailReplyTo?.toLowerCase() ?? null }),
        ...(input.emailSignature !== undefined && { emailSignature: input.emailSignature }),
        updatedAt: new Date(),
      })
      .where(eq(organizations.id, ctx.orgId));
    const fields = Object.keys(input).filter((key) => input[key as keyof typeof input] !== undefined);
    await recordAuditEvent(tx, ctx, {
      action: 'organization.settings_changed',
      resource: 'organizations',
      resourceId: ctx.orgId,
      details: { fields },
    });
  });
  return getOrganizationSettings(ctx);
}
