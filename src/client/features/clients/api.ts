import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateClientInput } from '../../../common/validation/clients';
import type { clientStatuses } from '../../../common/allowed-values';
import { useOptimisticPatch } from '../../components/data-table/use-optimistic-patch';
import { apiRequest } from '../../lib/api';

export type ClientStatus = (typeof clientStatuses)[number];

/** A client as /api/clients answers it (data-model §3). */
export interface Client {
  id: string;
  organizationId: string;
  displayName: string;
  email: string | null;
  phone: string | null;
  phoneType: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  notes: string | null;
  status: ClientStatus;
  assignedTo: string | null;
  tags: string[];
  leadId: string | null;
  lastContactDate: string | null;
  customFields: Record<string, unknown>;
  isSampleData: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * GET /api/clients/:id adds the client's deals (only for a user who may read deals), its documents
 * count and the lead it came from.
 */
export interface ClientDetail extends Client {
  deals?: { id: string; dealName: string; stage: string; dealValue: number | null }[];
  documentsCount: number;
  lead: { id: string; fullName: string } | null;
}

export const clientsPath = '/api/clients';
export const clientPath = (id: string) => `${clientsPath}/${id}`;

export function useClient(id: string) {
  return useQuery<ClientDetail>({ queryKey: [clientPath(id)] });
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateClientInput) =>
      (await (await apiRequest('POST', clientsPath, input)).json()) as Client,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [clientsPath] }),
  });
}

export function useUpdateClient(id: string) {
  return useOptimisticPatch<ClientDetail>(clientPath(id), clientsPath);
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', clientPath(id));
    },
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: [clientPath(id)] });
      return queryClient.invalidateQueries({ queryKey: [clientsPath] });
    },
  });
}
