import { describe, expect, it } from 'vitest';
import { placeTooltip } from './tooltip-placement';

const viewport = { width: 1440, height: 900 };
const tooltip = { left: 0, top: 0, width: 120, height: 30 };

describe('placeTooltip', () => {
  it('centres the tooltip below its trigger, the arrow at the trigger’s centre', () => {
    const trigger = { left: 500, top: 20, width: 40, height: 36 };
    expect(placeTooltip(trigger, tooltip, 'bottom', viewport)).toEqual({
      left: 460,
      top: 62,
      arrow: { left: 56, top: -4 },
    });
  });

  it('keeps the tooltip inside the viewport and the arrow on the trigger near an edge', () => {
    const trigger = { left: 1400, top: 20, width: 36, height: 36 };
    const placed = placeTooltip(trigger, tooltip, 'bottom', viewport);
    expect(placed.left).toBe(1440 - 8 - 120);
    expect(placed.left + placed.arrow.left + 4).toBe(1418);
  });

  it('opens on the opposite side when the asked one has no room', () => {
    const trigger = { left: 500, top: 860, width: 40, height: 36 };
    expect(placeTooltip(trigger, tooltip, 'bottom', viewport)).toMatchObject({
      top: 860 - 6 - 30,
      arrow: { top: 26 },
    });
    const atLeftEdge = { left: 10, top: 400, width: 40, height: 40 };
    expect(placeTooltip(atLeftEdge, tooltip, 'left', viewport)).toMatchObject({
      left: 56,
      top: 405,
      arrow: { left: -4 },
    });
  });

  it('stays on the asked side when neither side has room', () => {
    const tall = { left: 0, top: 0, width: 120, height: 600 };
    const trigger = { left: 500, top: 400, width: 40, height: 40 };
    expect(placeTooltip(trigger, tall, 'bottom', viewport).top).toBe(446);
  });
});
