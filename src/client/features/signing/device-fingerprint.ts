/*
 * What the browser says about itself, as one line, for the finish route; the server keeps only
 * its SHA-256. Deliberately coarse (screen, time zone, language, platform): enough to tell two
 * devices apart in the evidence, nothing that identifies a person or needs a permission.
 */

export interface DeviceTraits {
  screenWidth: number;
  screenHeight: number;
  pixelRatio: number;
  timeZone: string;
  language: string;
  platform: string;
}

const clean = (value: string) => value.replace(/[;=\s]+/g, '_') || 'unknown';

export function deviceFingerprint(traits: DeviceTraits): string {
  return [
    `screen=${Math.round(traits.screenWidth)}x${Math.round(traits.screenHeight)}@${Math.round(traits.pixelRatio * 100) / 100}`,
    `tz=${clean(traits.timeZone)}`,
    `lang=${clean(traits.language)}`,
    `platform=${clean(traits.platform)}`,
  ].join(';');
}

/** The traits of the browser this page runs in. */
export function currentDeviceTraits(): DeviceTraits {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return {
    screenWidth: window.screen.width,
    screenHeight: window.screen.height,
    pixelRatio: window.devicePixelRatio || 1,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
    language: nav.language ?? '',
    platform: nav.userAgentData?.platform ?? nav.platform ?? '',
  };
}
