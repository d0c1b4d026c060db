import type { StateRule } from './api';

/* The state rule form: what the inputs hold and what is sent. */

/** Yes / No / unknown, as a select holds it. */
export type TriState = '' | 'yes' | 'no';

export interface StateRuleFormValues {
  state: string;
  claimWindowDays: string;
  feeCapPercent: string;
  assignmentAllowed: TriState;
  attorneyRequired: TriState;
  notes: string;
}

const toTri = (value: boolean | null | undefined): TriState =>
  value === true ? 'yes' : value === false ? 'no' : '';

export function ruleFormDefaults(rule: StateRule | null): StateRuleFormValues {
  return {
    state: rule?.state ?? '',
    claimWindowDays:
      rule?.claimWindowDays === null || rule?.claimWindowDays === undefined
        ? ''
        : String(rule.claimWindowDays),
    feeCapPercent:
      rule?.feeCapPercent === null || rule?.feeCapPercent === undefined ? '' : String(rule.feeCapPercent),
    assignmentAllowed: toTri(rule?.assignmentAllowed),
    attorneyRequired: toTri(rule?.attorneyRequired),
    notes: rule?.notes ?? '',
  };
}

/** A number as typed ("90", "33.5"), text the schema words an error for, or null when blank. */
function numberOrText(value: string): number | string | null {
  const text = value.trim();
  if (text === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : text;
}

const fromTri = (value: TriState) => (value === 'yes' ? true : value === 'no' ? false : null);

/**
 * The request body (and what the shared schema checks): blanks become null ("unknown"), the
 * yes/no choices booleans.
 */
export function toStateRuleInput(values: StateRuleFormValues) {
  return {
    state: values.state,
    claimWindowDays: numberOrText(values.claimWindowDays),
    feeCapPercent: numberOrText(values.feeCapPercent),
    assignmentAllowed: fromTri(values.assignmentAllowed),
    attorneyRequired: fromTri(values.attorneyRequired),
    notes: values.notes.trim() === '' ? null : values.notes,
  };
}
