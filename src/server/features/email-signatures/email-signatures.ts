import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { htmlToText } from '../../../common/merge-fields';
import { maxLength } from '../../../common/validation/common';
import type { CreateEmailSignatureInput, UpdateEmailSignatureInput } from '../../../common/validation/email';
import type {
  ListEmailSignaturesQuery,
  RenderTemplateInput,
} from '../../../common/validation/email-templates';
import type { Database } from '../../db';
import { emailSignatures } from '../../db/schema/email';
import { organizations } from '../../db/schema/identity';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { renderWith } from '../email-templates/email-templates';
import { loadMergeValues } from '../email-templates/merge-values';

/*
 * /api/email-signatures (data-model §3): the organization's signatures, at most one of them the
 * default (compose adds it to a new message). Setting a default clears the others in the same
 * transaction, under a lock on the organization's row, so two concurrent "make default" calls
 * cannot leave two defaults.
 */

export const signatureNotFoundMessage = 'Email signature not found';

const fields = {
  id: emailSignatures.id,
  name: emailSignatures.name,
  bodyHtml: emailSignatures.bodyHtml,
  bodyText: emailSignatures.bodyText,
  isDefault: emailSignatures.isDefault,
  isActive: emailSignatures.isActive,
  usageCount: emailSignatures.usageCount,
  createdBy: emailSignatures.createdBy,
  updatedBy: emailSignatures.updatedBy,
  createdAt: emailSignatures.createdAt,
  updatedAt: emailSignatures.updatedAt,
};

export async function listEmailSignatures(ctx: ServiceContext, query: ListEmailSignaturesQuery) {
  const rows = await ctx.db
    .select(fields)
    .from(emailSignatures)
    .where(
      and(
        eq(emailSignatures.organizationId, ctx.orgId),
        query.isActive ? eq(emailSignatures.isActive, query.isActive === 'true') : undefined,
      ),
    )
    .orderBy(
      desc(emailSignatures.isDefault),
      asc(sql`lower(${emailSignatures.name})`),
      asc(emailSignatures.id),
    );
  return { items: rows, nextCursor: null, total: rows.length };
}

export async function getEmailSignature(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(signatureNotFoundMessage);
  const [row] = await ctx.db
    .select(fields)
    .from(emailSignatures)
    .where(rowInOrganization(emailSignatures, ctx.orgId, id))
    .limit(1);
  if (!row) throw notFound(signatureNotFoundMessage);
  return row;
}

/** Clears every other default of the organization; call in the transaction that sets one. */
async function clearOtherDefaults(tx: Database, orgId: string, keepId: string | null) {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('update');
  await tx
    .update(emailSignatures)
    .set({
      isDefault: false,
      updatedAt: sql`${emailSignatures.updatedAt}`,
      updatedBy: sql`${emailSignatures.updatedBy}`,
    })
    .where(
      and(
        eq(emailSignatures.organizationId, orgId),
        eq(emailSignatures.isDefault, true),
        keepId ? ne(emailSignatures.id, keepId) : undefined,
      ),
    );
}

const textOf = (bodyHtml: string, bodyText: string | null | undefined) =>
  bodyText ?? htmlToText(bodyHtml).slice(0, maxLength.text);

export async function createEmailSignature(ctx: ServiceContext, input: CreateEmailSignatureInput) {
  return ctx.db.transaction(async (tx) => {
    if (input.isDefault) await clearOtherDefaults(tx, ctx.orgId, null);
    const [row] = await tx
      .insert(emailSignatures)
      .values({
        organizationId: ctx.orgId,
        name: input.name,
        bodyHtml: input.bodyHtml,
        bodyText: textOf(input.bodyHtml, input.bodyText),
        isDefault: input.isDefault ?? false,
        isActive: input.isActive ?? true,
        createdBy: ctx.actor.id,
      })
      .returning(fields);
    return row;
  });
}

/** Runs inside updateWithVersion's transaction (ctx.db holds the row's lock). */
export async function updateEmailSignature(
  ctx: ServiceContext,
  id: string,
  input: UpdateEmailSignatureInput,
) {
  await getEmailSignature(ctx, id);
  const set: Partial<typeof emailSignatures.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.isActive !== undefined) set.isActive = input.isActive;
  if (input.isDefault !== undefined) set.isDefault = input.isDefault;
  if (input.bodyHtml !== undefined) set.bodyHtml = input.bodyHtml;
  if (input.bodyText !== undefined) set.bodyText = input.bodyText;
  else if (input.bodyHtml !== undefined) set.bodyText = textOf(input.bodyHtml, undefined);
  if (input.isDefault) await clearOtherDefaults(ctx.db, ctx.orgId, id);
  await ctx.db
    .update(emailSignatures)
    .set(set)
    .where(rowInOrganization(emailSignatures, ctx.orgId, id));
}

export async function deleteEmailSignature(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(signatureNotFoundMessage);
  const [row] = await ctx.db
    .delete(emailSignatures)
    .where(rowInOrganization(emailSignatures, ctx.orgId, id))
    .returning({ id: emailSignatures.id });
  if (!row) throw notFound(signatureNotFoundMessage);
}

/** POST /api/email-signatures/:id/render: the signature with the sender's and the record's fields. */
export async function renderEmailSignature(
  ctx: ServiceContext,
  id: string,
  input: Partial<RenderTemplateInput>,
) {
  const signature = await getEmailSignature(ctx, id);
  const record =
    input.entityType && input.entityId
      ? { entityType: input.entityType, entityId: input.entityId }
      : undefined;
  const rendered = renderWith(
    { subject: '', bodyHtml: signature.bodyHtml, bodyText: signature.bodyText },
    await loadMergeValues(ctx, record),
  );
  return { bodyHtml: rendered.bodyHtml, bodyText: rendered.bodyText };
}

/** The organization's active default signature, if any (compose starts a message with it). */
export async function findDefaultSignature(db: Database, orgId: string) {
  const [row] = await db
    .select(fields)
    .from(emailSignatures)
    .where(
      and(
        eq(emailSignatures.organizationId, orgId),
        eq(emailSignatures.isDefault, true),
        eq(emailSignatures.isActive, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Counts a use of the signature (compose calls it in the transaction that stores the message). */
export async function countSignatureUse(db: Database, orgId: string, id: string) {
  await db
    .update(emailSignatures)
    .set({
      usageCount: sql`${emailSignatures.usageCount} + 1`,
      updatedAt: sql`${emailSignatures.updatedAt}`,
      updatedBy: sql`${emailSignatures.updatedBy}`,
    })
    .where(rowInOrganization(emailSignatures, orgId, id));
}
