import { type QueryFunction, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PermissionSet, Role } from '../../../common/permissions';
import type {
  AcceptInvitationInput,
  ChangePasswordInput,
  ForgotPasswordInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
} from '../../../common/validation/auth';
import { apiRequest, getQueryFn } from '../../lib/api';
import { rememberSignedIn } from './signed-in-hint';

/** The signed-in user as GET /api/user answers it (product spec §3). */
export interface CurrentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isSuperAdmin: boolean;
  mustChangePassword: boolean;
  permissions: PermissionSet;
  organizationIndustry: string | null;
  industrySector: string | null;
  colorScheme: string | null;
  showReleaseNotifications: boolean;
  lastSeenReleaseVersion: string | null;
  role: Role;
  organizationId: string;
  organizationName: string;
  isOwner: boolean;
  teamId: string | null;
  status: string;
  phoneNumber: string | null;
  phoneNumberFormat: string | null;
  timezone: string | null;
  dateNumberFormat: string | null;
  language: string | null;
  defaultCurrency: string | null;
  kanbanTheme: string | null;
  /** Set while a super admin views the organization as this user, read-only (issue 20). */
  supportAccess: {
    id: string;
    superAdmin: { id: string; email: string; name: string };
    expiresAt: string;
  } | null;
}

export const currentUserQueryKey = ['/api/user'] as const;

const sessionQueryKey = ['/api/session'] as const;
const fetchSession = getQueryFn<{ user: CurrentUser | null }>({ on401: 'returnNull' });

/**
 * The current user through GET /api/session, which answers a visitor with `{user: null}` rather
 * than the 401 of GET /api/user that the browser would log as an error on every public page. The
 * cache keeps the key of /api/user, which the sign-in and profile calls update.
 */
const fetchCurrentUser: QueryFunction<CurrentUser | null> = async (context) =>
  (await fetchSession({ ...context, queryKey: sessionQueryKey }))?.user ?? null;

/**
 * The sign-in state (spec §4): a user, or null when the call answers 401, 403 or fails.
 * Fresh for 5 minutes, never retried, checked again when a screen using it mounts.
 */
export function useCurrentUser() {
  const query = useQuery<CurrentUser | null>({
    queryKey: currentUserQueryKey,
    queryFn: fetchCurrentUser,
    staleTime: 5 * 60 * 1000,
    retry: false,
    refetchOnMount: true,
  });
  const answered = query.data !== undefined;
  const signedIn = query.data != null;
  useEffect(() => {
    if (answered) rememberSignedIn(signedIn);
  }, [answered, signedIn]);
  return {
    user: query.data ?? null,
    /** True only until the first answer (or failure): public routes are served meanwhile. */
    isLoading: query.isPending && query.fetchStatus === 'fetching',
  };
}

async function readUser(res: Response): Promise<CurrentUser> {
  return (await res.json()) as CurrentUser;
}

/** Sign-in and registration both answer the current user: it becomes the cached user at once. */
function useAuthMutation<TInput>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) => readUser(await apiRequest('POST', path, input)),
    onSuccess: (user) => {
      // Nothing cached for a previous visitor survives a sign-in.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}

export function useLogin() {
  return useAuthMutation<LoginInput>('/api/auth/login');
}

export function useRegister() {
  return useAuthMutation<RegisterInput>('/api/auth/register');
}

/** The caller refetches the user afterwards (it may want to move to another page first). */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) => {
      await apiRequest('POST', '/api/auth/change-password', input);
    },
  });
}

/** POST /api/auth/forgot-password: always the same neutral message. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: async (input: ForgotPasswordInput) =>
      (await (await apiRequest('POST', '/api/auth/forgot-password', input)).json()) as { message: string },
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: ResetPasswordInput) => {
      await apiRequest('POST', '/api/auth/reset-password', input);
    },
  });
}

/** Accepting an invitation signs the new user in, as a sign-in does. */
export function useAcceptInvitation() {
  return useAuthMutation<AcceptInvitationInput>('/api/auth/accept-invitation');
}

export interface TokenInfo {
  valid: boolean;
  email: string | null;
  firstName: string | null;
  organizationName: string | null;
}

/** Whether an e-mailed link still works, and whom it greets. */
export function useTokenInfo(token: string, purpose: 'password_reset' | 'invitation') {
  return useQuery<TokenInfo>({
    queryKey: [`/api/auth/token?${new URLSearchParams({ token, purpose })}`],
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
