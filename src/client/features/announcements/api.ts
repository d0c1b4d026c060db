import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

/** One announcement as the bell shows it (GET /api/system-updates). */
export interface MyAnnouncement {
  id: string;
  title: string;
  description: string | null;
  category: string | null;
  priority: 'low' | 'normal' | 'high' | 'urgent';
  iconType: 'info' | 'success' | 'warning' | 'alert' | 'release';
  actionUrl: string | null;
  expiresAt: string | null;
  createdAt: string;
  isRead: boolean;
}

export interface MyAnnouncements {
  items: MyAnnouncement[];
  unreadCount: number;
}

export const myAnnouncementsPath = '/api/system-updates';
const myAnnouncementsKey = [myAnnouncementsPath] as const;

/** How often the bell asks again while the page is open; it also asks when the tab regains focus. */
export const announcementsPollMs = 60_000;

export function useMyAnnouncements() {
  return useQuery<MyAnnouncements>({
    queryKey: myAnnouncementsKey,
    staleTime: 30_000,
    refetchInterval: announcementsPollMs,
    refetchOnWindowFocus: true,
  });
}

/** Marking answers the bell's new state, so no second request is needed. */
function useMarkRead<T>(request: (input: T) => Promise<Response>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => (await (await request(input)).json()) as MyAnnouncements,
    onSuccess: (answer) => queryClient.setQueryData(myAnnouncementsKey, answer),
  });
}

export function useMarkAnnouncementRead() {
  return useMarkRead((id: string) => apiRequest('POST', `${myAnnouncementsPath}/${id}/read`));
}

export function useMarkAllAnnouncementsRead() {
  return useMarkRead<void>(() => apiRequest('POST', `${myAnnouncementsPath}/read-all`));
}
