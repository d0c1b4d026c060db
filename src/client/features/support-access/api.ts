import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export interface EndedSupportAccess {
  ended: true;
  /** False when the super admin's own session was gone meanwhile: the browser is signed out. */
  restored: boolean;
}

/**
 * POST /api/support-access/end. The page is then reloaded at its destination, so nothing the
 * borrowed user's screens cached survives into the super admin's.
 */
export function useEndSupportAccess() {
  return useMutation({
    mutationFn: async () =>
      (await (await apiRequest('POST', '/api/support-access/end')).json()) as EndedSupportAccess,
    onSuccess: ({ restored }) => {
      window.location.assign(restored ? '/super-admin/support-access' : '/auth');
    },
  });
}
