import { type RefObject, useCallback, useEffect, useRef } from 'react';

/**
 * The stage column under the mouse where a drag ended. dnd-kit works out the column a card is
 * over on the pointer moves after the one that starts the drag, so a drag made of a single move
 * (a quick flick, a script) would end over the column it began in: the pointer's last position
 * is the truth. Only for mouse and pen drags; the keyboard and touch sensors report their own.
 */
export function useStageUnderPointer(boardRef: RefObject<HTMLElement | null>) {
  const last = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => {
    const record = (event: PointerEvent) => {
      last.current = { x: event.clientX, y: event.clientY };
    };
    // Capture on window: this runs before dnd-kit's own pointerup ends the drag.
    window.addEventListener('pointermove', record, true);
    window.addEventListener('pointerup', record, true);
    return () => {
      window.removeEventListener('pointermove', record, true);
      window.removeEventListener('pointerup', record, true);
    };
  }, []);

  return useCallback(
    (activatorEvent: Event | null): string | null => {
      const point = last.current;
      const board = boardRef.current;
      if (!(activatorEvent instanceof PointerEvent) || activatorEvent.pointerType === 'touch') return null;
      if (!point || !board) return null;
      for (const element of document.elementsFromPoint(point.x, point.y)) {
        const column = element.closest<HTMLElement>('section[data-stage]');
        if (column && board.contains(column)) return column.dataset.stage ?? null;
      }
      return null;
    },
    [boardRef],
  );
}
