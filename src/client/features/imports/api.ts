import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PollingConfig } from '../../../common/validation/imports';
import { apiRequest, uploadRequest } from '../../lib/api';
import type { FieldMapping, ImportField } from './column-matching';
import { type ImportJobProgress, isActiveImport } from './import-job-status';

/* The imports API (issue 19): /api/import-jobs and the polling integrations of /api/integrations. */

export const importEntityTypes = ['leads', 'clients', 'companies', 'deals'] as const;
export type ImportEntityType = (typeof importEntityTypes)[number];

export const importEntityLabels: Record<ImportEntityType, { one: string; other: string }> = {
  leads: { one: 'lead', other: 'leads' },
  clients: { one: 'client', other: 'clients' },
  companies: { one: 'company', other: 'companies' },
  deals: { one: 'deal', other: 'deals' },
};

export function isImportEntityType(value: string | null | undefined): value is ImportEntityType {
  return (importEntityTypes as readonly string[]).includes(value ?? '');
}

export type DuplicateHandling = 'skip' | 'update' | 'create';
export type DuplicateMatch = 'email' | 'phone' | 'externalId';

export interface ImportOptions {
  duplicates: DuplicateHandling;
  matchBy: DuplicateMatch;
  externalIdColumn?: string;
}

/** A row of GET /api/import-jobs, GET /api/import-jobs/:id, and the answer of start, cancel and undo. */
export interface ImportJob extends ImportJobProgress {
  id: string;
  name: string;
  entityType: ImportEntityType;
  sourceType: 'csv' | 'api' | 'webhook' | 'manual';
  integrationId: string | null;
  fieldMappings: FieldMapping | null;
  options: ImportOptions | null;
  createdRecords?: number;
  updatedRecords?: number;
  /** The first row errors (capped); every failed row is in errors.csv. */
  errorLogs?: { row: number; message: string }[];
  /** Why the whole job failed (an unreadable file…). */
  errorMessage?: string | null;
  startedAt: string | null;
  completedAt: string | null;
  createdAt: string;
}

/** POST /api/import-jobs/upload: the file is kept on the server; this is what the wizard shows of it. */
export interface ImportUpload {
  uploadId: string;
  name?: string;
  size?: number;
  encoding?: string;
  delimiter?: string;
  columns: string[];
  /** The first rows, as cells in column order. */
  previewRows: string[][];
  totalRecords?: number;
  /** The server's match: a saved mapping for this header set, else by names. */
  suggestedMapping?: FieldMapping;
  /** The suggestion is an earlier import's mapping of the same columns. */
  savedMapping?: boolean;
}

export interface CreateImportInput {
  name: string;
  entityType: ImportEntityType;
  sourceType: 'csv';
  uploadId: string;
  fieldMappings: FieldMapping;
  options: ImportOptions;
}

/** A scheduled import: GET /api/integrations?type=polling. */
export interface PollingIntegration {
  id: string;
  name: string;
  type: 'polling';
  status: 'active' | 'inactive' | 'error';
  config: PollingConfig;
  fieldMappings: FieldMapping | null;
  lastSync: string | null;
  errorMessage: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface PollingIntegrationInput {
  name: string;
  type: 'polling';
  config: PollingConfig;
  fieldMappings: FieldMapping;
}

export const importJobsPath = '/api/import-jobs';
const integrationsPath = '/api/integrations';

export const importJobPath = (id: string) => `${importJobsPath}/${encodeURIComponent(id)}`;
export const importErrorsUrl = (id: string) => `${importJobPath(id)}/errors.csv`;

/** Longer than this is refused before it is sent (the server refuses it too). */
export const importMaxFileBytes = 50 * 1024 * 1024;

interface ListPage<T> {
  items: T[];
  nextCursor?: string | null;
  total?: number;
}

/** The import history, newest first; refreshed every second while one of them runs. */
export function useImportJobs({ limit = 50, watchUntil = 0 }: { limit?: number; watchUntil?: number } = {}) {
  return useQuery<ListPage<ImportJob>>({
    queryKey: [importJobsPath, { limit: String(limit) }],
    // Also for a while after "Run now": the run's job is created once the feed has been fetched.
    refetchInterval: (query) =>
      query.state.data?.items.some(isActiveImport) || Date.now() < watchUntil ? 1000 : false,
  });
}

/** One job, polled every second while it runs: a reload finds it from the address and goes on polling. */
export function useImportJob(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery<ImportJob>({
    queryKey: [importJobPath(id ?? '')],
    enabled: id !== null,
    refetchInterval: (query) => {
      const job = query.state.data;
      if (job && !isActiveImport(job)) {
        // Finished: the history (and the lists it wrote to) show the outcome.
        void queryClient.invalidateQueries({ queryKey: [importJobsPath] });
        return false;
      }
      return 1000;
    },
  });
}

export function useImportFields(entityType: ImportEntityType) {
  return useQuery<{ items: ImportField[] } | ImportField[]>({
    queryKey: [`${importJobsPath}/fields`, { entityType }],
    staleTime: 60_000,
    select: (data) => data,
  });
}

/** The fields answer as a list, whichever way the server wraps it. */
export function fieldsOf(data: { items: ImportField[] } | ImportField[] | undefined): ImportField[] {
  if (!data) return [];
  return Array.isArray(data) ? data : data.items;
}

export function uploadImportFile(
  entityType: ImportEntityType,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<ImportUpload> {
  return uploadRequest<ImportUpload>(
    `${importJobsPath}/upload?entityType=${encodeURIComponent(entityType)}&name=${encodeURIComponent(file.name)}`,
    file,
    onProgress,
    'text/csv',
  );
}

function useInvalidateImports() {
  const queryClient = useQueryClient();
  return (entityType?: ImportEntityType) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [importJobsPath] }),
      // The records an import wrote, or an undo removed, show in their lists at once.
      entityType ? queryClient.invalidateQueries({ queryKey: [`/api/${entityType}`] }) : null,
    ]);
}

export function useStartImport() {
  const invalidate = useInvalidateImports();
  return useMutation({
    mutationFn: async (input: CreateImportInput) =>
      (await (await apiRequest('POST', importJobsPath, input)).json()) as ImportJob,
    onSuccess: () => invalidate(),
  });
}

export function useCancelImport() {
  const invalidate = useInvalidateImports();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await apiRequest('POST', `${importJobPath(id)}/cancel`)).json(),
    onSuccess: (_data, id) =>
      Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: [importJobPath(id)] })]),
  });
}

export function useUndoImport() {
  const invalidate = useInvalidateImports();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (job: Pick<ImportJob, 'id' | 'entityType'>) =>
      (await apiRequest('POST', `${importJobPath(job.id)}/undo`)).json(),
    onSuccess: (_data, job) =>
      Promise.all([
        invalidate(job.entityType),
        queryClient.invalidateQueries({ queryKey: [importJobPath(job.id)] }),
      ]),
  });
}

const pollingListKey = [integrationsPath, { type: 'polling' }] as const;

export function usePollingIntegrations({ watchUntil = 0 }: { watchUntil?: number } = {}) {
  return useQuery<ListPage<PollingIntegration>>({
    queryKey: pollingListKey,
    // After "Run now", until the run has had time to record its outcome (last error included).
    refetchInterval: () => (Date.now() < watchUntil ? 2000 : false),
  });
}

function useInvalidateIntegrations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [integrationsPath] });
}

export function useSavePollingIntegration() {
  const invalidate = useInvalidateIntegrations();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: PollingIntegrationInput }) => {
      const res = id
        ? await apiRequest('PATCH', `${integrationsPath}/${encodeURIComponent(id)}`, input)
        : await apiRequest('POST', integrationsPath, input);
      return (await res.json()) as PollingIntegration;
    },
    onSuccess: invalidate,
  });
}

export function useDeleteIntegration() {
  const invalidate = useInvalidateIntegrations();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${integrationsPath}/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

/** Run now: the run is an import job of its own, in the history. */
export function useRunIntegration() {
  const invalidate = useInvalidateIntegrations();
  const invalidateImports = useInvalidateImports();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiRequest('POST', `${integrationsPath}/${encodeURIComponent(id)}/run`)).json(),
    onSuccess: () => Promise.all([invalidate(), invalidateImports()]),
  });
}
