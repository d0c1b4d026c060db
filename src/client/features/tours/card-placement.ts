import {
  placeTourCard,
  type TourCardPlacement,
  type TourTargetRect,
  type TourViewport,
  tourCardHeight,
  tourCardWidth,
} from '../../../common/help/tour-state';
import type { TourStepPosition } from '../../../common/help/types';

function overlaps(card: TourCardPlacement, target: TourTargetRect): boolean {
  return (
    card.left < target.left + target.width &&
    card.left + tourCardWidth > target.left &&
    card.top < target.top + target.height &&
    card.top + tourCardHeight > target.top
  );
}

/**
 * Where the step card goes: `placeTourCard` on the step's side; when the card would then cover
 * its target (a narrow phone screen has no room beside it), the first of bottom and top that
 * keeps the target visible, else the step's own side.
 */
export function chooseCardPlacement(
  target: TourTargetRect | null,
  position: TourStepPosition,
  viewport: TourViewport,
): TourCardPlacement {
  const preferred = placeTourCard(target, position, viewport);
  if (!target || position === 'center' || !overlaps(preferred, target)) return preferred;
  for (const fallback of ['bottom', 'top'] as const) {
    const placement = placeTourCard(target, fallback, viewport);
    if (!overlaps(placement, target)) return placement;
  }
  return preferred;
}
