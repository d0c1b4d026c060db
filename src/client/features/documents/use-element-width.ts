import { useEffect, useState } from 'react';

/**
 * The width of an element in CSS pixels, kept up to date as it resizes (pages that fit the
 * screen). Returns a callback ref for the element, and its width (0 until it is measured).
 */
export function useElementWidth<T extends HTMLElement>(): [(element: T | null) => void, number] {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    // The observer reports the element's size once when it starts observing, then on each change.
    // A collapsed moment (0 px while the layout settles) keeps the last width, so what is drawn at
    // that width is not unmounted only to collapse the element again.
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) setWidth(element.clientWidth);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width];
}
