import { z } from 'zod';
import { defaultTagColor } from '../constants';
import { maxLength, optionalLongText, requiredHexColor, requiredText, updateSchemaOf } from './common';

/** /api/tags (data-model §3, §5): a missing colour takes the default, an empty one is refused. */
export const createTagSchema = z.object({
  name: requiredText('Tag name is required', maxLength.tag, 'Tag name'),
  color: requiredHexColor.default(defaultTagColor),
  description: optionalLongText('Description', maxLength.text),
});

export const updateTagSchema = updateSchemaOf(createTagSchema);

export type CreateTagInput = z.infer<typeof createTagSchema>;
export type UpdateTagInput = z.infer<typeof updateTagSchema>;
