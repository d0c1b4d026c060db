import { eq } from 'drizzle-orm';
import type { DocumentJson } from '../../../common/documents/document-content';
import { organizationLogos, organizations } from '../../db/schema/identity';
import type { ServiceContext } from '../../lib/service-context';
import { renderDocumentPdf } from '../document-rendering/render-document-pdf';

/** The organization as a rendered document shows it: its name and logo. */
export async function documentOrganization(ctx: ServiceContext) {
  const [row] = await ctx.db
    .select({
      name: organizations.name,
      logoType: organizationLogos.contentType,
      logo: organizationLogos.data,
    })
    .from(organizations)
    .leftJoin(organizationLogos, eq(organizationLogos.organizationId, organizations.id))
    .where(eq(organizations.id, ctx.orgId))
    .limit(1);
  return {
    name: row?.name ?? '',
    logo: row?.logo && row.logoType ? { data: Buffer.from(row.logo), contentType: row.logoType } : null,
    color: null,
  };
}

/** A document's editor JSON rendered as the organization's PDF (anchors located when asked for). */
export async function renderForDocument(
  ctx: ServiceContext,
  doc: DocumentJson,
  title: string,
  anchors?: string[],
) {
  return renderDocumentPdf({ doc, title, organization: await documentOrganization(ctx) }, { anchors });
}
