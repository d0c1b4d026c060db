import type { BadgeVariant } from '../../components/ui/badge';
import { interestLevels, leadStatuses, phoneTypes } from '../../../common/allowed-values';
import type { FilterDef, FilterOption } from '../../components/data-table/list-params';
import {
  createdRangeFilterDefs,
  sharedFilterKeys,
  tagFilterDef,
} from '../../components/data-table/shared-filters';
import { toOptions } from '../../components/data-table/use-record-options';

export const leadStatusOptions = toOptions(leadStatuses);
/** The statuses a person sets by hand: Converted comes with a client, from the Convert action. */
export const settableLeadStatusOptions = leadStatusOptions.filter((option) => option.value !== 'Converted');
export const interestLevelOptions = toOptions(interestLevels);
export const phoneTypeOptions = toOptions(phoneTypes);

export const leadStatusBadge: Record<string, BadgeVariant> = {
  New: 'primary',
  Contacted: 'neutral',
  Qualified: 'success',
  Disqualified: 'danger',
  Converted: 'success',
};

export const interestBadge: Record<string, BadgeVariant> = {
  Hot: 'danger',
  Warm: 'warning',
  Cold: 'neutral',
};

/** The filter bar of /leads: each key is the list call's parameter. */
export function leadFilterDefs({
  owners,
  sources,
  tags,
}: {
  owners: FilterOption[];
  sources: string[];
  tags: string[];
}): FilterDef[] {
  return [
    { key: 'leadStatus', label: 'Status', kind: 'select', options: leadStatusOptions },
    { key: 'interestLevel', label: 'Interest', kind: 'select', options: interestLevelOptions },
    sources.length > 0
      ? { key: 'leadSource', label: 'Lead source', kind: 'select', options: toOptions(sources) }
      : { key: 'leadSource', label: 'Lead source', kind: 'text', placeholder: 'e.g. Referral' },
    { key: 'assignedOwner', label: 'Owner', kind: 'select', options: owners },
    tagFilterDef(tags),
    ...createdRangeFilterDefs,
  ];
}

export const leadFilterKeys = [
  'leadStatus',
  'interestLevel',
  'leadSource',
  'assignedOwner',
  ...sharedFilterKeys,
] as const;
