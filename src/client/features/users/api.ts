import {
  type QueryFunctionContext,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { PermissionSet, Role } from '../../../common/permissions';
import type { CreateTeamInput, UpdateTeamInput } from '../../../common/validation/teams';
import type { CreateUserInput, InviteUserInput, UpdateUserInput } from '../../../common/validation/users';
import { apiRequest, getQueryFn, patchRecord } from '../../lib/api';
import { currentUserQueryKey } from '../auth/api';

/** A list answer (DESIGN §3). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

export interface UserItem {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  status: 'active' | 'inactive';
  teamId: string | null;
  permissions: PermissionSet | null;
  isOwner: boolean;
  mustChangePassword: boolean;
  /** Invited by e-mail and not joined yet. */
  invitationPending?: boolean;
  phoneNumber: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TeamItem {
  id: string;
  name: string;
  description: string | null;
  permissions: PermissionSet | null;
  status: 'active' | 'inactive';
  memberCount: number;
  createdAt: string;
  updatedAt: string;
}

const usersPath = '/api/users';
const teamsPath = '/api/teams';
export const userPageSize = 50;

const readUserPage = getQueryFn<Page<UserItem>>({ on401: 'throw' });

/** The organization's users, 50 at a time; `search` matches names and e-mail. */
export function useUsers(search: string) {
  return useInfiniteQuery({
    queryKey: [usersPath, { search, limit: userPageSize }],
    initialPageParam: null as string | null,
    queryFn: (context) =>
      readUserPage({
        ...context,
        queryKey: [usersPath, { search, limit: userPageSize, cursor: context.pageParam }],
      } as unknown as QueryFunctionContext),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** An entry of the permission catalogue: what one box of the matrix means. */
export interface PermissionEntry {
  id: string;
  category: string;
  action: string;
  name: string;
  description: string | null;
}

/** GET /api/permissions: the catalogue the matrix names its boxes from (rarely changes). */
export function usePermissionCatalogue() {
  return useQuery<{ items: PermissionEntry[] }>({ queryKey: ['/api/permissions'], staleTime: 10 * 60_000 });
}

/** Every team (an organization has few), for the team column, pickers and the Teams tab. */
export function useTeams({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<Page<TeamItem>>({ queryKey: [teamsPath, { limit: 200 }], enabled });
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** Users and teams change together (member counts, the current user's own permissions). */
function useInvalidateDirectory() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [usersPath] }),
      queryClient.invalidateQueries({ queryKey: [teamsPath] }),
      queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    ]);
}

export function useCreateUser() {
  const invalidate = useInvalidateDirectory();
  return useMutation({
    mutationFn: async (input: CreateUserInput) => json<UserItem>(await apiRequest('POST', usersPath, input)),
    onSuccess: invalidate,
  });
}

/** POST /api/users/invitations: the user chooses their own password from the e-mailed link. */
export function useInviteUser() {
  const invalidate = useInvalidateDirectory();
  return useMutation({
    mutationFn: async (input: InviteUserInput) =>
      json<UserItem>(await apiRequest('POST', `${usersPath}/invitations`, input)),
    onSuccess: invalidate,
  });
}

/** POST /api/users/:id/invitations: a new link; the earlier one stops working. */
export function useResendInvitation() {
  return useMutation({
    mutationFn: async (user: UserItem) => {
      await apiRequest('POST', `${usersPath}/${user.id}/invitations`);
    },
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateDirectory();
  return useMutation({
    // Against the version of the user the form or row showed (a newer save opens the conflict dialog).
    mutationFn: ({ user, input }: { user: UserItem; input: UpdateUserInput }) =>
      patchRecord(`${usersPath}/${user.id}`, user, input),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateDirectory();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${usersPath}/${id}`);
    },
    onSuccess: invalidate,
  });
}

export function useCreateTeam() {
  const invalidate = useInvalidateDirectory();
  return useMutation({
    mutationFn: async (input: CreateTeamInput) => json<TeamItem>(await apiRequest('POST', teamsPath, input)),
    onSuccess: invalidate,
  });
}

export function useUpdateTeam() {
  const invalidate = useInvalidateDirectory();
  return useMutation({
    mutationFn: ({ team, input }: { team: TeamItem; input: UpdateTeamInput }) =>
      patchRecord(`${teamsPath}/${team.id}`, team, input),
    onSuccess: invalidate,
  });
}

export function useDeleteTeam() {
  const invalidate = useInvalidateDirectory();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${teamsPath}/${id}`);
    },
    onSuccess: invalidate,
  });
}
