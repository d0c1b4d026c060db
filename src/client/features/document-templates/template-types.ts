/** Suggested template types (any other text is kept as typed), with how they read. */
export const templateTypeSuggestions = [
  'fee_agreement',
  'power_of_attorney',
  'assignment',
  'information_sheet',
  'letter',
  'contract',
  'letter_of_intent',
  'service_agreement',
  'other',
] as const;

/** `fee_agreement` → "Fee agreement"; free text is shown as typed. */
export function templateTypeLabel(type: string): string {
  if (!/^[a-z0-9_]+$/.test(type)) return type;
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
