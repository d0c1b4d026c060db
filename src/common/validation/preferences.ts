import { z } from 'zod';

/** The lists whose column choice a user keeps (GET|PUT /api/preferences/lists/:listKey). */
export const listKeys = ['leads', 'clients', 'companies', 'deals'] as const;
export type ListKey = (typeof listKeys)[number];

export const maxListColumns = 100;
export const maxColumnIdLength = 100;

export const unknownListMessage = `Unknown list: use one of ${listKeys.join(', ')}`;
export const columnsRequiredMessage = 'Columns must be a list of column ids';
export const tooManyColumnsMessage = `At most ${maxListColumns} columns can be saved`;
export const invalidColumnIdMessage = 'Invalid column id';

export const listKeyParamsSchema = z.object({
  listKey: z.enum(listKeys, { error: unknownListMessage }),
});

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
