import { eq } from 'drizzle-orm';
import { logoMaxBytes } from '../../../common/constants';
import type { Database } from '../../db';
import { organizationLogos, organizations } from '../../db/schema/identity';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { sniffImageType } from '../../lib/sniff-image-type';
import { recordAuditEvent } from '../audit/record-audit-event';

export const logoTooLargeMessage = `Logo must be ${logoMaxBytes / 1024} KB or smaller`;
export const logoTypeMessage = 'Logo must be a PNG, JPEG, GIF or WebP image';
export const noLogoMessage = 'This organization has no logo';

/** Where the logo is served; the version changes with every upload, so it can be cached for a day. */
export function logoUrl(updatedAt: Date) {
  return `/api/organization/logo/image?v=${updatedAt.getTime()}`;
}

const base64Body = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes `data:<anything>;base64,<bytes>`; the declared type is ignored (the content decides). */
export function decodeDataUrl(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',');
  const header = comma > 0 ? dataUrl.slice(0, comma) : '';
  if (!/^data:[^,]*;base64$/i.test(header)) throw badRequest(logoTypeMessage);
  const body = dataUrl.slice(comma + 1).replace(/\s+/g, '');
  if (!base64Body.test(body)) throw badRequest(logoTypeMessage);
  return Buffer.from(body, 'base64');
}

/** Replaces the organization's logo: at most `logoMaxBytes`, PNG, JPEG, GIF or WebP by content. */
export async function setOrganizationLogo(ctx: ServiceContext, dataUrl: string) {
  const data = decodeDataUrl(dataUrl);
  if (data.length > logoMaxBytes) throw new AppError(413, logoTooLargeMessage);
  const contentType = sniffImageType(data);
  if (!contentType) throw badRequest(logoTypeMessage);
  const now = new Date();
  const logo = await ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(organizationLogos)
      .values({ organizationId: ctx.orgId, contentType, data, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: organizationLogos.organizationId,
        set: { contentType, data, updatedAt: now },
      })
      .returning({ updatedAt: organizationLogos.updatedAt });
    await recordLogoChange(tx, ctx);
    return saved;
  });
  return { logo: logoUrl(logo.updatedAt), contentType, size: data.length };
}

export async function removeOrganizationLogo(ctx: ServiceContext) {
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(organizationLogos)
      .where(eq(organizationLogos.organizationId, ctx.orgId))
      .returning({ organizationId: organizationLogos.organizationId });
    if (removed.length > 0) await recordLogoChange(tx, ctx);
  });
}

/** The logo is one of the organization's settings. */
function recordLogoChange(tx: Database, ctx: ServiceContext) {
  return recordAuditEvent(tx, ctx, {
    action: 'organization.settings_changed',
    resource: 'organizations',
    resourceId: ctx.orgId,
    details: { fields: ['logo'] },
  });
}

/** The logo's bytes and type, or 404 when the organization has none. */
export async function readOrganizationLogo(ctx: ServiceContext) {
  const [logo] = await ctx.db
    .select({ contentType: organizationLogos.contentType, data: organizationLogos.data })
    .from(organizationLogos)
    .where(eq(organizationLogos.organizationId, ctx.orgId))
    .limit(1);
  if (!logo) throw notFound(noLogoMessage);
  return logo;
}

/**
 * What the shell shows (product spec §3 "Organization logo"): the logo address and company name
 * of the signed-in user's organization; nothing for a visitor.
 */
export async function getLogoSummary(db: Database, orgId: string | null) {
  if (!orgId) return { logo: null, companyName: null };
  const [row] = await db
    .select({ companyName: organizations.name, logoUpdatedAt: organizationLogos.updatedAt })
    .from(organizations)
    .leftJoin(organizationLogos, eq(organizationLogos.organizationId, organizations.id))
    .where(eq(organizations.id, orgId))
    .limit(1);
  if (!row) return { logo: null, companyName: null };
  return { logo: row.logoUpdatedAt ? logoUrl(row.logoUpdatedAt) : null, companyName: row.companyName };
}
