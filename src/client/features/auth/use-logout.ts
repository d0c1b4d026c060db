import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { toast } from '../../lib/toast';
import { currentUserQueryKey } from './api';

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
      window.location.href = '/api/logout';
    }, logoutNavigationDelayMs);
  }, [queryClient, navigate]);
}
