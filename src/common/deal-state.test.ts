import { describe, expect, it } from 'vitest';
import { dealStateOf } from './deal-state';

const stages = [
  { name: 'Research', closingType: null },
  { name: 'Paid', closingType: 'won' as const },
  { name: 'Dead end', closingType: 'lost' as const },
  // The same name in another pipeline, closing the other way: won goes first, as `?state=won` finds it.
  { name: 'Closed', closingType: 'lost' as const },
  { name: 'Closed', closingType: 'won' as const },
];

describe('dealStateOf', () => {
  it('reads won and lost from the closing type of the stage of that name', () => {
    expect(dealStateOf('Paid', stages)).toBe('won');
    expect(dealStateOf('Dead end', stages)).toBe('lost');
    expect(dealStateOf('Closed', stages)).toBe('won');
  });

  it('is open in a working stage, an unknown one, or before the stages are known', () => {
    expect(dealStateOf('Research', stages)).toBe('open');
    expect(dealStateOf('paid', stages)).toBe('open');
    expect(dealStateOf('Paid', [])).toBe('open');
  });
});
