import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { phoneNumberFormatOf } from './phone-format-choice';

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
