/**
 * Browser storage names of the help centre (spec §9): the client reads and writes them. A module of
 * their own so the cookie banner on the public pages doesn't load the tour engine.
 */
export const helpStorageKeys = {
  cookieConsent: 'locus-cookie-consent',
  welcomeSeen: 'locus-welcome-seen',
  tourProgress: 'locus-tour-progress',
  colorScheme: 'locus-color-scheme',
} as const;

/** The value stored under `helpStorageKeys.welcomeSeen` once the welcome has been seen. */
export const welcomeSeenValue = 'true';
