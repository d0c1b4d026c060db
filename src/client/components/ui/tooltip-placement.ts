/** Spec §9: a tooltip opens 700 ms after the pointer rests on its trigger. */
export const tooltipDelayMs = 700;

export type TooltipSide = 'top' | 'right' | 'bottom' | 'left';

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface TooltipPlacement {
  left: number;
  top: number;
  /** The arrow's offset inside the tooltip, pointing at the trigger's centre. */
  arrow: { left: number; top: number };
}

/** Between the trigger and its tooltip. */
const gap = 6;
/** The tooltip keeps this far from the viewport's edges. */
const margin = 8;
/** Half the arrow's diagonal box (a 8 px square turned 45°). */
const arrowHalf = 4;

const opposite: Record<TooltipSide, TooltipSide> = {
  top: 'bottom',
  bottom: 'top',
  left: 'right',
  right: 'left',
};

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, Math.max(min, max)));
}

function fits(side: TooltipSide, trigger: Box, tooltip: Box, viewport: { width: number; height: number }) {
  if (side === 'bottom')
    return trigger.top + trigger.height + gap + tooltip.height <= viewport.height - margin;
  if (side === 'top') return trigger.top - gap - tooltip.height >= margin;
  if (side === 'right') return trigger.left + trigger.width + gap + tooltip.width <= viewport.width - margin;
  return trigger.left - gap - tooltip.width >= margin;
}

/**
 * Where a tooltip of `tooltip`'s size goes beside `trigger`: on the asked side, or the opposite one
 * when it does not fit there; centred on the trigger and kept inside the viewport, its arrow still
 * pointing at the trigger's centre.
 */
export function placeTooltip(
  trigger: Box,
  tooltip: Box,
  asked: TooltipSide,
  viewport: { width: number; height: number },
): TooltipPlacement {
  const side =
    fits(asked, trigger, tooltip, viewport) || !fits(opposite[asked], trigger, tooltip, viewport)
      ? asked
      : opposite[asked];
  const centreX = trigger.left + trigger.width / 2;
  const centreY = trigger.top + trigger.height / 2;
  if (side === 'top' || side === 'bottom') {
    const left = clamp(centreX - tooltip.width / 2, margin, viewport.width - margin - tooltip.width);
    const top = side === 'bottom' ? trigger.top + trigger.height + gap : trigger.top - gap - tooltip.height;
    const arrowLeft = clamp(centreX - left - arrowHalf, arrowHalf, tooltip.width - 3 * arrowHalf);
    return {
      left,
      top,
      arrow: { left: arrowLeft, top: side === 'bottom' ? -arrowHalf : tooltip.height - arrowHalf },
    };
  }
  const top = clamp(centreY - tooltip.height / 2, margin, viewport.height - margin - tooltip.height);
  const left = side === 'right' ? trigger.left + trigger.width + gap : trigger.left - gap - tooltip.width;
  const arrowTop = clamp(centreY - top - arrowHalf, arrowHalf, tooltip.height - 3 * arrowHalf);
  return {
    left,
    top,
    arrow: { left: side === 'right' ? -arrowHalf : tooltip.width - arrowHalf, top: arrowTop },
  };
}
