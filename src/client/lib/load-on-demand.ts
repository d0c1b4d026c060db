import { useSyncExternalStore } from 'react';

/**
 * A module loaded on first demand, that components re-render with once it is there: `request()`
 * starts the import (once; again after a failure, offline or after a new deployment), `use()` is
 * the loaded value or undefined until then, `current()` the same outside React.
 */
export function loadOnDemand<T>(load: () => Promise<T>) {
  let value: T | undefined;
  let loading: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const current = () => value;
  return {
    request() {
      loading ??= load()
        .then((loaded) => {
          value = loaded;
          for (const listener of listeners) listener();
        })
        .catch(() => {
          loading = undefined;
        });
    },
    // The server render (tests, static markup) sees the same value: none until loaded.
    use: () => useSyncExternalStore(subscribe, current, current),
    current,
  };
}
