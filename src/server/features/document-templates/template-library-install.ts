import { eq, isNotNull } from 'drizzle-orm';
import { mergeFieldKeysOf } from '../../../common/documents/document-content';
import type { IndustrySector } from '../../../common/constants';
import type { Database } from '../../db';
import { documentTemplates, signatureFields } from '../../db/schema/documents';
import { organizations } from '../../db/schema/identity';
import { conflict, notFound } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { inOrganization } from '../../lib/tenant-scope';
import { recordAuditEvent } from '../audit/record-audit-event';
import { getDocumentTemplate } from './document-templates';
import type { LibraryTemplate } from './library/library-template';
import { documentTemplateLibrary } from './library/template-library';
import { normaliseDocumentContent } from './template-content';

/*
 * The template library (issue 16): samples written per industry sector. A new organization gets
 * its sector's samples at registration; any organization can install any sample later. A sample
 * is installed once per organization (document_templates.library_key is unique per organization).
 */

export const libraryTemplateNotFoundMessage = 'Library template not found';
export const libraryTemplateInstalledMessage = 'This template is already installed';

/** Signer tokens merged when a document is generated (CONTRACT: signer tokens instead of addresses). */
const signerTokens = {
  client: { email: '{{client.email}}', name: '{{client.fullName}}' },
  sender: { email: '{{user.email}}', name: '{{user.fullName}}' },
} as const;

/** GET /api/document-template-library: every sample, the organization's sector first. */
export async function listTemplateLibrary(ctx: ServiceContext) {
  const [org] = await ctx.db
    .select({ sector: organizations.industrySector })
    .from(organizations)
    .where(eq(organizations.id, ctx.orgId));
  const installed = await ctx.db
    .select({ id: documentTemplates.id, key: documentTemplates.libraryKey })
    .from(documentTemplates)
    .where(inOrganization(documentTemplates, ctx.orgId, isNotNull(documentTemplates.libraryKey)));
  const idByKey = new Map(installed.map((row) => [row.key, row.id]));
  const ownSector = (t: LibraryTemplate) => (t.industryType === org?.sector ? 0 : 1);
  return documentTemplateLibrary
    .toSorted((a, b) => ownSector(a) - ownSector(b))
    .map((t) => ({
      key: t.key,
      name: t.name,
      description: t.description,
      templateType: t.templateType,
      industryType: t.industryType,
      installed: idByKey.has(t.key),
      templateId: idByKey.get(t.key) ?? null,
    }));
}

/**
 * Inserts one sample with its signature fields (anchored: placed when a document is rendered).
 * Answers the new id, or null when the organization already has it (nothing written).
 */
async function insertLibraryTemplate(
  tx: Database,
  organizationId: string,
  sample: LibraryTemplate,
  createdBy: string | null,
): Promise<string | null> {
  // The samples are ours, but they are checked like any content: a broken one must not be seeded.
  const { doc, errors } = await normaliseDocumentContent(JSON.stringify(sample.content));
  if (!doc) throw new Error(`Library template ${sample.key}: ${errors.map((e) => e.message).join('; ')}`);
  let isDefault = sample.isDefault ?? false;
  if (isDefault) {
    const [existing] = await tx
      .select({ id: documentTemplates.id })
      .from(documentTemplates)
      .where(
        inOrganization(
          documentTemplates,
          organizationId,
          eq(documentTemplates.templateType, sample.templateType),
          eq(documentTemplates.isDefault, true),
        ),
      )
      .limit(1);
    // The organization's own default stays its default.
    isDefault = !existing;
  }
  const [row] = await tx
    .insert(documentTemplates)
    .values({
      organizationId,
      name: sample.name,
      description: sample.description,
      templateType: sample.templateType,
      industryType: sample.industryType,
      content: JSON.stringify(doc),
      mergeFields: mergeFieldKeysOf(doc),
      isActive: true,
      isDefault,
      libraryKey: sample.key,
      createdBy,
    })
    .onConflictDoNothing()
    .returning({ id: documentTemplates.id });
  if (!row) return null;
  const fields = sample.fields ?? [];
  if (fields.length > 0) {
    await tx.insert(signatureFields).values(
      fields.map((field, fieldOrder) => ({
        organizationId,
        templateId: row.id,
        fieldName: field.fieldName,
        fieldType: field.fieldType,
        signerEmail: signerTokens[field.signer].email,
        signerName: signerTokens[field.signer].name,
        width: field.width ?? (field.fieldType === 'signature' ? 200 : 120),
        height: field.height ?? (field.fieldType === 'checkbox' ? 20 : 50),
        isRequired: true,
        fieldOrder,
        textAnchor: field.textAnchor,
        anchorPosition: field.anchorPosition ?? 'after',
        useSmartPositioning: true,
      })),
    );
  }
  return row.id;
}

/** POST /api/document-template-library/:key/install → 201 the template; 409 when already installed. */
export async function installLibraryTemplate(ctx: ServiceContext, key: string) {
  const sample = documentTemplateLibrary.find((t) => t.key === key);
  if (!sample) throw notFound(libraryTemplateNotFoundMessage);
  const id = await ctx.db.transaction(async (tx) => {
    const inserted = await insertLibraryTemplate(tx, ctx.orgId, sample, ctx.actor.id);
    if (!inserted) throw conflict(libraryTemplateInstalledMessage);
    await recordAuditEvent(tx, ctx, {
      action: 'document_template.created',
      resource: 'document_templates',
      resourceId: inserted,
      details: { name: sample.name },
    });
    return inserted;
  });
  return getDocumentTemplate(ctx, id);
}

/**
 * A new organization's samples for its sector (called in the registration transaction, after
 * its custom fields exist). Seeding again adds only the samples it does not have yet.
 */
export async function seedDocumentTemplates(tx: Database, organizationId: string, sector: IndustrySector) {
  let seeded = 0;
  for (const sample of documentTemplateLibrary.filter((t) => t.industryType === sector)) {
    if (await insertLibraryTemplate(tx, organizationId, sample, null)) seeded++;
  }
  return seeded;
}
