import { describe, expect, it } from 'vitest';
import { movesDealOnSigning, withMoveDealOnSigning } from './signing-settings';

describe('moveDealOnSigning', () => {
  it('unset: on for surplus locators, off for the other sectors', () => {
    expect(movesDealOnSigning({ settings: null, industrySector: 'Surplus Funds Locator' })).toBe(true);
    expect(movesDealOnSigning({ settings: {}, industrySector: 'Wholesaler' })).toBe(false);
  });

  it('set: the choice wins whatever the sector', () => {
    expect(
      movesDealOnSigning({ settings: { moveDealOnSigning: false }, industrySector: 'Surplus Funds Locator' }),
    ).toBe(false);
    expect(movesDealOnSigning({ settings: { moveDealOnSigning: true }, industrySector: 'Wholesaler' })).toBe(
      true,
    );
  });

  it('keeps the other settings when it changes', () => {
    expect(withMoveDealOnSigning({ theme: 'dark' }, false)).toEqual({
      theme: 'dark',
      moveDealOnSigning: false,
    });
    expect(withMoveDealOnSigning(null, true)).toEqual({ moveDealOnSigning: true });
  });
});
