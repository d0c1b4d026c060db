import { describe, expect, it } from 'vitest';
import { dealCountLabel } from './deal-count-label';

describe('dealCountLabel', () => {
  it('counts deals in words, singular for one', () => {
    expect(dealCountLabel(0)).toBe('0 deals');
    expect(dealCountLabel(1)).toBe('1 deal');
    expect(dealCountLabel(2)).toBe('2 deals');
    expect(dealCountLabel(1250)).toBe('1,250 deals');
  });
});
