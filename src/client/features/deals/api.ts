import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StateRuleFacts } from '../../../common/surplus';
import type { z } from 'zod';
import type { createDealSchema, updateDealSchema } from '../../../common/validation/deals';
import { apiRequest, getQueryFn, patchRecord, queryKeyToUrl, throwIfNotOk } from '../../lib/api';
import { boardPerColumn, takePreloadedBoard } from './board-preload';
import { dealFieldLabels } from './deal-form-model';
import type { Board, BoardCard, BoardColumn } from './board-model';

/** A list answer (DESIGN §3). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

export type ClosingType = 'won' | 'lost';

export interface Stage {
  id: string;
  pipelineId?: string;
  name: string;
  probability: number;
  orderIndex: number;
  isActive?: boolean;
  closingType: ClosingType | null;
}

export interface Pipeline {
  id: string;
  name: string;
  isDefault: boolean;
  isActive: boolean;
  orderIndex: number;
  stages: Stage[];
}

export interface DealReason {
  id: string;
  name: string;
  type: 'won' | 'loss';
  isActive: boolean;
  showInDetails: boolean;
  showInDialog: boolean;
  orderIndex: number;
}

/** A deal as GET /api/deals and /api/deals/:id answer it (present-deal.ts). */
export interface Deal {
  id: string;
  dealName: string;
  dealType: string | null;
  relatedClient: string | null;
  relatedClientName: string | null;
  leadSource: string | null;
  dealValue: number | null;
  closeProbability: number | null;
  contractDuration: string | null;
  stage: string;
  expectedCloseDate: string | null;
  assignedOwner: string | null;
  notes: string | null;
  tags: string[];
  customFields: Record<string, unknown>;
  /** When the deal entered a won or lost stage; set by the server, null while open. */
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/deals/:id (and the writes that answer the deal): the deal with its related records. */
export interface DealDetail extends Deal {
  /** The lead the deal's client was converted from. */
  lead: { id: string; fullName: string } | null;
  documentsCount: number;
  /** The newest few of the deal's documents. */
  latestDocuments: { id: string; name: string; status: string; createdAt: string }[];
}

export interface StateRule extends StateRuleFacts {
  id: string;
  notes: string | null;
}

export interface DealSurplusView {
  dealId: string;
  dealName: string;
  values: Record<string, unknown>;
  stateRule: StateRule | null;
  daysUntilDeadline: number | null;
  warnings: string[];
}

export interface ClientOption {
  id: string;
  displayName: string;
}

export interface OwnerOption {
  id: string;
  firstName: string;
  lastName: string;
}

export interface TagOption {
  id: string;
  name: string;
  color: string;
}

export interface CustomFieldDefinition {
  id: string;
  name: string;
  fieldKey: string;
  fieldType: string | null;
  isVisible: boolean;
  options: unknown;
  orderIndex: number;
}

export const dealsPath = '/api/deals';
export const pipelinesPath = '/api/pipelines';

export const boardQueryKey = (pipelineId: string) =>
  [`${pipelinesPath}/${pipelineId}/board`, { perColumn: boardPerColumn }] as const;
export const dealQueryKey = (id: string) => [`${dealsPath}/${id}`] as const;
export const dealSurplusQueryKey = (id: string) => [`${dealsPath}/${id}/surplus`] as const;

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** The organization's active pipelines with their active stages, the default first. */
export function usePipelines() {
  return useQuery<Page<Pipeline>, Error, Pipeline[]>({
    queryKey: [pipelinesPath, { active: 'true' }],
    select: (page) => sortPipelines(page.items),
  });
}

export function sortPipelines(pipelines: Pipeline[]): Pipeline[] {
  return pipelines
    .filter((p) => p.isActive !== false)
    .toSorted((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.orderIndex - b.orderIndex)
    .map((p) => ({
      ...p,
      stages: p.stages.filter((s) => s.isActive !== false).toSorted((a, b) => a.orderIndex - b.orderIndex),
    }));
}

export function useDealReasons() {
  return useQuery<Page<DealReason>, Error, DealReason[]>({
    queryKey: ['/api/deal-reasons', { active: 'true' }],
    select: (page) => page.items,
  });
}

const fetchBoard = getQueryFn<Board>({ on401: 'throw' });

/**
 * A board's first answer: the one main.tsx asked for as the page started, when it is this board's
 * and came back well; otherwise asked now (and its failure reported as any query's).
 */
const boardQueryFn: typeof fetchBoard = async (context) => {
  const preloaded = await takePreloadedBoard(queryKeyToUrl(context.queryKey));
  if (preloaded?.ok) return (await preloaded.json()) as Board;
  return fetchBoard(context);
};

/** Starts reading a board before it is shown (the deals page, while the pipelines load). */
export function prefetchBoard(queryClient: QueryClient, pipelineId: string) {
  return queryClient.prefetchQuery({ queryKey: boardQueryKey(pipelineId), queryFn: boardQueryFn });
}

export function useBoard(pipelineId: string | undefined) {
  return useQuery<Board>({
    queryKey: boardQueryKey(pipelineId ?? ''),
    queryFn: boardQueryFn,
    enabled: Boolean(pipelineId),
  });
}

/** The next cards of one column, appended to the board cache. */
export async function fetchColumnPage(
  pipelineId: string,
  stageName: string,
  cursor: string,
): Promise<Page<BoardCard>> {
  const path = `${pipelinesPath}/${pipelineId}/board/${encodeURIComponent(stageName)}`;
  const res = await fetch(queryKeyToUrl([path, { cursor, limit: boardPerColumn }]), {
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
  });
  await throwIfNotOk(res);
  return json<Page<BoardCard>>(res);
}

export interface MoveInput {
  dealId: string;
  stage: string;
  reasonId?: string | null;
  reasonNote?: string | null;
}

export async function moveDealRequest({ dealId, ...body }: MoveInput): Promise<Deal> {
  return json<Deal>(await apiRequest('POST', `${dealsPath}/${dealId}/move`, body));
}

/**
 * After a change to deals: everything that shows deals is stale (not the board, kept by hand).
 * `deleted` names a deal just deleted: its own page is left alone, as refetching it would only
 * answer 404 while the page closes.
 */
export function invalidateDealViews(
  queryClient: QueryClient,
  options: { board?: boolean; deleted?: string } = {},
) {
  const deletedPath = options.deleted ? `${dealsPath}/${options.deleted}` : null;
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = query.queryKey[0];
      if (typeof key !== 'string') return false;
      if (deletedPath && (key === deletedPath || key.startsWith(`${deletedPath}/`))) return false;
      if (key.startsWith(dealsPath)) return true;
      if (options.board && key.startsWith(pipelinesPath) && key.includes('/board')) return true;
      return key.startsWith('/api/dashboard') || key.startsWith('/api/activities');
    },
  });
}

export function useDeal(id: string) {
  return useQuery<DealDetail>({ queryKey: dealQueryKey(id) });
}

export function useDealSurplus(id: string, enabled = true) {
  return useQuery<DealSurplusView>({ queryKey: dealSurplusQueryKey(id), enabled });
}

export function useStateRules(enabled = true) {
  return useQuery<Page<StateRule>, Error, StateRule[]>({
    queryKey: ['/api/state-rules'],
    select: (page) => page.items,
    enabled,
  });
}

export function useCreateDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: z.input<typeof createDealSchema>) =>
      json<Deal>(await apiRequest('POST', dealsPath, input)),
    onSuccess: () => invalidateDealViews(queryClient, { board: true }),
  });
}

export function useUpdateDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    // Only the changed fields, against the version the form was opened on.
    mutationFn: ({ deal, input }: { deal: Deal; input: z.input<typeof updateDealSchema> }) =>
      patchRecord(`${dealsPath}/${deal.id}`, deal, input, { labels: dealFieldLabels }),
    onSuccess: () => invalidateDealViews(queryClient, { board: true }),
  });
}

export function useDeleteDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${dealsPath}/${id}`);
    },
    onSuccess: (_result, id) => invalidateDealViews(queryClient, { board: true, deleted: id }),
  });
}

export type BulkDealsInput =
  | { ids: string[]; action: 'update'; changes: { stage?: string; assignedOwner?: string | null } }
  | { ids: string[]; action: 'delete' }
  | { ids: string[]; action: 'addTag' | 'removeTag'; tag: string };

export function useBulkDeals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: BulkDealsInput) =>
      json<{ affected: number }>(await apiRequest('POST', `${dealsPath}/bulk`, input)),
    onSuccess: () => invalidateDealViews(queryClient, { board: true }),
  });
}

/** Clients for the related-client picker, by name. */
export function useClientOptions(search: string, enabled = true, limit = 20) {
  return useQuery<Page<ClientOption>, Error, ClientOption[]>({
    queryKey: ['/api/clients', { search, limit, sort: 'displayName' }],
    select: (page) => page.items.map((c) => ({ id: c.id, displayName: c.displayName })),
    enabled,
    placeholderData: (previous) => previous,
  });
}

export function useTagOptions() {
  return useQuery<Page<TagOption>, Error, TagOption[]>({
    queryKey: ['/api/tags'],
    select: (page) => page.items,
  });
}

export function useDealCustomFields() {
  return useQuery<Page<CustomFieldDefinition>, Error, CustomFieldDefinition[]>({
    queryKey: ['/api/custom-fields', { entityType: 'deal' }],
    select: (page) => page.items.toSorted((a, b) => a.orderIndex - b.orderIndex),
  });
}

export type { Board, BoardCard, BoardColumn };
