import { describe, expect, it } from 'vitest';
import { deviceFingerprint } from './device-fingerprint';

describe('device fingerprint', () => {
  it('is one line of screen, time zone, language and platform', () => {
    expect(
      deviceFingerprint({
        screenWidth: 390,
        screenHeight: 844,
        pixelRatio: 3,
        timeZone: 'America/New_York',
        language: 'en-US',
        platform: 'iPhone',
      }),
    ).toBe('screen=390x844@3;tz=America/New_York;lang=en-US;platform=iPhone');
  });

  it('keeps its separators unambiguous and names what the browser hides', () => {
    expect(
      deviceFingerprint({
        screenWidth: 1440.4,
        screenHeight: 900,
        pixelRatio: 1.333333,
        timeZone: '',
        language: 'en;q=1',
        platform: 'Linux x86_64',
      }),
    ).toBe('screen=1440x900@1.33;tz=unknown;lang=en_q_1;platform=Linux_x86_64');
  });
});
