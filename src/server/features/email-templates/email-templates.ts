import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { htmlToText, mergeKeysIn, renderMergeFields } from '../../../common/merge-fields';
import { maxLength } from '../../../common/validation/common';
import type { CreateEmailTemplateInput, UpdateEmailTemplateInput } from '../../../common/validation/email';
import type {
  ListEmailTemplatesQuery,
  PreviewTemplateInput,
  RenderTemplateInput,
} from '../../../common/validation/email-templates';
import type { Database } from '../../db';
import { emailTemplates } from '../../db/schema/email';
import { notFound } from '../../lib/app-error';
import { containsPattern } from '../../lib/keyset-pagination';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { listAnswer } from '../lists/list-entries';
import { loadMergeValues } from './merge-values';

/*
 * /api/email-templates (data-model §3): the organization's reusable messages with merge fields.
 * Read by every member (compose offers them), changed with settings:update. `variables` is
 * always the merge keys the subject and body use, so it cannot drift from the text.
 */

export const templateNotFoundMessage = 'Email template not found';

const fields = {
  id: emailTemplates.id,
  name: emailTemplates.name,
  category: emailTemplates.category,
  subject: emailTemplates.subject,
  bodyHtml: emailTemplates.bodyHtml,
  bodyText: emailTemplates.bodyText,
  variables: emailTemplates.variables,
  isActive: emailTemplates.isActive,
  usageCount: emailTemplates.usageCount,
  createdBy: emailTemplates.createdBy,
  updatedBy: emailTemplates.updatedBy,
  createdAt: emailTemplates.createdAt,
  updatedAt: emailTemplates.updatedAt,
};

export async function listEmailTemplates(ctx: ServiceContext, query: ListEmailTemplatesQuery) {
  const conditions: (SQL | undefined)[] = [eq(emailTemplates.organizationId, ctx.orgId)];
  if (query.category) conditions.push(eq(emailTemplates.category, query.category));
  if (query.isActive) conditions.push(eq(emailTemplates.isActive, query.isActive === 'true'));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(emailTemplates.name, pattern), ilike(emailTemplates.subject, pattern)));
  }
  const rows = await ctx.db
    .select(fields)
    .from(emailTemplates)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${emailTemplates.name})`), asc(emailTemplates.id));
  return listAnswer(rows);
}

export async function getEmailTemplate(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(templateNotFoundMessage);
  const [row] = await ctx.db
    .select(fields)
    .from(emailTemplates)
    .where(rowInOrganization(emailTemplates, ctx.orgId, id))
    .limit(1);
  if (!row) throw notFound(templateNotFoundMessage);
  return row;
}

/** The plain-text alternative: the one given, else the HTML's text (cut to what the column allows). */
function textOf(bodyHtml: string, bodyText: string | null | undefined) {
  return bodyText ?? htmlToText(bodyHtml).slice(0, maxLength.text);
}

export async function createEmailTemplate(ctx: ServiceContext, input: CreateEmailTemplateInput) {
  const [row] = await ctx.db
    .insert(emailTemplates)
    .values({
      organizationId: ctx.orgId,
      name: input.name,
      category: input.category,
      subject: input.subject,
      bodyHtml: input.bodyHtml,
      bodyText: textOf(input.bodyHtml, input.bodyText),
      variables: mergeKeysIn(input.subject, input.bodyHtml),
      isActive: input.isActive ?? true,
      createdBy: ctx.actor.id,
    })
    .returning(fields);
  return row;
}

/** Runs inside updateWithVersion's transaction (ctx.db holds the row's lock). */
export async function updateEmailTemplate(ctx: ServiceContext, id: string, input: UpdateEmailTemplateInput) {
  const current = await getEmailTemplate(ctx, id);
  const subject = input.subject ?? current.subject;
  const bodyHtml = input.bodyHtml ?? current.bodyHtml ?? '';
  const set: Partial<typeof emailTemplates.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.category !== undefined) set.category = input.category;
  if (input.subject !== undefined) set.subject = input.subject;
  if (input.isActive !== undefined) set.isActive = input.isActive;
  if (input.bodyHtml !== undefined) set.bodyHtml = input.bodyHtml;
  // A new body without its own text gets a fresh text; an explicit text (or null) is kept.
  if (input.bodyText !== undefined) set.bodyText = input.bodyText;
  else if (input.bodyHtml !== undefined) set.bodyText = textOf(input.bodyHtml, undefined);
  set.variables = mergeKeysIn(subject, bodyHtml);
  await ctx.db
    .update(emailTemplates)
    .set(set)
    .where(rowInOrganization(emailTemplates, ctx.orgId, id));
}

export async function deleteEmailTemplate(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(templateNotFoundMessage);
  const [row] = await ctx.db
    .delete(emailTemplates)
    .where(rowInOrganization(emailTemplates, ctx.orgId, id))
    .returning({ id: emailTemplates.id });
  if (!row) throw notFound(templateNotFoundMessage);
}

/** A copy named "<name> (copy)" with a use count of 0, to edit without touching the original. */
export async function duplicateEmailTemplate(ctx: ServiceContext, id: string) {
  const source = await getEmailTemplate(ctx, id);
  const suffix = ' (copy)';
  return createEmailTemplate(ctx, {
    name: `${source.name.slice(0, maxLength.line - suffix.length)}${suffix}`,
    category: source.category,
    subject: source.subject,
    bodyHtml: source.bodyHtml ?? '',
    bodyText: source.bodyText,
    isActive: source.isActive,
  });
}

export interface RenderedMessage {
  subject: string;
  bodyHtml: string;
  bodyText: string;
}

/** Subject, HTML and text with the merge fields filled (HTML values escaped). */
export function renderWith(
  template: { subject: string; bodyHtml: string | null; bodyText?: string | null },
  values: Record<string, string | null | undefined>,
): RenderedMessage {
  const bodyHtml = renderMergeFields(template.bodyHtml ?? '', values, { html: true });
  return {
    // A subject is a header, never HTML: a line break in a value must not start a new header.
    subject: renderMergeFields(template.subject, values).replace(/[\r\n]+/g, ' '),
    bodyHtml,
    bodyText: template.bodyText ? renderMergeFields(template.bodyText, values) : htmlToText(bodyHtml),
  };
}

/** POST /api/email-templates/:id/render */
export async function renderEmailTemplate(ctx: ServiceContext, id: string, input: RenderTemplateInput) {
  const template = await getEmailTemplate(ctx, id);
  const values = await loadMergeValues(ctx, input);
  return renderWith(template, values);
}

/** POST /api/email-templates/preview: a draft, rendered with a record when one is given. */
export async function previewEmailTemplate(ctx: ServiceContext, input: PreviewTemplateInput) {
  const record =
    input.entityType && input.entityId
      ? { entityType: input.entityType, entityId: input.entityId }
      : undefined;
  const values = await loadMergeValues(ctx, record);
  return renderWith({ subject: input.subject, bodyHtml: input.bodyHtml }, values);
}

/** Counts a use of the template (compose calls it in the transaction that stores the message). */
export async function countTemplateUse(db: Database, orgId: string, id: string) {
  await db
    .update(emailTemplates)
    // A use is no edit: the version (updatedAt) and its author stay as they are.
    .set({
      usageCount: sql`${emailTemplates.usageCount} + 1`,
      updatedAt: sql`${emailTemplates.updatedAt}`,
      updatedBy: sql`${emailTemplates.updatedBy}`,
    })
    .where(rowInOrganization(emailTemplates, orgId, id));
}
