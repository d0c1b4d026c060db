import { and, asc, eq } from 'drizzle-orm';
import {
  type DocumentJson,
  mergeDocument,
  parseDocumentContent,
} from '../../../common/documents/document-content';
import type { MergeValues } from '../../../common/merge-fields';
import type { DocumentTemplateMergeInput } from '../../../common/validation/documents';
import { deals } from '../../db/schema/crm';
import { organizationLogos, organizations, users } from '../../db/schema/identity';
import { invalidField } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { renderDocumentPdf } from '../document-rendering/render-document-pdf';
import { listMergeFields, loadMergeValues } from '../email-templates/merge-values';
import { getDocumentTemplate } from './document-templates';

/*
 * A template merged with one record of the organization: the preview the editor shows and the
 * PDF it downloads. The record is read with the caller's own permissions (loadMergeValues:
 * without read access, or for another organization's id, it is "not found").
 */

export const dealOfAnotherClientMessage = 'This deal belongs to another client';

/** The values for the record given: a deal (with its client's fields), else a client, else a lead. */
export async function mergeValuesOf(
  ctx: ServiceContext,
  input: DocumentTemplateMergeInput,
): Promise<MergeValues> {
  if (input.dealId) {
    const values = await loadMergeValues(ctx, { entityType: 'deal', entityId: input.dealId });
    if (input.clientId) {
      // The client must exist for the caller too; the deal must be that client's.
      const clientValues = await loadMergeValues(ctx, { entityType: 'client', entityId: input.clientId });
      const [deal] = await ctx.db
        .select({ clientId: deals.relatedClient })
        .from(deals)
        .where(rowInOrganization(deals, ctx.orgId, input.dealId));
      if (deal?.clientId && deal.clientId !== input.clientId) {
        throw invalidField('dealId', dealOfAnotherClientMessage);
      }
      return { ...clientValues, ...values };
    }
    return values;
  }
  if (input.clientId) return loadMergeValues(ctx, { entityType: 'client', entityId: input.clientId });
  if (input.leadId) return loadMergeValues(ctx, { entityType: 'lead', entityId: input.leadId });
  return loadMergeValues(ctx);
}

export interface MissingField {
  key: string;
  label: string;
}

/** Keys with their palette labels ("deal.caseNumber" → "Case number"); an unknown key reads as itself. */
export async function labelled(ctx: ServiceContext, keys: string[]): Promise<MissingField[]> {
  if (keys.length === 0) return [];
  const labels = new Map((await listMergeFields(ctx)).map((field) => [field.key, field.label]));
  return keys.map((key) => ({ key, label: labels.get(key) ?? key }));
}

export interface MergedTemplate {
  name: string;
  doc: DocumentJson;
  content: string;
  mergedContent: string;
  missing: MissingField[];
}

async function mergedTemplate(
  ctx: ServiceContext,
  id: string,
  input: DocumentTemplateMergeInput,
): Promise<MergedTemplate> {
  const template = await getDocumentTemplate(ctx, id);
  const values = await mergeValuesOf(ctx, input);
  const { merged, missing } = mergeDocument(parseDocumentContent(template.content), values);
  return {
    name: template.name,
    doc: merged,
    content: template.content,
    mergedContent: JSON.stringify(merged),
    missing: await labelled(ctx, missing),
  };
}

/** POST /api/document-templates/:id/preview */
export async function previewDocumentTemplate(
  ctx: ServiceContext,
  id: string,
  input: DocumentTemplateMergeInput,
) {
  const { content, mergedContent, missing } = await mergedTemplate(ctx, id, input);
  return { content, mergedContent, missing };
}

/** The app's colour schemes (src/client/styles.css) as a PDF's brand colour. */
const schemeColors: Record<string, string> = {
  locus: '#0f6b78',
  blue: '#2563eb',
  green: '#15803d',
  purple: '#7c3aed',
  orange: '#c2410c',
  slate: '#334155',
};

/**
 * Name, logo and colour a rendered document carries. An organization has no colour of its own:
 * the scheme its first admin (the owner who registered it) chose stands for it, so every member
 * renders the same PDF.
 */
export async function documentBranding(ctx: ServiceContext) {
  const [org] = await ctx.db
    .select({
      name: organizations.name,
      logoData: organizationLogos.data,
      logoType: organizationLogos.contentType,
    })
    .from(organizations)
    .leftJoin(organizationLogos, eq(organizationLogos.organizationId, organizations.id))
    .where(eq(organizations.id, ctx.orgId));
  const [owner] = await ctx.db
    .select({ colorScheme: users.colorScheme })
    .from(users)
    .where(and(eq(users.organizationId, ctx.orgId), eq(users.role, 'admin')))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return {
    name: org?.name ?? '',
    logo:
      org?.logoData && org.logoType ? { data: Buffer.from(org.logoData), contentType: org.logoType } : null,
    color: schemeColors[owner?.colorScheme ?? ''] ?? schemeColors.locus,
  };
}

/** GET /api/document-templates/:id/pdf: the template as a PDF, merged with the record when one is given. */
export async function documentTemplatePdf(
  ctx: ServiceContext,
  id: string,
  input: DocumentTemplateMergeInput,
) {
  const merged = await mergedTemplate(ctx, id, input);
  const rendered = await renderDocumentPdf({
    doc: merged.doc,
    title: merged.name,
    organization: await documentBranding(ctx),
  });
  return { name: merged.name, pdf: rendered.pdf };
}
