import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { toast } from '../../lib/toast';
import { apiRequest } from '../../lib/api';
import { type CurrentUser, currentUserQueryKey } from './api';

/** Long enough for the "Logged out" toast to be seen before the browser leaves the page. */
export const logoutNavigationDelayMs = 400;

/**
 * Logout (spec §4): forget the user, every cached answer and both browser storages, say so, then
 * let the server end the session (GET /api/logout redirects to the landing page).
 */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useCallback(() => {
    // During support access the visit is ended first (recorded as such, the super admin's own
    // session back in the cookie), so signing out then signs the super admin out, not the user.
    const visiting = queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey)?.supportAccess;
    const visitEnded = visiting
      ? apiRequest('POST', '/api/support-access/end').catch(() => undefined)
      : Promise.resolve();
    queryClient.setQueryData(currentUserQueryKey, null);
    queryClient.clear();
    // Cached again as "no user" (fresh), so nothing asks the server for the user before we leave.
    queryClient.setQueryData(currentUserQueryKey, null);
    try {
      localStorage.clear();
      sessionStorage.clear();
    } catch {
      // Storage may be unavailable; the session still ends on the server.
    }
    navigate('/', { replace: true });
    toast('Logged out', { description: 'You have been successfully logged out.' });
    setTimeout(() => {
      void visitEnded.then(() => {
        window.location.href = '/api/logout';
      });
    }, logoutNavigationDelayMs);
  }, [queryClient, navigate]);
}
