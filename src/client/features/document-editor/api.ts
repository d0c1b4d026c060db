import { useQuery } from '@tanstack/react-query';
import type { MergeField } from '../../../common/merge-fields';

/* The merge-field catalogue (standard fields plus the organization's custom fields). */

interface ListAnswer<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

export function useMergeFieldCatalogue() {
  return useQuery<ListAnswer<MergeField>>({ queryKey: ['/api/merge-fields'], staleTime: 60_000 });
}
