import { z } from 'zod';

/*
 * US states for every State field (client address, a lead's or deal's property state, state
 * rules): one list, stored as the two-letter USPS code. Pure: used by zod schemas and pickers.
 */

/** The 50 states, DC and the inhabited territories (USPS codes), for pickers in this order. */
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
  ['AS', 'American Samoa'],
  ['GU', 'Guam'],
  ['MP', 'Northern Mariana Islands'],
  ['PR', 'Puerto Rico'],
  ['VI', 'U.S. Virgin Islands'],
];

const nameOf = new Map(usStates);
const normalise = (text: string) => text.trim().toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ');
const codeOfName = new Map(usStates.map(([code, name]) => [normalise(name), code]));
codeOfName.set('us virgin islands', 'VI');
codeOfName.set('virgin islands', 'VI');
codeOfName.set('washington dc', 'DC');

/**
 * The code of a state typed as its code in any case ("fl") or its full name ("Florida",
 * "district of columbia"); null when it is neither. Values typed before the picker existed are
 * normalised this way when they are saved again.
 */
export function toStateCode(text: string): string | null {
  const trimmed = text.trim();
  if (nameOf.has(trimmed.toUpperCase())) return trimmed.toUpperCase();
  return codeOfName.get(normalise(trimmed)) ?? null;
}

/** "FL" → "Florida"; anything else as given (an old free-text value stays readable). */
export function stateName(code: string): string {
  return nameOf.get(code.toUpperCase()) ?? code;
}

/** "State must be a 2-letter US state code". */
export const usStateMessage = (label: string) => `${label} must be a 2-letter US state code`;

/** A US state, sent as its code or its name, stored as the code. */
export function usStateField(label = 'State') {
  const message = usStateMessage(label);
  return z
    .string({ error: message })
    .max(100, message)
    .transform((value, ctx) => {
      const code = toStateCode(value);
      if (code) return code;
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    });
}
