import { asc, eq, max } from 'drizzle-orm';
import {
  choiceOptionsMessage,
  type CreateSignatureFieldInput,
  fieldOutsidePageMessage,
  isChoiceFieldType,
  isSignerToken,
  type ReplaceSignatureFieldsInput,
  type SignatureFieldValues,
  signerEmailMessage,
  type UpdateSignatureFieldInput,
} from '../../../common/validation/documents';
import { documentInstances, signatureFields } from '../../db/schema/documents';
import { invalidFields, notFound } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { inOrganization, rowInOrganization } from '../../lib/tenant-scope';
import type { PdfPageSize } from '../document-rendering/read-pdf-pages';
import {
  assertFieldAccess,
  assertNotFrozen,
  documentNotFoundMessage,
  type FieldTarget,
  loadTarget,
  pagesOf,
} from './field-target';

/*
 * /api/signature-fields and PUT …/signature-fields (issue 16 item 6): boxes on a document's or
 * a template's pages, in PDF points from the page's top-left. Every write checks the box against
 * the real pages (page count, and the box inside its page) before anything is stored.
 */

export const fieldNotFoundMessage = 'Signature field not found';

export const fieldColumns = {
  id: signatureFields.id,
  documentInstanceId: signatureFields.documentInstanceId,
  templateId: signatureFields.templateId,
  fieldName: signatureFields.fieldName,
  fieldType: signatureFields.fieldType,
  pageNumber: signatureFields.pageNumber,
  signerEmail: signatureFields.signerEmail,
  signerName: signatureFields.signerName,
  xPosition: signatureFields.xPosition,
  yPosition: signatureFields.yPosition,
  width: signatureFields.width,
  height: signatureFields.height,
  isRequired: signatureFields.isRequired,
  fieldOrder: signatureFields.fieldOrder,
  defaultValue: signatureFields.defaultValue,
  textAnchor: signatureFields.textAnchor,
  anchorPosition: signatureFields.anchorPosition,
  offsetX: signatureFields.offsetX,
  offsetY: signatureFields.offsetY,
  useSmartPositioning: signatureFields.useSmartPositioning,
  placeholder: signatureFields.placeholder,
  options: signatureFields.options,
  validationType: signatureFields.validationType,
  fontSize: signatureFields.fontSize,
  fontFamily: signatureFields.fontFamily,
  createdAt: signatureFields.createdAt,
  updatedAt: signatureFields.updatedAt,
};

export type SignatureFieldRow = {
  [K in keyof typeof fieldColumns]: (typeof fieldColumns)[K]['_']['data'] | null;
};

const targetCondition = (target: FieldTarget) =>
  target.kind === 'instance'
    ? eq(signatureFields.documentInstanceId, target.id)
    : eq(signatureFields.templateId, target.id);

async function fieldsOf(ctx: ServiceContext, target: FieldTarget) {
  const items = await ctx.db
    .select(fieldColumns)
    .from(signatureFields)
    .where(inOrganization(signatureFields, ctx.orgId, targetCondition(target)))
    .orderBy(asc(signatureFields.fieldOrder), asc(signatureFields.createdAt), asc(signatureFields.id));
  return { items, nextCursor: null, total: items.length };
}

export async function listSignatureFields(
  ctx: ServiceContext,
  query: { documentInstanceId?: string | null; templateId?: string | null },
) {
  if (!query.documentInstanceId && !query.templateId) {
    throw invalidFields([
      { path: 'documentInstanceId', message: 'Either documentInstanceId or templateId is required' },
    ]);
  }
  assertFieldAccess(ctx, query.documentInstanceId ? 'instance' : 'template', 'read');
  return fieldsOf(ctx, await loadTarget(ctx, query));
}

/** The problems of fields' boxes on the target's pages; `prefix` names the field in a list. */
function boxProblems(
  target: FieldTarget,
  pages: PdfPageSize[],
  field: Pick<
    SignatureFieldValues,
    'pageNumber' | 'xPosition' | 'yPosition' | 'width' | 'height' | 'signerEmail'
  >,
  prefix = '',
) {
  const errors: { path: string; message: string }[] = [];
  if (target.kind === 'instance' && isSignerToken(field.signerEmail)) {
    // Tokens are merged when a document is generated; a document's signer is a real address.
    errors.push({ path: `${prefix}signerEmail`, message: signerEmailMessage });
  }
  const page = pages[field.pageNumber - 1];
  if (!page) {
    errors.push({ path: `${prefix}pageNumber`, message: `Page number must be at most ${pages.length}` });
    return errors;
  }
  if (field.xPosition != null && field.xPosition + field.width > page.width)
    errors.push({ path: `${prefix}xPosition`, message: fieldOutsidePageMessage });
  if (field.yPosition != null && field.yPosition + field.height > page.height)
    errors.push({ path: `${prefix}yPosition`, message: fieldOutsidePageMessage });
  return errors;
}

function valuesOf(ctx: ServiceContext, target: FieldTarget, field: SignatureFieldValues, order: number) {
  return {
    organizationId: ctx.orgId,
    documentInstanceId: target.kind === 'instance' ? target.id : null,
    templateId: target.kind === 'template' ? target.id : null,
    fieldName: field.fieldName,
    fieldType: field.fieldType,
    pageNumber: field.pageNumber,
    signerEmail: field.signerEmail,
    signerName: field.signerName ?? null,
    xPosition: field.xPosition ?? null,
    yPosition: field.yPosition ?? null,
    width: field.width,
    height: field.height,
    isRequired: field.isRequired ?? true,
    fieldOrder: field.fieldOrder ?? order,
    defaultValue: field.defaultValue ?? null,
    textAnchor: field.textAnchor ?? null,
    anchorPosition: field.anchorPosition,
    offsetX: field.offsetX,
    offsetY: field.offsetY,
    useSmartPositioning: field.useSmartPositioning ?? false,
    placeholder: field.placeholder ?? null,
    // Only a choice field keeps options: a text field turned into a dropdown and back drops them.
    options: isChoiceFieldType(field.fieldType) ? (field.options ?? null) : null,
    validationType: field.validationType ?? null,
    fontSize: field.fontSize,
    fontFamily: field.fontFamily,
  };
}

async function writableTarget(
  ctx: ServiceContext,
  ref: { documentInstanceId?: string | null; templateId?: string | null },
) {
  assertFieldAccess(ctx, ref.documentInstanceId ? 'instance' : 'template', 'write');
  const target = await loadTarget(ctx, ref);
  assertNotFrozen(target);
  return target;
}

export async function createSignatureField(
  ctx: ServiceContext,
  files: FileStore,
  input: CreateSignatureFieldInput,
) {
  const target = await writableTarget(ctx, input);
  const errors = boxProblems(target, await pagesOf(ctx, files, target), input);
  if (errors.length > 0) throw invalidFields(errors);
  const [{ last }] = await ctx.db
    .select({ last: max(signatureFields.fieldOrder) })
    .from(signatureFields)
    .where(inOrganization(signatureFields, ctx.orgId, targetCondition(target)));
  const [row] = await ctx.db
    .insert(signatureFields)
    .values(valuesOf(ctx, target, input, (last ?? -1) + 1))
    .returning(fieldColumns);
  return row;
}

async function getField(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(fieldNotFoundMessage);
  const [row] = await ctx.db
    .select(fieldColumns)
    .from(signatureFields)
    .where(rowInOrganization(signatureFields, ctx.orgId, id))
    .limit(1);
  if (!row) throw notFound(fieldNotFoundMessage);
  return row;
}

export async function getSignatureField(ctx: ServiceContext, id: string) {
  const row = await getField(ctx, id);
  assertFieldAccess(ctx, row.documentInstanceId ? 'instance' : 'template', 'read');
  return row;
}

export async function updateSignatureField(
  ctx: ServiceContext,
  files: FileStore,
  id: string,
  input: UpdateSignatureFieldInput,
) {
  const current = await getField(ctx, id);
  const target = await writableTarget(ctx, current);
  const next = {
    pageNumber: input.pageNumber ?? current.pageNumber,
    xPosition: input.xPosition === undefined ? current.xPosition : input.xPosition,
    yPosition: input.yPosition === undefined ? current.yPosition : input.yPosition,
    width: input.width ?? current.width,
    height: input.height ?? current.height,
    signerEmail: input.signerEmail ?? current.signerEmail ?? '',
  };
  const errors = boxProblems(target, await pagesOf(ctx, files, target), next);
  // Type and options may come in separate PATCHes: the field as it would be must offer a choice.
  const fieldType = input.fieldType ?? current.fieldType ?? 'signature';
  const options = input.options === undefined ? current.options : input.options;
  if (isChoiceFieldType(fieldType) && !options?.length) {
    errors.push({ path: 'options', message: choiceOptionsMessage });
  }
  if (errors.length > 0) throw invalidFields(errors);
  const set = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (input.fieldType !== undefined && !isChoiceFieldType(fieldType)) set.options = null;
  if (Object.keys(set).length === 0) return current;
  const [row] = await ctx.db
    .update(signatureFields)
    .set({ ...set, updatedAt: new Date() })
    .where(rowInOrganization(signatureFields, ctx.orgId, id))
    .returning(fieldColumns);
  return row;
}

export async function deleteSignatureField(ctx: ServiceContext, id: string) {
  const current = await getField(ctx, id);
  await writableTarget(ctx, current);
  await ctx.db.delete(signatureFields).where(rowInOrganization(signatureFields, ctx.orgId, id));
}

/** Every field of a document or template replaced by `input.fields`, all or nothing. */
export async function replaceSignatureFields(
  ctx: ServiceContext,
  files: FileStore,
  ref: { documentInstanceId: string } | { templateId: string },
  input: ReplaceSignatureFieldsInput,
) {
  const target = await writableTarget(ctx, ref);
  const pages = await pagesOf(ctx, files, target);
  const errors = input.fields.flatMap((field, i) => boxProblems(target, pages, field, `fields.${i}.`));
  if (errors.length > 0) throw invalidFields(errors);
  await ctx.db.transaction(async (tx) => {
    if (target.kind === 'instance') {
      // Signing may have frozen the document while the pages were read: check again under a lock.
      const [row] = await tx
        .select({ status: documentInstances.status })
        .from(documentInstances)
        .where(rowInOrganization(documentInstances, ctx.orgId, target.id))
        .for('update');
      if (!row) throw notFound(documentNotFoundMessage);
      assertNotFrozen({ ...target, status: row.status });
    }
    await tx
      .delete(signatureFields)
      .where(inOrganization(signatureFields, ctx.orgId, targetCondition(target)));
    if (input.fields.length > 0) {
      await tx
        .insert(signatureFields)
        .values(input.fields.map((field, i) => valuesOf(ctx, target, field, i)));
    }
  });
  return fieldsOf(ctx, target);
}
