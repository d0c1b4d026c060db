import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, patchRecord } from '../../lib/api';

/* Document templates and the template library (/api/document-templates, /api/document-template-library). */

export const templatesPath = '/api/document-templates';
export const libraryPath = '/api/document-template-library';

export interface ListAnswer<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

export interface TemplateSummary {
  id: string;
  name: string;
  description: string | null;
  templateType: string;
  industryType: string | null;
  isActive: boolean;
  isDefault: boolean;
  libraryKey: string | null;
  mergeFields: string[] | null;
  createdAt: string;
  updatedAt: string;
}

export interface DocumentTemplate extends TemplateSummary {
  content: string;
}

export interface LibraryEntry {
  key: string;
  name: string;
  description: string;
  templateType: string;
  industryType: string | null;
  installed: boolean;
  templateId: string | null;
}

export interface MissingField {
  key: string;
  label: string;
}

export interface TemplatePreview {
  content: string;
  mergedContent: string;
  missing: MissingField[];
}

export interface TemplateFilters {
  search?: string;
  templateType?: string;
  industryType?: string;
  isActive?: string;
}

/** The list's URL: the query key is the URL, read by the app's default query function. */
export function templatesUrl(filters: TemplateFilters): string {
  const params = new URLSearchParams({ limit: '200' });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return `${templatesPath}?${params}`;
}

export function useTemplates(filters: TemplateFilters) {
  return useQuery<ListAnswer<TemplateSummary>>({
    queryKey: [templatesUrl(filters)],
    placeholderData: keepPreviousData,
  });
}

export function useTemplate(id: string | null) {
  return useQuery<DocumentTemplate>({ queryKey: [`${templatesPath}/${id}`], enabled: id !== null });
}

export function useLibrary() {
  return useQuery<LibraryEntry[]>({ queryKey: [libraryPath] });
}

/** Every cached read of templates and the library (lists with any filter included). */
function useInvalidateTemplates() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) =>
        typeof query.queryKey[0] === 'string' &&
        (query.queryKey[0].startsWith(templatesPath) || query.queryKey[0].startsWith(libraryPath)),
    });
}

export type TemplateInput = Partial<
  Pick<
    DocumentTemplate,
    'name' | 'description' | 'templateType' | 'industryType' | 'content' | 'isActive' | 'isDefault'
  >
>;

export function useSaveTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: async ({ loaded, input }: { loaded: DocumentTemplate | null; input: TemplateInput }) =>
      loaded
        ? patchRecord<DocumentTemplate>(`${templatesPath}/${loaded.id}`, loaded, input)
        : ((await (await apiRequest('POST', templatesPath, input)).json()) as DocumentTemplate),
    onSuccess: invalidate,
  });
}

export function useDuplicateTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: async (id: string) =>
      (await (await apiRequest('POST', `${templatesPath}/${id}/duplicate`)).json()) as DocumentTemplate,
    onSuccess: invalidate,
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${templatesPath}/${id}`);
    },
    // The lists and the library only: the deleted template's own page is still open and would
    // ask for it again (a 404) before it navigates away.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' &&
          (query.queryKey[0].startsWith(`${templatesPath}?`) || query.queryKey[0].startsWith(libraryPath)),
      }),
  });
}

export function useInstallLibraryTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: async (key: string) =>
      (await (
        await apiRequest('POST', `${libraryPath}/${encodeURIComponent(key)}/install`)
      ).json()) as DocumentTemplate,
    onSuccess: invalidate,
  });
}

export interface PreviewRecord {
  clientId?: string;
  dealId?: string;
}

export function usePreviewTemplate() {
  return useMutation({
    mutationFn: async ({ id, record }: { id: string; record: PreviewRecord }) =>
      (await (await apiRequest('POST', `${templatesPath}/${id}/preview`, record)).json()) as TemplatePreview,
  });
}

/** The preview's PDF (merged with the record), for a download link. */
export function previewPdfUrl(id: string, record: PreviewRecord): string {
  const params = new URLSearchParams();
  if (record.dealId) params.set('dealId', record.dealId);
  if (record.clientId) params.set('clientId', record.clientId);
  params.set('download', '1');
  return `${templatesPath}/${id}/pdf?${params}`;
}
