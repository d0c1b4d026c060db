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
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width];
}
