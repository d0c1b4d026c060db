import type { SensorContext } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { createBoardKeyboardMoves } from './board-keyboard-coordinates';

interface Droppable {
  id: string;
  data: Record<string, unknown>;
  left: number;
}

/** Columns 330 px apart (most of them off a 390 px screen) and the cards inside them. */
const droppables: Droppable[] = [
  ...['Research', 'Contact', 'Documents', 'Signed', 'Paid'].map((stage, i) => ({
    id: `column:${stage}`,
    data: { type: 'column', stage },
    left: 16 + i * 330,
  })),
  // A card of the current column a pixel right of the dragged one: not "the next to the right".
  { id: 'card-1', data: { type: 'card', stage: 'Research' }, left: 25 },
  { id: 'card-2', data: { type: 'card', stage: 'Signed' }, left: 1015 },
];

function contextOver(stage: string | null): SensorContext {
  const containers = droppables.map((d) => ({ id: d.id, data: { current: d.data }, disabled: false }));
  const rects = new Map(droppables.map((d) => [d.id, { left: d.left, top: 300, width: 300, height: 500 }]));
  return {
    active: { id: 'dragged', data: { current: { type: 'card', stage: 'Research' } } },
    over: stage ? { id: `column:${stage}`, data: { current: { type: 'column', stage } } } : null,
    droppableContainers: { getEnabled: () => containers },
    droppableRects: rects,
  } as unknown as SensorContext;
}

type Moves = ReturnType<typeof createBoardKeyboardMoves>;

function press(code: string, context: SensorContext, moves: Moves = createBoardKeyboardMoves()) {
  // The tests run in Node (no DOM): the getter reads only the key's code and may prevent its default.
  let prevented = false;
  const event = { code, preventDefault: () => (prevented = true) } as unknown as KeyboardEvent;
  const coordinates = moves.coordinateGetter(event, {
    active: 'dragged',
    currentCoordinates: { x: 24, y: 308 },
    context,
  });
  return { coordinates, prevented };
}

describe('createBoardKeyboardMoves', () => {
  it('moves one column at a time in the row’s order, to the top of the column, off screen too', () => {
    const moves = createBoardKeyboardMoves();
    expect(press('ArrowRight', contextOver('Research'), moves)).toEqual({
      coordinates: { x: 354, y: 308 },
      prevented: true,
    });
    expect(moves.reached()).toBe('Contact');
    // Quick presses count from the column reached, not from what dnd-kit last reported.
    press('ArrowRight', contextOver('Research'), moves);
    press('ArrowRight', contextOver('Research'), moves);
    expect(press('ArrowRight', contextOver('Contact'), moves).coordinates).toEqual({ x: 1344, y: 308 });
    expect(moves.reached()).toBe('Paid');
    expect(press('ArrowRight', contextOver('Paid'), moves).coordinates).toBeUndefined();
    expect(press('ArrowLeft', contextOver('Paid'), moves).coordinates).toEqual({ x: 1014, y: 308 });
    expect(moves.reached()).toBe('Signed');
    // A new drag starts from the card's own column again.
    moves.reset();
    expect(moves.reached()).toBeNull();
    expect(press('ArrowRight', contextOver(null), moves).coordinates).toEqual({ x: 354, y: 308 });
  });

  it('stays put at either end of the row, and on Up and Down (taken so the page does not scroll)', () => {
    expect(press('ArrowLeft', contextOver('Research'))).toEqual({
      coordinates: undefined,
      prevented: true,
    });
    expect(press('ArrowRight', contextOver('Paid')).coordinates).toBeUndefined();
    for (const code of ['ArrowUp', 'ArrowDown']) {
      expect(press(code, contextOver('Research'))).toEqual({
        coordinates: undefined,
        prevented: true,
      });
    }
    expect(press('KeyA', contextOver('Research'))).toEqual({
      coordinates: undefined,
      prevented: false,
    });
  });

  it('starts from the dragged card’s own column before dnd-kit reports one', () => {
    expect(press('ArrowRight', contextOver(null)).coordinates).toEqual({ x: 354, y: 308 });
  });
});
