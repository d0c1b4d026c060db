import { companyRelationshipStatuses } from '../../../common/allowed-values';
import type { FilterDef, FilterOption } from '../../components/data-table/list-params';
import { toOptions } from '../../components/data-table/use-record-options';
import type { BadgeVariant } from '../../components/ui/badge';
import {
  createdRangeFilterDefs,
  sharedFilterKeys,
  tagFilterDef,
} from '../../components/data-table/shared-filters';

export const relationshipLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);
export const relationshipOptions = toOptions(companyRelationshipStatuses, relationshipLabel);

export const relationshipBadge: Record<string, BadgeVariant> = {
  prospect: 'primary',
  client: 'success',
  partner: 'success',
  dormant: 'neutral',
  competitor: 'warning',
};

export const companyFilterKeys = [
  'relationshipStatus',
  'assignedTo',
  'industry',
  ...sharedFilterKeys,
] as const;

export function companyFilterDefs({ owners, tags }: { owners: FilterOption[]; tags: string[] }): FilterDef[] {
  return [
    { key: 'relationshipStatus', label: 'Relationship', kind: 'select', options: relationshipOptions },
    { key: 'assignedTo', label: 'Owner', kind: 'select', options: owners },
    { key: 'industry', label: 'Industry', kind: 'text', placeholder: 'e.g. Title & escrow' },
    tagFilterDef(tags),
    ...createdRangeFilterDefs,
  ];
}

/** "acme.com" from "https://www.acme.com/" for display. */
export function displayWebsite(url: string | null): string {
  if (!url) return '';
  return url
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
}
