import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyLevel } from '../../../common/permissions';
import { apiRequest } from '../../lib/api';

/** One key as /api/api-keys answers it: never its secret, only the prefix that tells it apart. */
export interface ApiKey {
  id: string;
  name: string;
  keyPrefix: string;
  permissions: ApiKeyLevel[];
  integrationId: string | null;
  lastUsed: string | null;
  expiresAt: string | null;
  status: 'active' | 'revoked' | 'expired';
  revokedAt: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The answer to creating a key: the only time `key` (the secret) is ever seen. */
export type CreatedApiKey = ApiKey & { key: string };

export interface CreateApiKeyInput {
  name: string;
  permissions: ApiKeyLevel[];
  expiresAt?: string | null;
}

export const apiKeysPath = '/api/api-keys';
const apiKeysQueryKey = [apiKeysPath] as const;

export function useApiKeys() {
  return useQuery<{ items: ApiKey[]; total: number }>({ queryKey: apiKeysQueryKey });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApiKeyInput) =>
      (await (await apiRequest('POST', apiKeysPath, input)).json()) as CreatedApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await (await apiRequest('POST', `${apiKeysPath}/${id}/revoke`)).json()) as ApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${apiKeysPath}/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
