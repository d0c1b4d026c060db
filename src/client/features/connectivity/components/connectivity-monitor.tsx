import { WifiOff } from 'lucide-react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { toast } from '../../../lib/toast';
import { installGlobalErrorHandler } from '../global-errors';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** navigator.onLine, following the browser's online and offline events. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** Spec §8: the offline notice stays 5 s, the back-online one 3 s. */
export const offlineToastMs = 5000;
export const onlineToastMs = 3000;

/**
 * Online status (spec §2, §4, §8): a red banner at the top while offline and a toast on each change.
 * Also installs the global handler for uncaught errors (global-errors.ts).
 */
export function ConnectivityMonitor() {
  const online = useOnlineStatus();
  const previous = useRef(online);

  useEffect(() => installGlobalErrorHandler(window), []);

  useEffect(() => {
    if (previous.current === online) return;
    previous.current = online;
    if (online) {
      toast.success('Your internet connection has been restored.', { duration: onlineToastMs });
    } else {
      toast.error("You're offline", {
        description: 'Some features may not work until your connection is restored.',
        duration: offlineToastMs,
      });
    }
  }, [online]);

  if (online) return null;
  return (
    <div
      role="alert"
      className="relative z-50 flex items-center justify-center gap-2 bg-red-600 px-4 py-2 text-center text-sm font-medium text-white"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      You're currently offline. Some features may not work properly.
    </div>
  );
}
