import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useKeysetList } from '../../components/data-table/use-keyset-list';
import { apiRequest, uploadRequest, versionOf } from '../../lib/api';

/** A document as the list answers it (CONTRACT: GET /api/document-instances). */
export interface DocumentListItem {
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
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
}

export interface MissingMergeField {
  key: string;
  label: string;
}

export interface DocumentDetail extends DocumentListItem {
  content: string | null;
  mergedContent: string | null;
  missing?: MissingMergeField[];
}

/** A template as the list answers it (no content). */
export interface TemplateListItem {
  id: string;
  name: string;
  description: string | null;
  templateType: string;
  industryType: string | null;
  isActive: boolean;
  isDefault: boolean;
  libraryKey: string | null;
  mergeFields: string[];
  createdAt: string;
  updatedAt: string;
}

export interface TemplatePreview {
  content: string;
  mergedContent: string;
  missing: MissingMergeField[];
}

export type BulkDocumentAction = 'archive' | 'unarchive' | 'delete';

export const documentsPath = '/api/document-instances';
export const documentPath = (id: string) => `${documentsPath}/${id}`;
export const documentPdfUrl = (id: string, download = false) =>
  `${documentPath(id)}/pdf${download ? '?download=1' : ''}`;
export const templatesPath = '/api/document-templates';

/** The organization's documents under `params` (search, filters, archived, sort), keyset-paged. */
export function useDocumentList(params: Record<string, string>, { enabled = true, pageSize = 50 } = {}) {
  return useKeysetList<DocumentListItem>(documentsPath, params, { enabled, pageSize });
}

export function useDocument(id: string) {
  return useQuery<DocumentDetail>({ queryKey: [documentPath(id)] });
}

/** Active templates, likeliest first (the create page and the list's template filter). */
export function useTemplateOptions({
  enabled = true,
  sector,
}: {
  enabled?: boolean;
  sector?: string | null;
} = {}) {
  return useQuery<{ items: TemplateListItem[] }, Error, TemplateListItem[]>({
    queryKey: [templatesPath, { isActive: 'true', limit: '200' }],
    select: (page) => sortTemplates(page.items, sector ?? null),
    enabled,
  });
}

/**
 * Defaults first, then the organization's sector's templates, then the library's, then by name:
 * the likeliest choice leads.
 */
export function sortTemplates(items: TemplateListItem[], sector: string | null): TemplateListItem[] {
  const rank = (t: TemplateListItem) =>
    (t.isDefault ? 0 : 4) + (sector && t.industryType === sector ? 0 : 2) + (t.libraryKey ? 0 : 1);
  return items.toSorted((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/** The template merged with a record, and the merge fields that found no value. */
export function useTemplatePreview(templateId: string, record: { clientId?: string; dealId?: string }) {
  return useQuery<TemplatePreview>({
    queryKey: [`${templatesPath}/${templateId}/preview`, record],
    enabled: templateId !== '',
    queryFn: async () =>
      (await (
        await apiRequest('POST', `${templatesPath}/${templateId}/preview`, {
          ...(record.dealId ? { dealId: record.dealId } : {}),
          ...(record.clientId ? { clientId: record.clientId } : {}),
        })
      ).json()) as TemplatePreview,
  });
}

export interface CreateDocumentInput {
  name: string;
  templateId?: string;
  clientId?: string;
  dealId?: string;
  content?: string;
}

/** Every list a document shows in (management, client, deal) and the records' document counts. */
function invalidateDocumentViews(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [documentsPath] }),
    queryClient.invalidateQueries({ predicate: (query) => isRecordDetail(query.queryKey[0]) }),
  ]);
}

const isRecordDetail = (key: unknown) =>
  typeof key === 'string' && /^\/api\/(clients|deals)\/[^/]+$/.test(key);

export function useCreateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateDocumentInput) =>
      (await (await apiRequest('POST', documentsPath, input)).json()) as DocumentDetail,
    onSuccess: () => invalidateDocumentViews(queryClient),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', documentPath(id));
    },
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: [documentPath(id)] });
      return invalidateDocumentViews(queryClient);
    },
  });
}

/** Draft ↔ locked for signing (the only moves the document PATCH allows). */
export function useSetDocumentStatus(document: DocumentDetail) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (status: 'draft' | 'locked_for_signing') =>
      (await (
        await apiRequest('PATCH', documentPath(document.id), { status }, { ifMatch: versionOf(document) })
      ).json()) as DocumentDetail,
    onSuccess: (updated) => {
      queryClient.setQueryData([documentPath(document.id)], updated);
      return queryClient.invalidateQueries({ queryKey: [documentsPath] });
    },
  });
}

export type BulkDocumentTarget = { ids: string[] } | { all: true; filters: Record<string, string> };

export function useBulkDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ target, action }: { target: BulkDocumentTarget; action: BulkDocumentAction }) => {
      const body = 'ids' in target ? { ids: target.ids, action } : { all: true, ...target.filters, action };
      return (await (await apiRequest('POST', `${documentsPath}/bulk`, body)).json()) as { affected: number };
    },
    onSuccess: () => invalidateDocumentViews(queryClient),
  });
}

export interface UploadDocumentInput {
  file: File;
  name: string;
  clientId?: string;
  dealId?: string;
}

export function useUploadDocument(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, name, clientId, dealId }: UploadDocumentInput) => {
      const query = new URLSearchParams({ name });
      if (clientId) query.set('clientId', clientId);
      if (dealId) query.set('dealId', dealId);
      return uploadRequest<DocumentDetail>(
        `${documentsPath}/upload?${query}`,
        file,
        onProgress,
        'application/pdf',
      );
    },
    onSuccess: () => invalidateDocumentViews(queryClient),
  });
}
