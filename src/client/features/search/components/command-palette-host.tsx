import { lazy, useEffect } from 'react';
import { LoadOnOpen } from '../../../components/load-on-open';
import { isPaletteHotkey } from '../palette-hotkey';
import { setCommandPaletteOpen, toggleCommandPalette, useCommandPaletteOpen } from '../palette-store';

const CommandPalette = lazy(() => import('./command-palette').then((m) => ({ default: m.CommandPalette })));

/**
 * The palette's hotkey (Ctrl+K / Cmd+K) for every signed-in screen; the palette itself loads the
 * first time it opens (docs/decisions/042).
 */
export function CommandPaletteHost() {
  const open = useCommandPaletteOpen();

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!isPaletteHotkey(event)) return;
      event.preventDefault();
      toggleCommandPalette();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // Closed on unmount (sign-out), so the next session starts with it closed.
  useEffect(() => () => setCommandPaletteOpen(false), []);

  return (
    <LoadOnOpen open={open}>
      <CommandPalette />
    </LoadOnOpen>
  );
}
