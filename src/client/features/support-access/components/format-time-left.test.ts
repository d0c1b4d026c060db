import { describe, expect, it } from 'vitest';
import { formatTimeLeft } from './active-support-banner';

describe('formatTimeLeft', () => {
  it('shows minutes and seconds left, rounded up, never below zero', () => {
    expect(formatTimeLeft(30 * 60_000, 0)).toBe('30:00');
    expect(formatTimeLeft(90_500, 0)).toBe('01:31');
    expect(formatTimeLeft(1000, 0)).toBe('00:01');
    expect(formatTimeLeft(0, 5000)).toBe('00:00');
  });
});
