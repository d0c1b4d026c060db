import { useEffect } from 'react';

/** The browser tab names the page ("Leads | Locus"); the previous title comes back on leaving it. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} | Locus`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
