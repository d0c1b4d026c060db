import { describe, expect, it } from 'vitest';
import { placeTourCard } from '../../../common/help/tour-state';
import { chooseCardPlacement } from './card-placement';

describe('chooseCardPlacement', () => {
  const desktop = { width: 1280, height: 800 };
  const phone = { width: 390, height: 844 };

  it('keeps the requested side when it fits', () => {
    const target = { top: 100, left: 100, width: 200, height: 40 };
    expect(chooseCardPlacement(target, 'right', desktop)).toEqual(placeTourCard(target, 'right', desktop));
  });

  it('centres without a target', () => {
    expect(chooseCardPlacement(null, 'right', phone)).toEqual(placeTourCard(null, 'center', phone));
  });

  it('moves below a wide target on a phone instead of covering it', () => {
    const target = { top: 300, left: 40, width: 300, height: 60 };
    const placed = chooseCardPlacement(target, 'right', phone);
    expect(placed).toEqual(placeTourCard(target, 'bottom', phone));
    expect(placed.top).toBeGreaterThanOrEqual(target.top + target.height);
  });

  it('goes above when there is no room below', () => {
    const target = { top: 700, left: 40, width: 300, height: 60 };
    const placed = chooseCardPlacement(target, 'left', phone);
    expect(placed.top + 200).toBeLessThanOrEqual(target.top);
  });

  it('keeps the requested side when nothing avoids the target', () => {
    const target = { top: 0, left: 0, width: 390, height: 844 };
    expect(chooseCardPlacement(target, 'right', phone)).toEqual(placeTourCard(target, 'right', phone));
  });
});
