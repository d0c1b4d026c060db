import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { activityStatuses, activityTypes } from '../../../common/allowed-values';
import { useKeysetList } from '../../components/data-table/use-keyset-list';
import { apiRequest, patchRecord, uploadRequest } from '../../lib/api';

export type ActivityType = (typeof activityTypes)[number];
export type ActivityStatus = (typeof activityStatuses)[number];

/** Whose timeline: activities on a lead live under /api/lead-activities, the rest under /api/activities. */
export interface TimelineSubject {
  kind: 'lead' | 'client' | 'deal';
  id: string;
}

/** A link or an uploaded file on an activity; uploads know their size. */
export interface ActivityAttachment {
  name: string;
  url: string;
  size?: number;
}

/** What POST /api/files answers. */
export interface UploadedFile {
  name: string;
  url: string;
  size: number;
  contentType: string;
}

export interface Activity {
  id: string;
  leadId?: string;
  clientId?: string | null;
  dealId?: string | null;
  userId: string | null;
  type: ActivityType;
  subject: string;
  description: string | null;
  emailContent: string | null;
  attachments: ActivityAttachment[] | null;
  status: ActivityStatus;
  dueDate: string | null;
  completedAt: string | null;
  overdue: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The fields a user fills in; the subject's id is added per timeline. */
export interface ActivityInput {
  type: ActivityType;
  subject: string;
  description?: string | null;
  emailContent?: string | null;
  status: ActivityStatus;
  dueDate?: string | null;
  attachments: ActivityAttachment[];
}

export function activitiesPath(subject: TimelineSubject): string {
  return subject.kind === 'lead' ? '/api/lead-activities' : '/api/activities';
}

function ownerKey(subject: TimelineSubject): Record<string, string> {
  return { [`${subject.kind}Id`]: subject.id };
}

/** Uploads one file for an activity's attachments; `onProgress` gets 0…1 as the bytes go out. */
export function uploadAttachment(file: File, onProgress?: (fraction: number) => void) {
  const query = new URLSearchParams({ name: file.name, type: file.type });
  return uploadRequest<UploadedFile>(`/api/files?${query}`, file, onProgress);
}

export function useActivities(subject: TimelineSubject) {
  return useKeysetList<Activity>(activitiesPath(subject), { ...ownerKey(subject), sort: '-createdAt' });
}

function useInvalidateActivities(subject: TimelineSubject) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [activitiesPath(subject)] }),
      // The dashboard's task list, and its overdue count beside it.
      queryClient.invalidateQueries({ queryKey: ['/api/tasks/mine'] }),
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/dashboard'),
      }),
    ]);
}

export function useCreateActivity(subject: TimelineSubject) {
  const invalidate = useInvalidateActivities(subject);
  return useMutation({
    mutationFn: async (input: ActivityInput) =>
      (await (
        await apiRequest('POST', activitiesPath(subject), { ...input, ...ownerKey(subject) })
      ).json()) as Activity,
    onSuccess: invalidate,
  });
}

export function useUpdateActivity(subject: TimelineSubject) {
  const invalidate = useInvalidateActivities(subject);
  return useMutation({
    // Only the fields changed, against the version of the activity on screen.
    mutationFn: ({ activity, input }: { activity: Activity; input: Partial<ActivityInput> }) =>
      patchRecord(`${activitiesPath(subject)}/${activity.id}`, activity, input),
    onSuccess: invalidate,
  });
}

export function useDeleteActivity(subject: TimelineSubject) {
  const invalidate = useInvalidateActivities(subject);
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${activitiesPath(subject)}/${id}`);
    },
    onSuccess: invalidate,
  });
}
