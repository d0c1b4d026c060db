import { useSyncExternalStore } from 'react';

/* Whether the command palette is open, shared by the hotkey, the nav button and the dialog. */

let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export const openCommandPalette = () => set(true);
export const closeCommandPalette = () => set(false);
export const toggleCommandPalette = () => set(!open);
export const setCommandPaletteOpen = (next: boolean) => set(next);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useCommandPaletteOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
