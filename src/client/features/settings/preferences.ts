import { colorSchemes, kanbanThemes } from '../../../common/constants';
import { phoneNumberFormatLabels, phoneNumberFormats } from '../../../common/phone-format-choice';
import type { ColorScheme } from '../../lib/color-scheme';

export interface Choice<T extends string = string> {
  value: T;
  label: string;
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  const mins = String(abs % 60).padStart(2, '0');
  return `UTC${sign}${hours}:${mins}`;
}

/** Where each offset is used, to help people find theirs. */
const offsetPlaces: Record<string, string> = {
  'UTC-10:00': 'Hawaii',
  'UTC-09:00': 'Alaska',
  'UTC-08:00': 'Pacific Time',
  'UTC-07:00': 'Mountain Time',
  'UTC-06:00': 'Central Time',
  'UTC-05:00': 'Eastern Time',
  'UTC-04:00': 'Atlantic Time',
  'UTC-03:30': 'Newfoundland',
  'UTC-03:00': 'Buenos Aires, São Paulo',
  'UTC+00:00': 'London, Lisbon',
  'UTC+01:00': 'Berlin, Madrid, Paris',
  'UTC+02:00': 'Athens, Cairo, Johannesburg',
  'UTC+03:00': 'Istanbul, Moscow, Riyadh',
  'UTC+04:00': 'Dubai',
  'UTC+05:30': 'India',
  'UTC+08:00': 'Singapore, Perth',
  'UTC+09:00': 'Tokyo, Seoul',
  'UTC+10:00': 'Sydney',
  'UTC+12:00': 'Auckland',
};

const halfHourOffsets = [-570, -210, 210, 270, 330, 345, 390, 525, 570, 630, 765];

/** UTC offsets from -12:00 to +14:00 (whole hours and the common half and quarter hours). */
export const timezoneChoices: Choice[] = [
  ...Array.from({ length: 27 }, (_, i) => (i - 12) * 60),
  ...halfHourOffsets,
]
  .toSorted((a, b) => a - b)
  .map((minutes) => {
    const value = formatOffset(minutes);
    const place = offsetPlaces[value];
    return { value, label: place ? `${value} (${place})` : value };
  });

export const dateNumberFormatChoices: Choice[] = [
  { value: 'US', label: 'US: 12/31/2025, 1,234.56' },
  { value: 'EU', label: 'European: 31/12/2025, 1.234,56' },
  { value: 'ISO', label: 'ISO: 2025-12-31, 1234.56' },
];

/** How phone numbers are shown across Locus (the shared formatter's choices). */
export const phoneNumberFormatChoices: Choice[] = phoneNumberFormats.map((value) => ({
  value,
  label: phoneNumberFormatLabels[value],
}));

export const languageChoices: Choice[] = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
];

export const currencyChoices: Choice[] = [
  { value: 'USD', label: 'USD: US dollar ($)' },
  { value: 'EUR', label: 'EUR: Euro (€)' },
  { value: 'GBP', label: 'GBP: British pound (£)' },
  { value: 'CAD', label: 'CAD: Canadian dollar (CA$)' },
];

const schemeLabels: Record<ColorScheme, string> = {
  locus: 'Locus teal',
  blue: 'Ocean blue',
  green: 'Forest green',
  purple: 'Royal purple',
  orange: 'Sunset orange',
  slate: 'Slate',
};

export const colorSchemeChoices: Choice<ColorScheme>[] = colorSchemes.map((value) => ({
  value,
  label: schemeLabels[value],
}));

const kanbanLabels: Record<(typeof kanbanThemes)[number], string> = {
  professional: 'Professional',
  minimal: 'Minimal',
  colorful: 'Colorful',
};

export const kanbanThemeChoices: Choice[] = kanbanThemes.map((value) => ({
  value,
  label: kanbanLabels[value],
}));

/** A stored value missing from the list (set elsewhere) is kept selectable rather than lost. */
export function withCurrent(choices: Choice[], current: string | null | undefined): Choice[] {
  if (!current || choices.some((choice) => choice.value === current)) return choices;
  return [{ value: current, label: current }, ...choices];
}
