import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether a horizontally scrolling box has more to show on its left or right, kept up to date as
 * it scrolls or resizes: for a fade that hints at hidden columns. `contentKey` changes when the
 * box's children do, to measure again; undefined while there is nothing to show yet.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>, contentKey: unknown) {
  const [edges, setEdges] = useState({ left: false, right: false });
  useEffect(() => {
    const box = ref.current;
    if (!box || contentKey === undefined) return;
    const measure = () => {
      // A pixel of slack: fractional widths leave a sub-pixel remainder at the end.
      const left = box.scrollLeft > 1;
      const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setEdges((current) => (current.left === left && current.right === right ? current : { left, right }));
    };
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    for (const child of box.children) observer.observe(child);
    return () => {
      box.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [ref, contentKey]);
  return edges;
}
