import { describe, expect, it } from 'vitest';
import { formatNanpPhone } from './nanp-phone-format';
import { formatPhone } from './phone-format';
import { phoneNumberFormats } from './phone-format-choice';

/*
 * libphonenumber (`formatPhone`) is the oracle: whenever the fast path answers, it answers what
 * the library would, for every area code, a spread of exchanges, the ways people type a number,
 * and each display choice. So an upgrade of the library that moves a number is caught here.
 */
const formats = [...phoneNumberFormats, null];
const prefixes = ['', '1', '1 ', '+1', '+1 ', '+1-', '1-', '1.', '+1 ('];
const exchanges = Array.from({ length: 77 }, (_, i) => String(i * 13).padStart(3, '0'));

describe('formatNanpPhone', () => {
  it('answers as libphonenumber does for every area code and a spread of exchanges', () => {
    let answered = 0;
    for (let area = 200; area <= 999; area++) {
      for (const exchange of exchanges) {
        const raw = `${area}${exchange}0142`;
        for (const format of formats) {
          const fast = formatNanpPhone(raw, format);
          if (fast === undefined) continue;
          answered++;
          if (fast !== formatPhone(raw, format))
            expect(fast, `${raw} as ${format}`).toBe(formatPhone(raw, format));
        }
      }
    }
    // Every number in the international and compact formats, most in the national one.
    expect(answered).toBeGreaterThan(800 * exchanges.length * 3);
  });

  it('answers as libphonenumber does however the number is typed', () => {
    const typed: string[] = [];
    for (const prefix of prefixes) {
      for (const area of ['(813) ', '(813)', '813-', '813.', '813 ', '813']) {
        for (const rest of ['555-0142', '555.0142', '555 0142', '5550142', '555 - 0142']) {
          typed.push(`${prefix}${area}${rest}`, ` ${prefix}${area}${rest} `);
        }
      }
    }
    for (const raw of typed) {
      for (const format of formats) {
        const fast = formatNanpPhone(raw, format);
        if (fast !== undefined)
          expect(fast, `${JSON.stringify(raw)} as ${format}`).toBe(formatPhone(raw, format));
      }
    }
    expect(formatNanpPhone('(813) 555-0142', null)).toBe('(813) 555-0142');
    expect(formatNanpPhone('+1 813.555.0142', 'international')).toBe('+1 813 555 0142');
  });

  it('leaves to the library what it cannot be sure of', () => {
    for (const raw of [
      '+44 20 7946 0958',
      '212-555-0100 x12',
      '(416) 555-0123',
      '0551234567',
      '155512345678',
      '555-01',
      'call the office',
      '',
      '((813) 555-0142',
    ]) {
      expect(formatNanpPhone(raw, 'national'), raw).toBeUndefined();
    }
  });
});
