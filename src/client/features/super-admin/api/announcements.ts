import {
  type QueryFunctionContext,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AnnouncementAudience,
  PostAnnouncementInput,
} from '../../../../common/validation/announcements';
import { apiRequest, getQueryFn } from '../../../lib/api';
import { myAnnouncementsPath } from '../../announcements/api';

/** One row of GET /api/super-admin/system-updates. */
export interface Announcement {
  id: string;
  audience: AnnouncementAudience;
  organizationId: string | null;
  organizationName: string | null;
  userId: string | null;
  userEmail: string | null;
  title: string;
  description: string | null;
  category: string | null;
  priority: string;
  iconType: string;
  actionUrl: string | null;
  expiresAt: string | null;
  expired: boolean;
  createdAt: string;
  createdByName: string | null;
  readCount: number;
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

export interface AnnouncementFilters {
  search: string;
  audience: string;
}

export const announcementsPath = '/api/super-admin/system-updates';
const pageSize = 25;
const readPage = getQueryFn<Page<Announcement>>({ on401: 'throw' });

export function useAnnouncements(filters: AnnouncementFilters) {
  const params = { ...filters, limit: String(pageSize) };
  return useInfiniteQuery({
    queryKey: [announcementsPath, params],
    initialPageParam: null as string | null,
    queryFn: (context) =>
      readPage({
        ...context,
        queryKey: [announcementsPath, { ...params, ...(context.pageParam && { cursor: context.pageParam }) }],
      } as unknown as QueryFunctionContext),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

function useAnnouncementChange<T>(request: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [announcementsPath] });
      // The super admin's own bell shows announcements to everyone too.
      void queryClient.invalidateQueries({ queryKey: [myAnnouncementsPath] });
    },
  });
}

export function usePostAnnouncement() {
  return useAnnouncementChange(
    async (input: PostAnnouncementInput) =>
      (await (await apiRequest('POST', announcementsPath, input)).json()) as Announcement,
  );
}

export function useDeleteAnnouncement() {
  return useAnnouncementChange(async (id: string) => {
    await apiRequest('DELETE', `${announcementsPath}/${id}`);
  });
}

/** Organizations to address an announcement to (the organizations section's list, by name). */
export function useOrganizationChoices(search: string, enabled: boolean) {
  return useQuery<Page<{ id: string; name: string }>>({
    queryKey: ['/api/super-admin/organizations', { search, limit: '20', sort: 'name' }],
    enabled,
  });
}
