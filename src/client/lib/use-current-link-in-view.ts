import { type RefObject, useEffect } from 'react';

/**
 * On phones a page's section list is a sideways strip: when the current section changes, scroll
 * the strip so its link (the one with aria-current="page") sits in the middle.
 */
export function useCurrentLinkInView(navRef: RefObject<HTMLElement | null>, current: string | null) {
  useEffect(() => {
    const nav = navRef.current;
    const link = current ? nav?.querySelector<HTMLElement>('[aria-current="page"]') : null;
    if (nav && link && nav.scrollWidth > nav.clientWidth) {
      const navBox = nav.getBoundingClientRect();
      const linkBox = link.getBoundingClientRect();
      nav.scrollLeft += linkBox.left - navBox.left - (navBox.width - linkBox.width) / 2;
    }
  }, [navRef, current]);
}
