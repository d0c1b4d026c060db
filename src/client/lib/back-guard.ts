/**
 * Back and Forward while a form holds unsaved changes: a guard may refuse the history move before
 * the router follows it. The one popstate listener is installed at start-up (main.tsx), before the
 * router's: at the window, listeners run in the order they were added, capture or not.
 */
type BackGuard = () => boolean;

const guards = new Set<BackGuard>();

export function installBackGuard() {
  window.addEventListener('popstate', (event) => {
    for (const guard of guards) {
      if (guard()) {
        event.stopImmediatePropagation();
        return;
      }
    }
  });
}

/** Adds a guard (true: the move was refused and undone); answers its removal. */
export function addBackGuard(guard: BackGuard): () => void {
  guards.add(guard);
  return () => guards.delete(guard);
}
