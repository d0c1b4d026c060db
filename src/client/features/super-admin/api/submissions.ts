import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateDemoRequestInput } from '../../../../common/validation/public-submissions';
import { useKeysetList } from '../../../components/data-table/use-keyset-list';
import { apiRequest } from '../../../lib/api';

export type SubmissionKind = 'early-access-signups' | 'demo-requests' | 'support-submissions' | 'feedback';

export interface EarlyAccessSignup {
  id: string;
  name: string;
  email: string;
  company: string | null;
  persona: string;
  createdAt: string;
}

export interface DemoRequest {
  id: string;
  name: string;
  email: string;
  company: string;
  persona: string;
  message: string | null;
  phoneNumber: string | null;
  preferredTime: string | null;
  status: string;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SupportSubmission {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  type: string;
  description: string;
  /** An https link; uploaded screenshots are served by `supportImageUrl`. */
  imageUrl: string | null;
  hasImage: boolean;
  createdAt: string;
}

export interface FeedbackItem {
  id: string;
  type: string;
  message: string;
  page: string | null;
  userAgent: string | null;
  submittedAt: string;
  organizationId: string | null;
  organizationName: string | null;
  userId: string | null;
  userEmail: string | null;
}

const submissionsPath = (kind: SubmissionKind) => `/api/super-admin/${kind}`;

/** One kind's list, newest first; `params` carries search and filters (blanks left out). */
export function useSubmissions<T>(kind: SubmissionKind, params: Record<string, string>) {
  const set = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''));
  return useKeysetList<T>(submissionsPath(kind), set);
}

/** The CSV of the same filtered list (every page). */
export function submissionsExportUrl(kind: SubmissionKind, params: Record<string, string>): string {
  const set = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''));
  const query = new URLSearchParams(set).toString();
  return `${submissionsPath(kind)}/export${query ? `?${query}` : ''}`;
}

/** An uploaded screenshot of a support submission (super admins only). */
export function supportImageUrl(id: string): string {
  return `/api/support-submissions/${id}/image`;
}

export function useUpdateDemoRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateDemoRequestInput) => {
      const res = await apiRequest('PATCH', `${submissionsPath('demo-requests')}/${id}`, input);
      return (await res.json()) as DemoRequest;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [submissionsPath('demo-requests')] }),
  });
}
