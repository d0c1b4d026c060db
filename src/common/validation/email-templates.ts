import { z } from 'zod';
import { mergeEntityTypes } from '../merge-fields';
import { enumField, idField, maxLength, optionalEnum, requiredText } from './common';
import { emailTemplateCategories } from '../allowed-values';

/* Endpoints around e-mail templates and signatures beyond their CRUD (src/common/validation/email.ts). */

const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/email-templates */
export const listEmailTemplatesQuerySchema = z.object({
  category: optionalEnum(emailTemplateCategories, 'Invalid category'),
  search: z.preprocess(
    blankIsAbsent,
    z.string().trim().max(maxLength.search, 'Search is too long').optional(),
  ),
  isActive: z.preprocess(
    blankIsAbsent,
    z.enum(['true', 'false'], { error: 'isActive must be true or false' }).optional(),
  ),
});

/** GET /api/email-signatures */
export const listEmailSignaturesQuerySchema = z.object({
  isActive: z.preprocess(
    blankIsAbsent,
    z.enum(['true', 'false'], { error: 'isActive must be true or false' }).optional(),
  ),
});

const recordOf = {
  entityType: enumField(mergeEntityTypes, 'Invalid entity type'),
  entityId: idField('Record ID is required'),
};

/** POST /api/email-templates/:id/render (and .../email-signatures/:id/render): fill with this record. */
export const renderTemplateSchema = z.object(recordOf);

/**
 * POST /api/email-templates/preview: an unsaved draft rendered with a record, so the editor can
 * show the result before saving. The record is optional: without one only the organization,
 * sender and date fields fill in.
 */
export const previewTemplateSchema = z.object({
  subject: z
    .string()
    .max(maxLength.line * 4, 'Subject is too long')
    .default(''),
  bodyHtml: requiredText('Email content is required', maxLength.notes),
  entityType: recordOf.entityType.optional(),
  entityId: recordOf.entityId.optional(),
});

export type ListEmailTemplatesQuery = z.infer<typeof listEmailTemplatesQuerySchema>;
export type ListEmailSignaturesQuery = z.infer<typeof listEmailSignaturesQuerySchema>;
export type RenderTemplateInput = z.infer<typeof renderTemplateSchema>;
export type PreviewTemplateInput = z.infer<typeof previewTemplateSchema>;

/** POST /api/email-signatures/:id/render: the record is optional (a signature rarely names one). */
export const renderSignatureSchema = renderTemplateSchema.partial();
export type RenderSignatureInput = z.infer<typeof renderSignatureSchema>;
