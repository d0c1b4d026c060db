import { useEffect, useState } from 'react';
import type { SystemStatus } from '../../../common/validation/system-config';

/** How often an open public page asks again (maintenance starts and ends without a reload). */
const refreshMs = 60_000;

/**
 * GET /api/system-status (issue 20 §3): whether Locus is in maintenance and whether sign-up is
 * open. A plain fetch, not the app's query layer: the lean public entry uses it too. Null until
 * it answers (or when it cannot be read: nothing is shown then).
 */
export function useSystemStatus(): SystemStatus | null {
  const [status, setStatus] = useState<SystemStatus | null>(null);
  useEffect(() => {
    let live = true;
    const load = async () => {
      try {
        const res = await fetch('/api/system-status', { credentials: 'include' });
        if (res.ok && live) setStatus((await res.json()) as SystemStatus);
      } catch {
        // Offline: the connectivity monitor says so; no banner to change.
      }
    };
    void load();
    const timer = setInterval(() => void load(), refreshMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return status;
}
