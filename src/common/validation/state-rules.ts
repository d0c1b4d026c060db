import { z } from 'zod';
import { toStateCode, usStateMessage } from '../us-states';
import { blankable, booleanField, numberField, updateSchemaOf } from './common';

/*
 * /api/state-rules: what an organization has recorded about a state's surplus-funds rules.
 * Every figure but the state is optional (unknown); the UI asks to verify it with current law.
 */

export const stateCodeMessage = usStateMessage('State');
export const claimWindowMessage = 'Claim window must be between 1 and 3650 days';
export const feeCapMessage = 'Fee cap must be between 0 and 100';
export const stateRuleNotesMaxLength = 2000;

/** A state of the shared list (src/common/us-states.ts), by code or name, stored as its code ("fl" → "FL"). */
export const stateRequiredMessage = 'State is required';

export const stateCodeField = z
  .string({ error: (issue) => (issue.input === undefined ? stateRequiredMessage : stateCodeMessage) })
  .trim()
  .min(1, { error: stateRequiredMessage, abort: true })
  .transform((value, ctx) => {
    const code = toStateCode(value);
    if (code) return code;
    ctx.issues.push({ code: 'custom', message: stateCodeMessage, input: value });
    return z.NEVER;
  });

export const createStateRuleSchema = z.object({
  state: stateCodeField,
  claimWindowDays: blankable(
    numberField('Claim window', { min: 1, max: 3650, int: true, rangeMessage: claimWindowMessage }),
  ),
  feeCapPercent: blankable(numberField('Fee cap', { min: 0, max: 100, rangeMessage: feeCapMessage })),
  assignmentAllowed: blankable(booleanField('assignmentAllowed')),
  attorneyRequired: blankable(booleanField('attorneyRequired')),
  notes: blankable(
    z
      .string()
      .trim()
      .max(stateRuleNotesMaxLength, `Notes must be at most ${stateRuleNotesMaxLength} characters`),
  ),
});

export const updateStateRuleSchema = updateSchemaOf(createStateRuleSchema);

export type CreateStateRuleInput = z.infer<typeof createStateRuleSchema>;
export type UpdateStateRuleInput = z.infer<typeof updateStateRuleSchema>;
