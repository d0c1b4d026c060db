import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isFrozenDocumentStatus } from '../../../common/validation/documents';
import { apiRequest, patchRecord } from '../../lib/api';

/* Documents as the editor reads and writes them (/api/document-instances). */

export const instancesPath = '/api/document-instances';

export { documentLockedMessage as lockedMessage } from '../../../common/validation/documents';

export interface DocumentInstance {
  id: string;
  name: string;
  status: string;
  version: number;
  source: 'editor' | 'upload';
  templateId: string | null;
  templateName: string | null;
  clientId: string | null;
  clientName: string | null;
  dealId: string | null;
  dealName: string | null;
  pageCount: number | null;
  archivedAt: string | null;
  content: string | null;
  mergedContent: string | null;
  missing?: { key: string; label: string }[];
  createdAt: string;
  updatedAt: string;
}

export function isFrozen(status: string): boolean {
  return isFrozenDocumentStatus(status);
}

export function useDocumentInstance(id: string) {
  return useQuery<DocumentInstance>({ queryKey: [`${instancesPath}/${id}`] });
}

function useInvalidateInstances() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) =>
        typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(instancesPath),
    });
}

export function useSaveInstance() {
  const invalidate = useInvalidateInstances();
  return useMutation({
    mutationFn: ({
      loaded,
      changes,
    }: {
      loaded: DocumentInstance;
      changes: { name?: string; content?: string };
    }) =>
      patchRecord<DocumentInstance>(`${instancesPath}/${loaded.id}`, loaded, changes, {
        labels: { content: 'Document content' },
      }),
    onSuccess: invalidate,
  });
}

export interface NewDocumentInput {
  name: string;
  clientId?: string;
  dealId?: string;
  content: string;
}

export function useCreateInstance() {
  const invalidate = useInvalidateInstances();
  return useMutation({
    mutationFn: async (input: NewDocumentInput) =>
      (await (await apiRequest('POST', instancesPath, input)).json()) as DocumentInstance,
    onSuccess: invalidate,
  });
}
