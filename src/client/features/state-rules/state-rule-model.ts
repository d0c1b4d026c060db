import type { StateRule } from './api';

/* The state rule form: what the inputs hold and what is sent. */

/** The 50 states, DC and the territories with surplus sales, for the state picker. */
export const usStates: readonly (readonly [code: string, name: string])[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

const stateNames = new Map(usStates);

/** "FL" → "Florida"; an unknown code as itself. */
export function stateName(code: string): string {
  return stateNames.get(code.toUpperCase()) ?? code.toUpperCase();
}

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
