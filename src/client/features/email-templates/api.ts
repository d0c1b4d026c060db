import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MergeEntityType, MergeField } from '../../../common/merge-fields';
import { apiRequest, patchRecord } from '../../lib/api';

/* E-mail templates, signatures and the merge-field catalogue (/api/email-templates, /api/email-signatures). */

export interface ListAnswer<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

export interface EmailTemplate {
  id: string;
  name: string;
  category: 'onboarding' | 'sales' | 'business' | 'general' | 'follow-up';
  subject: string;
  bodyHtml: string | null;
  bodyText: string | null;
  variables: string[] | null;
  isActive: boolean;
  usageCount: number;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface EmailSignature {
  id: string;
  name: string;
  bodyHtml: string | null;
  bodyText: string | null;
  isDefault: boolean;
  isActive: boolean;
  usageCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface Rendered {
  subject: string;
  bodyHtml: string;
  bodyText: string;
}

export const templatesPath = '/api/email-templates';
export const signaturesPath = '/api/email-signatures';

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export function useEmailTemplates(query: { search?: string; category?: string }) {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.category) params.set('category', query.category);
  const suffix = params.size > 0 ? `?${params}` : '';
  return useQuery<ListAnswer<EmailTemplate>>({ queryKey: [`${templatesPath}${suffix}`] });
}

export function useEmailSignatures() {
  return useQuery<ListAnswer<EmailSignature>>({ queryKey: [signaturesPath] });
}

export function useMergeFields() {
  return useQuery<ListAnswer<MergeField>>({ queryKey: ['/api/merge-fields'], staleTime: 60_000 });
}

/** Invalidates every cached read under `path` (filtered lists included). */
function useInvalidate(path: string) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(path),
    });
}

export function useSaveRecord<T extends { id: string; updatedAt: string }>(path: string) {
  const invalidate = useInvalidate(path);
  return useMutation({
    mutationFn: async ({ loaded, input }: { loaded: T | null; input: Record<string, unknown> }) =>
      loaded
        ? patchRecord(`${path}/${loaded.id}`, loaded, input)
        : json<T>(await apiRequest('POST', path, input)),
    onSettled: invalidate,
  });
}

export function useRecordAction<T>(path: string, action: (id: string) => Promise<T>) {
  const invalidate = useInvalidate(path);
  return useMutation({ mutationFn: action, onSettled: invalidate });
}

export const deleteRecord = (path: string) => async (id: string) => {
  await apiRequest('DELETE', `${path}/${id}`);
};

export const duplicateTemplate = async (id: string) =>
  json<EmailTemplate>(await apiRequest('POST', `${templatesPath}/${id}/duplicate`));

export interface PreviewInput {
  subject: string;
  bodyHtml: string;
  entityType?: MergeEntityType;
  entityId?: string;
}

export function usePreview() {
  return useMutation({
    mutationFn: async (input: PreviewInput) =>
      json<Rendered>(await apiRequest('POST', `${templatesPath}/preview`, input)),
  });
}

/** The records a preview can use: the 50 most recent of a kind, by name. */
export function usePreviewRecords(entityType: MergeEntityType | '') {
  const path = entityType === '' ? '' : recordPaths[entityType];
  return useQuery<ListAnswer<Record<string, unknown> & { id: string }>>({
    queryKey: [`${path}?limit=50`],
    enabled: entityType !== '',
  });
}

const recordPaths: Record<MergeEntityType, string> = {
  lead: '/api/leads',
  client: '/api/clients',
  company: '/api/companies',
  deal: '/api/deals',
};

export function recordName(entityType: MergeEntityType, record: Record<string, unknown>): string {
  const key = { lead: 'fullName', client: 'displayName', company: 'companyName', deal: 'dealName' }[
    entityType
  ];
  return String(record[key] ?? record.id);
}
