import { z } from 'zod';
import { maxDealValue } from '../constants';
import { moneyRangeMessage } from '../surplus';
import {
  customFields,
  numberLike,
  optionalDate,
  optionalId,
  optionalLine,
  optionalLongText,
  maxLength,
  recordName,
  requiredText,
  tagList,
  updateSchemaOf,
} from './common';

/** /api/deals input (data-model §3, §5). */
export const createDealSchema = z.object({
  dealName: recordName('Deal name'),
  dealType: optionalLine('Deal type'),
  relatedClient: optionalId('Invalid client ID'),
  leadSource: optionalLine('Lead source'),
  // numeric(10, 2) in storage: bounded so an oversized value is a 400, not a database error.
  dealValue: numberLike('Deal value', {
    min: 0,
    max: maxDealValue,
    rangeMessage: moneyRangeMessage('Deal value'),
  }),
  closeProbability: numberLike('Close probability', { min: 0, max: 100, int: true }),
  contractDuration: optionalLine('Contract duration'),
  // Storage defaults the stage to 'proposal', but the spec makes it a required input, so a form
  // or API call that omits it gets "Stage is required" rather than a silent default.
  stage: requiredText('Stage is required'),
  expectedCloseDate: optionalDate('Expected close date'),
  assignedOwner: optionalId('Invalid user ID'),
  notes: optionalLongText('Notes', maxLength.notes),
  tags: tagList.default([]),
  customFields: customFields.default({}),
});

export const updateDealSchema = updateSchemaOf(createDealSchema);

export type CreateDealInput = z.infer<typeof createDealSchema>;
export type UpdateDealInput = z.infer<typeof updateDealSchema>;
