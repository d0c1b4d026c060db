import { z } from 'zod';

/** The standard lists whose column choice a user keeps (GET|PUT /api/preferences/lists/:listKey). */
export const listKeys = ['leads', 'clients', 'companies', 'deals'] as const;
export type StandardListKey = (typeof listKeys)[number];
/** A standard list, or a custom object's list: `objects:<entityType>`. */
export type ListKey = StandardListKey | `objects:${string}`;

/** A custom object's type as its list key names it (the object definitions' entityType slug). */
const objectListKeyPattern = /^objects:[a-z][a-z0-9_]{0,49}$/;

/** The list key of a custom object's list. */
export const objectListKey = (entityType: string): ListKey => `objects:${entityType}`;

export function isListKey(value: string): value is ListKey {
  return (listKeys as readonly string[]).includes(value) || objectListKeyPattern.test(value);
}

export const maxListColumns = 100;
export const maxColumnIdLength = 100;

export const unknownListMessage = `Unknown list: use one of ${listKeys.join(', ')} or objects:<type>`;
export const columnsRequiredMessage = 'Columns must be a list of column ids';
export const tooManyColumnsMessage = `At most ${maxListColumns} columns can be saved`;
export const invalidColumnIdMessage = 'Invalid column id';

export const listKeySchema = z
  .string({ error: unknownListMessage })
  .refine(isListKey, { error: unknownListMessage })
  .transform((value) => value as ListKey);

export const listKeyParamsSchema = z.object({ listKey: listKeySchema });

/**
 * A list's column choice, kept as departures from the list's defaults so a column added later
 * still appears with its default visibility: `id` shows a column that is hidden by default,
 * `-id` hides one that is shown by default (the `-` as in `?sort=-field`).
 */
export const listPreferenceSchema = z.object({
  columns: z
    .array(
      z
        .string({ error: invalidColumnIdMessage })
        .max(maxColumnIdLength + 1, invalidColumnIdMessage)
        .regex(/^-?[\w:.-]+$/, invalidColumnIdMessage),
      { error: columnsRequiredMessage },
    )
    .max(maxListColumns, tooManyColumnsMessage),
});

export type ListPreferenceInput = z.infer<typeof listPreferenceSchema>;
