import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone-format';

describe('formatPhone', () => {
  it('shows US numbers nationally by default, however they were typed', () => {
    for (const raw of ['5551234567', '555.123.4567', '(555) 123-4567', '+1 555-123-4567', ' 555 123 4567 ']) {
      expect(formatPhone(raw, null), raw).toBe('(555) 123-4567');
      expect(formatPhone(raw, 'national'), raw).toBe('(555) 123-4567');
    }
  });

  it('shows the international and compact formats', () => {
    expect(formatPhone('5551234567', 'international')).toBe('+1 555 123 4567');
    expect(formatPhone('5551234567', 'e164')).toBe('+15551234567');
  });

  it('keeps the country of a foreign number even in the national format', () => {
    expect(formatPhone('+44 20 7946 0958', 'national')).toBe('+44 20 7946 0958');
    expect(formatPhone('+442079460958', 'international')).toBe('+44 20 7946 0958');
  });

  it('keeps extensions', () => {
    expect(formatPhone('212-555-0100 x12', 'national')).toBe('(212) 555-0100 ext. 12');
    expect(formatPhone('212-555-0100 x12', 'e164')).toBe('+12125550100;ext=12');
  });

  it('shows what is not a phone number as typed, and nothing for nothing', () => {
    expect(formatPhone('call the office', null)).toBe('call the office');
    expect(formatPhone('555-01', null)).toBe('555-01');
    expect(formatPhone('', 'national')).toBe('');
    expect(formatPhone(null, 'national')).toBe('');
  });
});
