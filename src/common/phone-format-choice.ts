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
