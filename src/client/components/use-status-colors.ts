import { useQuery } from '@tanstack/react-query';
import { type ColoredStatus, statusColorOf } from '../lib/status-colors';

/** The colours the organization gives a configurable list's statuses (readable by every member). */
export function useStatusColors(path: '/api/deal-statuses' | '/api/person-statuses') {
  const statuses = useQuery<{ items: ColoredStatus[] }>({ queryKey: [path] });
  const items = statuses.data?.items;
  return (name: string) => statusColorOf(items, name);
}
