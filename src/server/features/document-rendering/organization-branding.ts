import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { organizationLogos, organizations, users } from '../../db/schema/identity';
import type { RenderDocumentInput } from './render-document-pdf';

/*
 * What a rendered document shows of its organization: name, logo (the renderer keeps PNG and
 * JPEG only) and colour. Every caller of renderDocumentPdf (template and document PDFs, signing)
 * reads it here, so all PDFs of an organization look alike whoever renders them. Organizations
 * have no colour of their own (the colour scheme is a user preference): `settings.colorScheme`
 * when an organization has one, else the owner's scheme stands for the organization.
 */
export async function organizationBranding(
  db: Database,
  orgId: string,
): Promise<RenderDocumentInput['organization']> {
  const [org] = await db
    .select({ name: organizations.name, settings: organizations.settings })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .limit(1);
  const [logo] = await db
    .select({ data: organizationLogos.data, contentType: organizationLogos.contentType })
    .from(organizationLogos)
    .where(eq(organizationLogos.organizationId, orgId))
    .limit(1);
  let color = typeof org?.settings?.colorScheme === 'string' ? org.settings.colorScheme : null;
  if (!color) {
    const [owner] = await db
      .select({ colorScheme: users.colorScheme })
      .from(users)
      .where(and(eq(users.organizationId, orgId), eq(users.isOwner, true)))
      .orderBy(asc(users.createdAt))
      .limit(1);
    color = owner?.colorScheme ?? null;
  }
  return { name: org?.name ?? '', color, logo: logo ?? null };
}
