import { useMemo, useRef } from 'react';

/**
 * The element focused last, a menu counting as its button. A dialog opened from a menu item
 * ("Edit" in a row's menu) has no Radix trigger, and the item is gone once the menu closes, so
 * Radix would return focus to the page's body; the menu's button (named by the menu's
 * aria-labelledby, as Radix sets it; a mouse press opens the menu without focusing it) is the opener.
 */
let lastFocused: HTMLElement | null = null;

if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      if (!(target instanceof HTMLElement)) return;
      const menu = target.closest('[role="menu"]');
      if (!menu) {
        lastFocused = target;
        return;
      }
      const button = document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
      if (button) lastFocused = button;
    },
    true,
  );
}

interface AutoFocusHandlers {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Focus handlers for a Radix dialog's content: remember the opener as it opens (focus has not
 * moved yet) and give it focus back when the dialog closes, whichever way it was opened. The
 * caller's own handlers run first; one that prevents the default keeps its own choice.
 */
export function useFocusReturn({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers) {
  const opener = useRef<HTMLElement | null>(null);
  return useMemo(
    () => ({
      onOpenAutoFocus: (event: Event) => {
        opener.current = lastFocused?.isConnected ? lastFocused : null;
        onOpenAutoFocus?.(event);
      },
      onCloseAutoFocus: (event: Event) => {
        onCloseAutoFocus?.(event);
        const element = opener.current;
        opener.current = null;
        if (event.defaultPrevented || !element?.isConnected) return;
        event.preventDefault();
        element.focus();
      },
    }),
    [onOpenAutoFocus, onCloseAutoFocus],
  );
}
