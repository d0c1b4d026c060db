import { describe, expect, it } from 'vitest';
import { helpStorageKeys } from '../../../common/help/storage-keys';
import {
  consentBannerDecision,
  parseCookieConsent,
  readStoredConsent,
  readWelcomeSeenFlag,
  serializeCookieConsent,
  storeConsent,
} from './consent';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    map,
  };
}

describe('consentBannerDecision', () => {
  const base = { audience: 'member' as const, consentStored: false, welcomeSeen: false, elapsedMs: 0 };

  it('hides whenever a consent is stored', () => {
    expect(consentBannerDecision({ ...base, consentStored: true, welcomeSeen: true })).toBe('hide');
    expect(consentBannerDecision({ ...base, consentStored: true, audience: 'visitor' })).toBe('hide');
  });

  it('shows to visitors at once', () => {
    expect(consentBannerDecision({ ...base, audience: 'visitor' })).toBe('show');
  });

  it('shows to members once the welcome has been seen', () => {
    expect(consentBannerDecision({ ...base, welcomeSeen: true })).toBe('show');
    expect(consentBannerDecision({ ...base, welcomeSeen: true, elapsedMs: 60_000 })).toBe('show');
  });

  it('keeps checking for 30 s while the welcome is pending, then gives up', () => {
    expect(consentBannerDecision(base)).toBe('wait');
    expect(consentBannerDecision({ ...base, elapsedMs: 28_000 })).toBe('wait');
    expect(consentBannerDecision({ ...base, elapsedMs: 30_000 })).toBe('hide');
  });
});

describe('cookie consent storage', () => {
  it('round-trips, essential always on', () => {
    const store = memoryStorage();
    storeConsent({ essential: true, analytics: true, functional: false, marketing: true }, store);
    expect(JSON.parse(store.map.get(helpStorageKeys.cookieConsent) ?? '')).toEqual({
      essential: true,
      analytics: true,
      functional: false,
      marketing: true,
    });
    expect(readStoredConsent(store)).toEqual({
      essential: true,
      analytics: true,
      functional: false,
      marketing: true,
    });
  });

  it('forces essential on and rejects malformed values', () => {
    expect(
      parseCookieConsent('{"essential":false,"analytics":false,"functional":true,"marketing":false}'),
    ).toEqual({ essential: true, analytics: false, functional: true, marketing: false });
    expect(parseCookieConsent(null)).toBeNull();
    expect(parseCookieConsent('nope')).toBeNull();
    expect(parseCookieConsent('[]')).toBeNull();
    expect(parseCookieConsent('{"analytics":"yes","functional":true,"marketing":false}')).toBeNull();
  });

  it('serializes only the four flags', () => {
    const extra = { essential: true as const, analytics: false, functional: false, marketing: false, x: 1 };
    expect(serializeCookieConsent(extra)).toBe(
      '{"essential":true,"analytics":false,"functional":false,"marketing":false}',
    );
  });

  it('reads the welcome flag', () => {
    expect(readWelcomeSeenFlag(memoryStorage({ [helpStorageKeys.welcomeSeen]: 'true' }))).toBe(true);
    expect(readWelcomeSeenFlag(memoryStorage({ [helpStorageKeys.welcomeSeen]: 'yes' }))).toBe(false);
    expect(readWelcomeSeenFlag(memoryStorage())).toBe(false);
  });
});
