import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { interestLevels, leadStatuses, phoneTypes } from '../../../common/allowed-values';
import type { ConvertLeadInput, CreateLeadInput } from '../../../common/validation/leads';
import { useOptimisticPatch } from '../../components/data-table/use-optimistic-patch';
import { apiRequest, getQueryFn } from '../../lib/api';

export type LeadStatus = (typeof leadStatuses)[number];
export type InterestLevel = (typeof interestLevels)[number];
export type PhoneType = (typeof phoneTypes)[number];

/** A lead as /api/leads answers it (data-model §3). */
export interface Lead {
  id: string;
  organizationId: string;
  fullName: string;
  email: string | null;
  phone: string | null;
  phoneType: PhoneType | null;
  businessName: string | null;
  industry: string | null;
  location: string | null;
  leadSource: string | null;
  leadStatus: LeadStatus;
  interestLevel: InterestLevel | null;
  assignedOwner: string | null;
  notes: string | null;
  customFields: Record<string, unknown>;
  tags: string[];
  lastContactDate: string | null;
  conversionDate: string | null;
  convertedClientId: string | null;
  isSampleData: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface DuplicateMatch {
  kind: 'lead' | 'client';
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

export const leadsPath = '/api/leads';
export const leadPath = (id: string) => `${leadsPath}/${id}`;

export function useLead(id: string) {
  return useQuery<Lead>({ queryKey: [leadPath(id)] });
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateLeadInput) => json<Lead>(await apiRequest('POST', leadsPath, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [leadsPath] }),
  });
}

export function useUpdateLead(id: string) {
  return useOptimisticPatch<Lead>(leadPath(id), leadsPath);
}

export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', leadPath(id));
    },
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: [leadPath(id)] });
      return queryClient.invalidateQueries({ queryKey: [leadsPath] });
    },
  });
}

export interface ConversionResult {
  client: { id: string; displayName: string };
  deal: { id: string; dealName: string } | null;
}

export function useConvertLead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ConvertLeadInput) =>
      json<ConversionResult>(await apiRequest('POST', `${leadPath(id)}/convert`, input)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [leadsPath] }),
        queryClient.invalidateQueries({ queryKey: [leadPath(id)] }),
        queryClient.invalidateQueries({ queryKey: ['/api/lead-activities'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/clients'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/deals'] }),
      ]),
  });
}

const readDuplicates = getQueryFn<{ items: DuplicateMatch[] }>({ on401: 'throw' });

/** Leads and clients with the same e-mail or phone (GET /api/leads/duplicates). */
export function useFindDuplicates() {
  const queryClient = useQueryClient();
  return async ({ email, phone }: { email?: string | null; phone?: string | null }) => {
    const params = { email: email?.trim() || undefined, phone: phone?.trim() || undefined };
    if (!params.email && !params.phone) return [];
    const answer = await queryClient.fetchQuery({
      queryKey: [`${leadsPath}/duplicates`, params],
      queryFn: readDuplicates,
      staleTime: 0,
    });
    return answer.items;
  };
}
