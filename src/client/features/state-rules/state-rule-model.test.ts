import { describe, expect, it } from 'vitest';
import { createStateRuleSchema } from '../../../common/validation/state-rules';
import { stateName } from '../../../common/us-states';
import { ruleFormDefaults, toStateRuleInput } from './state-rule-model';

const blank = ruleFormDefaults(null);

/** The shared schema's messages for the form values (Florida plus `over`). */
const messages = (over: Partial<typeof blank>) => {
  const result = createStateRuleSchema.safeParse(toStateRuleInput({ ...blank, state: 'FL', ...over }));
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('state rule form', () => {
  it('sends blanks as unknown and yes/no as booleans', () => {
    expect(
      toStateRuleInput({
        ...blank,
        state: 'FL',
        claimWindowDays: '365',
        feeCapPercent: '',
        assignmentAllowed: 'no',
      }),
    ).toEqual({
      state: 'FL',
      claimWindowDays: 365,
      feeCapPercent: null,
      assignmentAllowed: false,
      attorneyRequired: null,
      notes: null,
    });
  });

  it('lets the shared schema word the errors', () => {
    expect(messages({ feeCapPercent: '120' })).toEqual(['Fee cap must be between 0 and 100']);
    expect(messages({ claimWindowDays: '0' })).toEqual(['Claim window must be between 1 and 3650 days']);
    expect(messages({ claimWindowDays: 'soon' })).toEqual(['Claim window must be a number']);
    expect(messages({ state: '' })).toEqual(['State is required']);
    expect(messages({ state: 'F' })).toEqual(['State must be a 2-letter US state code']);
  });

  it('fills the form from a stored rule and names states', () => {
    const rule = {
      id: 'x',
      state: 'TX',
      claimWindowDays: 730,
      feeCapPercent: 12.5,
      assignmentAllowed: true,
      attorneyRequired: null,
      notes: 'Check with the county',
      createdAt: '',
      updatedAt: '',
    };
    expect(ruleFormDefaults(rule)).toEqual({
      state: 'TX',
      claimWindowDays: '730',
      feeCapPercent: '12.5',
      assignmentAllowed: 'yes',
      attorneyRequired: '',
      notes: 'Check with the county',
    });
    expect(stateName('tx')).toBe('Texas');
    expect(stateName('ZZ')).toBe('ZZ');
  });
});
