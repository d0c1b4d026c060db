import { KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';
import { stageOf } from './board-model';

/** Where a card lands in a column's body: just inside its padding, at the top (a move puts it first). */
const inset = 8;

/** Columns to move by per arrow key; Up and Down are taken (no page scroll) but move nothing. */
const steps: Partial<Record<string, number>> = {
  [KeyboardCode.Right]: 1,
  [KeyboardCode.Left]: -1,
  [KeyboardCode.Up]: 0,
  [KeyboardCode.Down]: 0,
};

/**
 * Keyboard moves on the board go column by column, in the board's order. The target is chosen by
 * position in the row, never by geometry: a card of the current column may sit a pixel right of
 * the dragged one and would count as "the next thing to the right". dnd-kit's rects are live (they
 * follow scrolling), so a column outside the board's box is found too, and the keyboard sensor
 * then scrolls the board until that column lies under the card. Cards are not ordered by hand
 * within a column, so Up and Down do nothing.
 *
 * `reached()` is the column the keys have reached: dnd-kit learns what the card is over only after
 * the next render, and quick key presses must not count from a column already left. The board
 * resets it when a drag starts and ends, and drops a keyboard drag there.
 */
export function createBoardKeyboardMoves() {
  let reached: string | null = null;
  const coordinateGetter: KeyboardCoordinateGetter = (event, { context }) => {
    const step = steps[event.code];
    if (step === undefined) return undefined;
    event.preventDefault();
    if (step === 0) return undefined;

    const columns = context.droppableContainers
      .getEnabled()
      .filter((container) => container.data.current?.type === 'column')
      .flatMap((container) => {
        const rect = context.droppableRects.get(container.id);
        return rect ? [{ stage: stageOf(container.data.current), rect }] : [];
      })
      .toSorted((a, b) => a.rect.left - b.rect.left);
    const current = reached ?? stageOf(context.over?.data.current) ?? stageOf(context.active?.data.current);
    const index = columns.findIndex((column) => column.stage === current);
    const to = columns[index + step];
    if (index < 0 || !to) return undefined;
    reached = to.stage;
    return { x: to.rect.left + inset, y: to.rect.top + inset };
  };
  return {
    coordinateGetter,
    reached: () => reached,
    reset: () => {
      reached = null;
    },
  };
}
