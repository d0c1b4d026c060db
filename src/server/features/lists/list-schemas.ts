import { z } from 'zod';
import { blankable } from '../../../common/validation/common';
import { dealReasonTypes } from '../../../common/allowed-values';
import { createStageSchema, updateStageSchema } from '../../../common/validation/lists';
import { stageClosingTypes } from '../../db/schema/lists';

/*
 * Request shapes of the configurable-list endpoints beyond the validation catalogue (which
 * has the entries' own rules and messages: common/validation/lists.ts and tags.ts).
 */

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** `?active=true` lists only active entries, `?active=false` only inactive ones (also `?isActive=`, the field's name). */
export const activeFilter = z.preprocess(
  blankToUndefined,
  z
    .enum(['true', 'false'], { error: 'Active must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
);

export const listEntriesQuerySchema = z.object({ active: activeFilter, isActive: activeFilter });

export const listDealReasonsQuerySchema = listEntriesQuerySchema.extend({
  type: z.preprocess(blankToUndefined, z.enum(dealReasonTypes, { error: 'Invalid reason type' }).optional()),
});

export const listStagesQuerySchema = listEntriesQuerySchema.extend({
  pipelineId: z.preprocess(blankToUndefined, z.guid({ error: 'Invalid pipeline ID' }).optional()),
});

export const maxReorderIds = 500;

/** POST /api/<list>/reorder: the ids in their new order (orderIndex 0, 1, 2, …). */
export const reorderSchema = z.object({
  ids: z
    .array(z.guid({ error: 'Invalid ID' }), { error: 'IDs must be a list' })
    .min(1, 'Choose at least one item to reorder')
    .max(maxReorderIds, `At most ${maxReorderIds} items can be reordered at once`)
    .refine(
      (ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length,
      'Each ID may appear only once',
    ),
});

export type ReorderInput = z.infer<typeof reorderSchema>;

const closingType = blankable(z.enum(stageClosingTypes, { error: 'Closing type must be won or lost' }));

/** A stage may close a deal (won or lost); the catalogue's stage rules are unchanged. */
export const createStageWithClosingSchema = createStageSchema.extend({ closingType });
export const updateStageWithClosingSchema = updateStageSchema.extend({ closingType });

export type CreateStageWithClosingInput = z.infer<typeof createStageWithClosingSchema>;
export type UpdateStageWithClosingInput = z.infer<typeof updateStageWithClosingSchema>;
