import { useQuery } from '@tanstack/react-query';
import { type DealState, dealStateOf } from '../../../common/deal-state';
import type { Stage } from './api';

/**
 * A deal's state from its stage name, read against every stage of the organization (as the
 * server's `?state=` filter reads it, inactive pipelines included). Open until the stages load.
 */
export function useDealState(): (stage: string) => DealState {
  const stages = useQuery<{ items: Stage[] }>({ queryKey: ['/api/stages'] });
  const items = stages.data?.items ?? [];
  return (stage) => dealStateOf(stage, items);
}
