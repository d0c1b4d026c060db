import { z } from 'zod';
import { booleanField, maxLength, requiredText, tooLongMessage, updateSchemaOf } from './common';
import { listKeySchema, listPreferenceSchema, maxColumnIdLength } from './preferences';

/*
 * /api/saved-views: a named view of a list (search, filters, sort, columns) that a user keeps
 * and may share with the organization. Filters are the list call's own query parameters.
 */

export const maxViewNameLength = 100;
export const maxViewFilters = 50;
export const maxFilterKeyLength = 64;
export const maxViewsPerList = 50;

export const viewNameRequiredMessage = 'View name is required';
export const filtersInvalidMessage = 'Filters must be an object of texts';
export const tooManyFiltersMessage = `A view can have at most ${maxViewFilters} filters`;
export const invalidFilterNameMessage = 'Invalid filter name';
export const filterValueMessage = 'Filter values must be text';
export const invalidSortMessage = 'Invalid sort';
export const duplicateViewNameMessage = 'A view with this name already exists';
export const tooManyViewsMessage = `You can save at most ${maxViewsPerList} views per list. Delete one first.`;
export const viewNotFoundMessage = 'View not found';

// A query parameter name: `leadStatus`, `createdFrom`, a custom object's `<fieldName>From`.
const filterKeyPattern = /^[A-Za-z][\w.:-]*$/;

const filters = z
  .record(
    z
      .string()
      .max(maxFilterKeyLength, invalidFilterNameMessage)
      .regex(filterKeyPattern, invalidFilterNameMessage),
    z
      .string({ error: filterValueMessage })
      .trim()
      .max(maxLength.search, tooLongMessage('Filter', maxLength.search)),
    { error: (issue) => (issue.code === 'invalid_key' ? invalidFilterNameMessage : filtersInvalidMessage) },
  )
  .refine((value) => Object.keys(value).length <= maxViewFilters, tooManyFiltersMessage)
  // A blank filter is no filter, as in the list's address.
  .transform((value) => Object.fromEntries(Object.entries(value).filter(([, text]) => text !== '')));

/** `field` or `-field`, as every list call takes `?sort=`; '' or null is the list's own order. */
const sort = z
  .string({ error: invalidSortMessage })
  .trim()
  .max(maxColumnIdLength + 1, invalidSortMessage)
  .regex(/^(-?[A-Za-z][\w.:]*)?$/, invalidSortMessage)
  .nullable()
  .transform((value) => value || null);

export const createSavedViewSchema = z.object({
  listKey: listKeySchema,
  name: requiredText(viewNameRequiredMessage, maxViewNameLength, 'View name'),
  search: z
    .string({ error: 'Search must be text' })
    .trim()
    .max(maxLength.search, tooLongMessage('Search', maxLength.search))
    .default(''),
  filters: filters.default({}),
  sort: sort.default(null),
  /** The column choice as the list keeps it (validation/preferences.ts); null leaves columns alone. */
  columns: listPreferenceSchema.shape.columns.nullable().default(null),
  isShared: booleanField('Shared').default(false),
});

/** PATCH: any field but the list, which a view cannot change. */
export const updateSavedViewSchema = updateSchemaOf(createSavedViewSchema.omit({ listKey: true }));

export const savedViewsQuerySchema = z.object({ listKey: listKeySchema });

export type CreateSavedViewInput = z.infer<typeof createSavedViewSchema>;
export type UpdateSavedViewInput = z.infer<typeof updateSavedViewSchema>;

/** A view as GET /api/saved-views answers it. */
export interface SavedView {
  id: string;
  listKey: string;
  name: string;
  search: string;
  filters: Record<string, string>;
  sort: string | null;
  columns: string[] | null;
  isShared: boolean;
  userId: string;
  ownerName: string;
  isMine: boolean;
  createdAt: string;
  updatedAt: string;
}
