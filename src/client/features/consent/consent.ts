import { helpStorageKeys, welcomeSeenValue } from '../../../common/help/storage-keys';

/** Cookie consent preferences (spec §3): essential is always on and cannot be changed. */
export interface CookieConsent {
  essential: true;
  analytics: boolean;
  functional: boolean;
  marketing: boolean;
}

export type OptionalCookieCategory = 'analytics' | 'functional' | 'marketing';

export const defaultCookieConsent: CookieConsent = {
  essential: true,
  analytics: false,
  functional: false,
  marketing: false,
};

export const acceptAllConsent: CookieConsent = {
  essential: true,
  analytics: true,
  functional: true,
  marketing: true,
};

/** The stored consent, or null when none (or something unreadable) is stored. */
export function parseCookieConsent(raw: string | null | undefined): CookieConsent | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const flag = (key: OptionalCookieCategory) => record[key] === true;
  const known = ['analytics', 'functional', 'marketing'].every((key) => typeof record[key] === 'boolean');
  if (!known) return null;
  // Essential is on whatever was stored.
  return {
    essential: true,
    analytics: flag('analytics'),
    functional: flag('functional'),
    marketing: flag('marketing'),
  };
}

export function serializeCookieConsent(consent: CookieConsent): string {
  const { analytics, functional, marketing } = consent;
  return JSON.stringify({ essential: true, analytics, functional, marketing });
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readStoredConsent(store: Storage | null = storage()): CookieConsent | null {
  try {
    return parseCookieConsent(store?.getItem(helpStorageKeys.cookieConsent));
  } catch {
    return null;
  }
}

export function storeConsent(consent: CookieConsent, store: Storage | null = storage()): void {
  try {
    store?.setItem(helpStorageKeys.cookieConsent, serializeCookieConsent(consent));
  } catch {
    // Refused storage: the choice holds for this visit only.
  }
}

export function readWelcomeSeenFlag(store: Storage | null = storage()): boolean {
  try {
    return store?.getItem(helpStorageKeys.welcomeSeen) === welcomeSeenValue;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------
// When the banner shows (spec §4, §9)

/** Spec §9: the banner checks every 2 s, for at most 30 s. */
export const consentCheckIntervalMs = 2000;
export const consentCheckLimitMs = 30_000;

/** Visitors of the public site see no welcome dialog, so they get the banner at once. */
export type ConsentAudience = 'visitor' | 'member';

export type ConsentBannerDecision = 'show' | 'wait' | 'hide';

export interface ConsentBannerInputs {
  audience: ConsentAudience;
  consentStored: boolean;
  welcomeSeen: boolean;
  /** Time since the checks began. */
  elapsedMs: number;
}

/**
 * Show when no consent is stored and (for signed-in users) the welcome has been seen; while the
 * welcome is pending keep checking, and give up (hide) after 30 s. A stored consent hides it.
 */
export function consentBannerDecision({
  audience,
  consentStored,
  welcomeSeen,
  elapsedMs,
}: ConsentBannerInputs): ConsentBannerDecision {
  if (consentStored) return 'hide';
  if (audience === 'visitor' || welcomeSeen) return 'show';
  return elapsedMs < consentCheckLimitMs ? 'wait' : 'hide';
}

/** Opens the preferences dialog from anywhere (e.g. the site footer's "Cookie settings"). */
export const openCookiePreferencesEvent = 'locus:open-cookie-preferences';

export function openCookiePreferences(): void {
  window.dispatchEvent(new Event(openCookiePreferencesEvent));
}
