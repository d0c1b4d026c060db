import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, patchRecord } from '../../lib/api';

/*
 * The configurable lists (data-model §3): /api/pipelines (with their stages), /api/stages,
 * /api/deal-reasons, /api/lead-sources, /api/revenue-types, /api/deal-statuses,
 * /api/person-statuses, and the tag catalogue /api/tags.
 */

export interface ListAnswer<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

/** Any entry of a configurable list or the tag catalogue; each list has a subset of these. */
export interface ListEntry {
  id: string;
  name: string;
  orderIndex?: number;
  isActive?: boolean;
  color?: string;
  isSystem?: boolean;
  description?: string | null;
  type?: 'won' | 'loss';
  showInDialog?: boolean;
  showInDetails?: boolean;
  createdAt?: string;
  /** The entry's version (If-Match on a change). */
  updatedAt: string;
}

export type ClosingType = 'won' | 'lost';

export interface Stage {
  id: string;
  pipelineId: string;
  name: string;
  probability: number;
  orderIndex: number;
  isActive: boolean;
  closingType: ClosingType | null;
  updatedAt: string;
}

export interface Pipeline {
  id: string;
  name: string;
  isDefault: boolean;
  isActive: boolean;
  orderIndex: number;
  stages: Stage[];
  updatedAt: string;
}

export const pipelinesPath = '/api/pipelines';
export const stagesPath = '/api/stages';

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** The list's query key: GET `path`, unfiltered. */
export const listQueryKey = (path: string): QueryKey => [path];

export function useListEntries<T extends ListEntry = ListEntry>(path: string) {
  return useQuery<ListAnswer<T>>({ queryKey: listQueryKey(path) });
}

/** Every cached read whose path starts with `path` (a list, its entries, a board of a pipeline). */
function useInvalidatePath() {
  const queryClient = useQueryClient();
  return (...paths: string[]) =>
    queryClient.invalidateQueries({
      predicate: (query) => {
        const first = query.queryKey[0];
        return typeof first === 'string' && paths.some((path) => first.startsWith(path));
      },
    });
}

export function useCreateEntry<T extends ListEntry = ListEntry>(path: string) {
  const invalidate = useInvalidatePath();
  return useMutation({
    mutationFn: async (input: Record<string, unknown>) => json<T>(await apiRequest('POST', path, input)),
    onSettled: () => invalidate(path),
  });
}

export function useUpdateEntry<T extends ListEntry = ListEntry>(path: string) {
  const invalidate = useInvalidatePath();
  const queryClient = useQueryClient();
  return useMutation({
    // Against the version of the entry on screen (a newer save opens the conflict dialog).
    mutationFn: ({ entry, input }: { entry: T; input: Record<string, unknown> }) =>
      patchRecord(`${path}/${entry.id}`, entry, input),
    // Switches flip at once; a refused change is rolled back by the refetch.
    onMutate: async ({ entry: { id }, input }) => {
      await queryClient.cancelQueries({ queryKey: listQueryKey(path) });
      queryClient.setQueryData<ListAnswer<T>>(listQueryKey(path), (answer) =>
        answer
          ? { ...answer, items: answer.items.map((item) => (item.id === id ? { ...item, ...input } : item)) }
          : answer,
      );
    },
    onSettled: () => invalidate(path),
  });
}

export function useDeleteEntry(path: string) {
  const invalidate = useInvalidatePath();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${path}/${id}`);
    },
    onSettled: () => invalidate(path),
  });
}

/** Puts `ids` first, in that order, keeping the others after them as they were. */
export function applyOrder<T extends { id: string }>(items: readonly T[], ids: readonly string[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const moved = ids.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
  const movedIds = new Set(ids);
  return [...moved, ...items.filter((item) => !movedIds.has(item.id))].map((item, index) =>
    'orderIndex' in item ? { ...item, orderIndex: index } : item,
  );
}

/** POST `path`/reorder, shown at once (optimistic) and undone if refused. */
export function useReorderEntries(path: string) {
  const invalidate = useInvalidatePath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      await apiRequest('POST', `${path}/reorder`, { ids });
    },
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: listQueryKey(path) });
      queryClient.setQueryData<ListAnswer<ListEntry>>(listQueryKey(path), (answer) =>
        answer ? { ...answer, items: reorderWithin(answer.items, ids) } : answer,
      );
    },
    onSettled: () => invalidate(path),
  });
}

/**
 * The items with `ids` (a subset, e.g. the won reasons) placed in the slots those items held,
 * in their new order; everything else stays where it was.
 */
export function reorderWithin<T extends { id: string; orderIndex?: number }>(
  items: readonly T[],
  ids: readonly string[],
): T[] {
  const set = new Set(ids);
  const byId = new Map(items.map((item) => [item.id, item]));
  const queue = ids.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
  let next = 0;
  return items.map((item) => {
    if (!set.has(item.id)) return item;
    const replacement = queue[next++] ?? item;
    return { ...replacement, orderIndex: next - 1 };
  });
}

// ---- Pipelines and stages ----

export function usePipelines() {
  return useQuery<ListAnswer<Pipeline>>({ queryKey: listQueryKey(pipelinesPath) });
}

function usePipelineMutation<TInput>(
  request: (input: TInput) => Promise<unknown>,
  optimistic?: (pipelines: Pipeline[], input: TInput) => Pipeline[],
) {
  const invalidate = useInvalidatePath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) => {
      await request(input);
    },
    onMutate: optimistic
      ? async (input: TInput) => {
          await queryClient.cancelQueries({ queryKey: listQueryKey(pipelinesPath) });
          queryClient.setQueryData<ListAnswer<Pipeline>>(listQueryKey(pipelinesPath), (answer) =>
            answer ? { ...answer, items: optimistic(answer.items, input) } : answer,
          );
        }
      : undefined,
    // Deals forms and the board read pipelines and stages too.
    onSettled: () => invalidate(pipelinesPath, stagesPath),
  });
}

export interface PipelineInput {
  name?: string;
  isDefault?: boolean;
  isActive?: boolean;
}

export function useCreatePipeline() {
  return usePipelineMutation((input: PipelineInput) => apiRequest('POST', pipelinesPath, input));
}

export function useUpdatePipeline() {
  return usePipelineMutation(
    ({ pipeline, input }: { pipeline: Pipeline; input: PipelineInput }) =>
      patchRecord(`${pipelinesPath}/${pipeline.id}`, pipeline, { ...input }),
    (pipelines, { pipeline: { id }, input }) =>
      pipelines.map((pipeline) => {
        if (pipeline.id === id) return { ...pipeline, ...input };
        // A new default takes over from the old one.
        return input.isDefault ? { ...pipeline, isDefault: false } : pipeline;
      }),
  );
}

export function useDeletePipeline() {
  return usePipelineMutation((id: string) => apiRequest('DELETE', `${pipelinesPath}/${id}`));
}

export interface StageInput {
  pipelineId?: string;
  name?: string;
  probability?: number;
  isActive?: boolean;
  closingType?: ClosingType | null;
}

export function useCreateStage() {
  return usePipelineMutation((input: StageInput) => apiRequest('POST', stagesPath, input));
}

export function useUpdateStage() {
  return usePipelineMutation(
    ({ stage, input }: { stage: Stage; input: StageInput }) =>
      patchRecord(`${stagesPath}/${stage.id}`, stage, { ...input }),
    (pipelines, { stage: { id }, input }) =>
      pipelines.map((pipeline) => ({
        ...pipeline,
        stages: pipeline.stages.map((stage) => (stage.id === id ? { ...stage, ...input } : stage)),
      })) as Pipeline[],
  );
}

export function useDeleteStage() {
  return usePipelineMutation((id: string) => apiRequest('DELETE', `${stagesPath}/${id}`));
}

export function useReorderStages() {
  return usePipelineMutation(
    ({ ids }: { pipelineId: string; ids: string[] }) => apiRequest('POST', `${stagesPath}/reorder`, { ids }),
    (pipelines, { pipelineId, ids }) =>
      pipelines.map((pipeline) =>
        pipeline.id === pipelineId ? { ...pipeline, stages: applyOrder(pipeline.stages, ids) } : pipeline,
      ),
  );
}
