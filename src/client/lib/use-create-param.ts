import { useEffect } from 'react';
import { useSearchParams } from 'wouter';

/**
 * `?new=1` (the dashboard's shortcuts, the command palette) opens the page's create dialog once
 * and then leaves the address bar, so Back or a reload does not open it again.
 */
export function useCreateParam(openCreate: () => void, allowed: boolean) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('new') === '1';
  useEffect(() => {
    if (!wanted) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('new');
        return next;
      },
      { replace: true },
    );
    if (allowed) openCreate();
  }, [wanted, allowed, openCreate, setParams]);
}
