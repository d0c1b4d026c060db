import { z } from 'zod';
import { maxDealValue } from '../constants';
import {
  customFields,
  nameField,
  numberLike,
  optionalDate,
  optionalId,
  optionalText,
  requiredText,
  tagList,
  updateSchemaOf,
} from './common';

/** /api/deals input (data-model §3, §5). */
export const createDealSchema = z.object({
  dealName: nameField('Deal name must be at least 2 characters'),
  dealType: optionalText,
  relatedClient: optionalId('Invalid client ID'),
  leadSource: optionalText,
  // numeric(10, 2) in storage: bounded so an oversized value is a 400, not a database error.
  dealValue: numberLike('Deal value', {
    min: 0,
    max: maxDealValue,
    rangeMessage: 'Deal value must be between 0 and 99,999,999.99',
  }),
  closeProbability: numberLike('Close probability', { min: 0, max: 100, int: true }),
  contractDuration: optionalText,
  // Storage defaults the stage to 'proposal', but the spec makes it a required input, so a form
  // or API call that omits it gets "Stage is required" rather than a silent default.
  stage: requiredText('Stage is required'),
  expectedCloseDate: optionalDate('Expected close date'),
  assignedOwner: optionalId('Invalid user ID'),
  notes: optionalText,
  tags: tagList.default([]),
  customFields: customFields.default({}),
});

export const updateDealSchema = updateSchemaOf(createDealSchema);

export type CreateDealInput = z.infer<typeof createDealSchema>;
export type UpdateDealInput = z.infer<typeof updateDealSchema>;
