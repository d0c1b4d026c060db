import { and, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { maxLength } from '../../../common/validation/common';
import type {
  CreateDocumentTemplateInput,
  ListDocumentTemplatesQuery,
  UpdateDocumentTemplateInput,
} from '../../../common/validation/documents';
import type { Database } from '../../db';
import { documentTemplates, signatureFields } from '../../db/schema/documents';
import { notFound } from '../../lib/app-error';
import { containsPattern, paginate, sortCaseInsensitively } from '../../lib/keyset-pagination';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { inOrganization, rowInOrganization } from '../../lib/tenant-scope';
import { recordAuditEvent } from '../audit/record-audit-event';
import { checkedTemplateContent } from './template-content';

/*
 * /api/document-templates (data-model §3, issue 16): the organization's agreements, letters and
 * forms with merge fields. Content is the editor's JSON (normalised and checked on every write);
 * `mergeFields` is always the keys the content uses. One default per template type.
 */

export const documentTemplateNotFoundMessage = 'Document template not found';

/** What a list shows: everything but the content (a template can be 2 MB). */
const listFields = {
  id: documentTemplates.id,
  name: documentTemplates.name,
  description: documentTemplates.description,
  templateType: documentTemplates.templateType,
  industryType: documentTemplates.industryType,
  isActive: documentTemplates.isActive,
  isDefault: documentTemplates.isDefault,
  libraryKey: documentTemplates.libraryKey,
  mergeFields: documentTemplates.mergeFields,
  createdBy: documentTemplates.createdBy,
  createdAt: documentTemplates.createdAt,
  updatedAt: documentTemplates.updatedAt,
};
const fullFields = { ...listFields, content: documentTemplates.content };

export type DocumentTemplate = Omit<Awaited<ReturnType<typeof readTemplate>>, 'mergeFields'> & {
  mergeFields: string[];
};

const byName = sortCaseInsensitively(documentTemplates.name);
const listSpec = {
  sortable: { name: byName, createdAt: documentTemplates.createdAt, updatedAt: documentTemplates.updatedAt },
  defaultSort: 'name',
  id: documentTemplates.id,
};

export async function listDocumentTemplates(ctx: ServiceContext, query: ListDocumentTemplatesQuery) {
  const conditions: (SQL | undefined)[] = [];
  if (query.templateType) conditions.push(eq(documentTemplates.templateType, query.templateType));
  if (query.industryType) conditions.push(eq(documentTemplates.industryType, query.industryType));
  if (query.isActive) conditions.push(eq(documentTemplates.isActive, query.isActive === 'true'));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(ilike(documentTemplates.name, pattern), ilike(documentTemplates.description, pattern)),
    );
  }
  return paginate(
    {
      db: ctx.db,
      from: documentTemplates,
      fields: listFields,
      where: inOrganization(documentTemplates, ctx.orgId, ...conditions),
      spec: listSpec,
      query: { limit: query.limit, cursor: query.cursor },
    },
    (row) => ({ ...row, mergeFields: keysOf(row.mergeFields) }),
  );
}

const keysOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

async function readTemplate(db: Database, orgId: string, id: string) {
  if (!isUuid(id)) throw notFound(documentTemplateNotFoundMessage);
  const [row] = await db
    .select(fullFields)
    .from(documentTemplates)
    .where(rowInOrganization(documentTemplates, orgId, id))
    .limit(1);
  if (!row) throw notFound(documentTemplateNotFoundMessage);
  return row;
}

export async function getDocumentTemplate(ctx: ServiceContext, id: string): Promise<DocumentTemplate> {
  const row = await readTemplate(ctx.db, ctx.orgId, id);
  return { ...row, mergeFields: keysOf(row.mergeFields) };
}

/** Clears the other defaults of `templateType` (inside the caller's transaction). */
async function clearOtherDefaults(tx: Database, orgId: string, templateType: string, keepId: string) {
  await tx
    .update(documentTemplates)
    // Not an edit of those templates: their version stays.
    .set({ isDefault: false, updatedAt: sql`${documentTemplates.updatedAt}` })
    .where(
      inOrganization(
        documentTemplates,
        orgId,
        eq(documentTemplates.templateType, templateType),
        eq(documentTemplates.isDefault, true),
        ne(documentTemplates.id, keepId),
      ),
    );
}

export async function createDocumentTemplate(ctx: ServiceContext, input: CreateDocumentTemplateInput) {
  const checked = await checkedTemplateContent(ctx, input.content);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(documentTemplates)
      .values({
        organizationId: ctx.orgId,
        name: input.name,
        description: input.description ?? null,
        templateType: input.templateType,
        industryType: input.industryType ?? null,
        content: checked.content,
        mergeFields: checked.mergeFields,
        isActive: input.isActive ?? true,
        isDefault: input.isDefault ?? false,
        createdBy: ctx.actor.id,
      })
      .returning({ id: documentTemplates.id });
    if (input.isDefault) await clearOtherDefaults(tx, ctx.orgId, input.templateType, row.id);
    await recordAuditEvent(tx, ctx, {
      action: 'document_template.created',
      resource: 'document_templates',
      resourceId: row.id,
      details: { name: input.name },
    });
    return row.id;
  });
  return getDocumentTemplate(ctx, id);
}

/**
 * Applies a PATCH. Runs inside the versioned update's transaction (ctx.db holds the row's lock);
 * the content is checked before anything is written, so a refused content changes nothing.
 */
export async function updateDocumentTemplate(
  ctx: ServiceContext,
  id: string,
  input: UpdateDocumentTemplateInput,
) {
  const current = await readTemplate(ctx.db, ctx.orgId, id);
  const set: Partial<typeof documentTemplates.$inferInsert> = {};
  if (input.content !== undefined) {
    const checked = await checkedTemplateContent(ctx, input.content);
    set.content = checked.content;
    set.mergeFields = checked.mergeFields;
  }
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description;
  if (input.templateType !== undefined) set.templateType = input.templateType;
  if (input.industryType !== undefined) set.industryType = input.industryType;
  if (input.isActive !== undefined) set.isActive = input.isActive;
  if (input.isDefault !== undefined) set.isDefault = input.isDefault;
  if (Object.keys(set).length > 0) {
    await ctx.db
      .update(documentTemplates)
      .set(set)
      .where(rowInOrganization(documentTemplates, ctx.orgId, id));
  }
  const isDefault = input.isDefault ?? current.isDefault;
  if (isDefault) {
    await clearOtherDefaults(ctx.db, ctx.orgId, input.templateType ?? current.templateType, id);
  }
  const fields = Object.keys(set);
  if (fields.length > 0) {
    await recordAuditEvent(ctx.db, ctx, {
      action: 'document_template.updated',
      resource: 'document_templates',
      resourceId: id,
      details: { name: input.name ?? current.name, fields },
    });
  }
}

export async function deleteDocumentTemplate(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(documentTemplateNotFoundMessage);
  await ctx.db.transaction(async (tx) => {
    // Its signature fields go with it (FK cascade); documents made from it keep their content.
    const [row] = await tx
      .delete(documentTemplates)
      .where(rowInOrganization(documentTemplates, ctx.orgId, id))
      .returning({ id: documentTemplates.id, name: documentTemplates.name });
    if (!row) throw notFound(documentTemplateNotFoundMessage);
    await recordAuditEvent(tx, ctx, {
      action: 'document_template.deleted',
      resource: 'document_templates',
      resourceId: id,
      details: { name: row.name },
    });
  });
}

/**
 * "<name> (copy)", never the default, with the original's signature fields: a copy to change
 * without touching the template documents are generated from. Its content was checked when
 * stored, so it is copied as it is (a merge field removed since stays visible in previews).
 */
export async function duplicateDocumentTemplate(ctx: ServiceContext, id: string) {
  const source = await readTemplate(ctx.db, ctx.orgId, id);
  const suffix = ' (copy)';
  const name = `${source.name.slice(0, maxLength.line - suffix.length)}${suffix}`;
  const copyId = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(documentTemplates)
      .values({
        organizationId: ctx.orgId,
        name,
        description: source.description,
        templateType: source.templateType,
        industryType: source.industryType,
        content: source.content,
        mergeFields: keysOf(source.mergeFields),
        isActive: source.isActive,
        isDefault: false,
        createdBy: ctx.actor.id,
      })
      .returning({ id: documentTemplates.id });
    const fields = await tx
      .select()
      .from(signatureFields)
      .where(and(eq(signatureFields.organizationId, ctx.orgId), eq(signatureFields.templateId, id)));
    if (fields.length > 0) {
      await tx.insert(signatureFields).values(
        fields.map(({ id: _id, createdAt: _c, updatedAt: _u, ...field }) => ({
          ...field,
          templateId: row.id,
        })),
      );
    }
    await recordAuditEvent(tx, ctx, {
      action: 'document_template.created',
      resource: 'document_templates',
      resourceId: row.id,
      details: { name },
    });
    return row.id;
  });
  return getDocumentTemplate(ctx, copyId);
}
