import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { companyRelationshipStatuses } from '../../../common/allowed-values';
import type { CreateCompanyInput } from '../../../common/validation/companies';
import { useOptimisticPatch } from '../../components/data-table/use-optimistic-patch';
import { apiRequest } from '../../lib/api';

export type RelationshipStatus = (typeof companyRelationshipStatuses)[number];

/** A company as /api/companies answers it (data-model §3). */
export interface Company {
  id: string;
  organizationId: string;
  companyName: string;
  website: string | null;
  industry: string | null;
  keyContact: string | null;
  employeeCount: number | null;
  estimatedRevenue: number | null;
  hqLocation: string | null;
  companyType: string | null;
  techStack: string[];
  relationshipStatus: RelationshipStatus;
  customTags: string[];
  assignedTo: string | null;
  notes: string | null;
  customFields: Record<string, unknown>;
  isSampleData: boolean;
  createdAt: string;
  updatedAt: string;
}

export const companiesPath = '/api/companies';
export const companyPath = (id: string) => `${companiesPath}/${id}`;

export function useCompany(id: string | null) {
  return useQuery<Company>({ queryKey: [companyPath(id ?? '')], enabled: id !== null });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateCompanyInput) =>
      (await (await apiRequest('POST', companiesPath, input)).json()) as Company,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [companiesPath] }),
  });
}

export function useUpdateCompany(id: string) {
  return useOptimisticPatch<Company>(companyPath(id), companiesPath);
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', companyPath(id));
    },
    // The open panel keeps showing the company while it closes: removing its query here would
    // make the panel fetch it again (404) on its last render.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [companiesPath] }),
  });
}
