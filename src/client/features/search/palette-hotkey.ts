// Apart from the palette's model: the shortcut is listened for on every page, the palette loads on use.

/** Ctrl+K (Cmd+K on a Mac) opens the palette. */
export function isPaletteHotkey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return (
    (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k'
  );
}
