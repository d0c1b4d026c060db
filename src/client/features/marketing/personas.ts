/** The roles the public forms offer (stored as the `persona` text of a signup or demo request). */
export const personas = [
  'Surplus funds locator',
  'Real estate investor',
  'Tax deed investor',
  'Wholesaler',
  'Small business',
  'Other',
] as const;

/** Preferred call times offered by the demo request form. */
export const preferredTimes = [
  'Morning (9am - 12pm)',
  'Afternoon (12pm - 5pm)',
  'Evening (5pm - 7pm)',
  'Any time',
] as const;
