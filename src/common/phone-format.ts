import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** A user's phone display choice (users.phoneNumberFormat; null means the default, national). */
export const phoneNumberFormats = ['national', 'international', 'e164'] as const;
export type PhoneNumberFormat = (typeof phoneNumberFormats)[number];

export const phoneNumberFormatLabels: Record<PhoneNumberFormat, string> = {
  national: 'National: (555) 123-4567',
  international: 'International: +1 555 123 4567',
  e164: 'Compact: +15551234567',
};

/** A stored choice as one of the formats; none (or one no longer offered) is national. */
export function phoneNumberFormatOf(value: string | null | undefined): PhoneNumberFormat {
  return (phoneNumberFormats as readonly string[]).includes(value ?? '')
    ? (value as PhoneNumberFormat)
    : 'national';
}

/** Numbers without a country code are read as US numbers (the product's market). */
const defaultCountry = 'US';

/**
 * A stored phone number as the user chose to see it. National shows home-country (US) numbers as
 * "(555) 123-4567" and others internationally (a foreign national format would hide the country).
 * Text that is not a possible phone number is shown as typed, never lost.
 */
export function formatPhone(raw: string | null | undefined, format: string | null | undefined): string {
  const text = raw?.trim() ?? '';
  if (!text) return '';
  const phone = parsePhoneNumberFromString(text, defaultCountry);
  if (!phone?.isPossible()) return text;
  switch (phoneNumberFormatOf(format)) {
    case 'international':
      return phone.formatInternational();
    case 'e164':
      return phone.ext ? `${phone.number};ext=${phone.ext}` : phone.number;
    default:
      return phone.country === defaultCountry || (!phone.country && phone.countryCallingCode === '1')
        ? phone.formatNational()
        : phone.formatInternational();
  }
}
