import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateStateRuleInput, UpdateStateRuleInput } from '../../../common/validation/state-rules';
import { apiRequest } from '../../lib/api';

/** What an organization recorded about a state's surplus-funds rules (GET /api/state-rules). */
export interface StateRule {
  id: string;
  state: string;
  claimWindowDays: number | null;
  feeCapPercent: number | null;
  assignmentAllowed: boolean | null;
  attorneyRequired: boolean | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

interface ListAnswer<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

export const stateRulesPath = '/api/state-rules';

export function useStateRules() {
  return useQuery<ListAnswer<StateRule>>({ queryKey: [stateRulesPath] });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  // Deal forms read a state's rule too (claim window, fee cap).
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) =>
        typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(stateRulesPath),
    });
}

export function useSaveStateRule() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({
      id,
      input,
    }: {
      id?: string;
      input: CreateStateRuleInput | UpdateStateRuleInput;
    }) => {
      const response = id
        ? await apiRequest('PATCH', `${stateRulesPath}/${id}`, input)
        : await apiRequest('POST', stateRulesPath, input);
      return (await response.json()) as StateRule;
    },
    onSuccess: invalidate,
  });
}

export function useDeleteStateRule() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${stateRulesPath}/${id}`);
    },
    onSuccess: invalidate,
  });
}
