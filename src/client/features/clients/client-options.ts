import { clientStatuses, phoneTypes } from '../../../common/allowed-values';
import type { FilterDef, FilterOption } from '../../components/data-table/list-params';
import { toOptions } from '../../components/data-table/use-record-options';
import type { BadgeVariant } from '../../components/ui/badge';
import {
  createdRangeFilterDefs,
  sharedFilterKeys,
  tagFilterDef,
} from '../../components/data-table/shared-filters';

const statusLabels: Record<string, string> = { active: 'Active', inactive: 'Inactive', prospect: 'Prospect' };

export const clientStatusLabel = (status: string) => statusLabels[status] ?? status;
export const clientStatusOptions = toOptions(clientStatuses, clientStatusLabel);

export const phoneTypeOptions = toOptions(phoneTypes);

export const clientStatusBadge: Record<string, BadgeVariant> = {
  active: 'success',
  prospect: 'primary',
  inactive: 'neutral',
};

export const clientFilterKeys = ['status', 'assignedTo', ...sharedFilterKeys] as const;

export function clientFilterDefs({ owners, tags }: { owners: FilterOption[]; tags: string[] }): FilterDef[] {
  return [
    { key: 'status', label: 'Status', kind: 'select', options: clientStatusOptions },
    { key: 'assignedTo', label: 'Owner', kind: 'select', options: owners },
    tagFilterDef(tags),
    ...createdRangeFilterDefs,
  ];
}
