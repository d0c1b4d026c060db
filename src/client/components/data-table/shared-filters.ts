import type { FilterDef } from './list-params';
import { toOptions } from './use-record-options';

/*
 * Filters every record list offers (leads, clients, companies, deals), under the names the list
 * calls take (`?tag=`, `?createdFrom=`, `?createdTo=`; a day as the end includes that whole day).
 */

export const sharedFilterKeys = ['tag', 'createdFrom', 'createdTo'] as const;

/** A tag: picked from the organization's tags, or typed while it has none. */
export function tagFilterDef(tags: string[]): FilterDef {
  return tags.length > 0
    ? { key: 'tag', label: 'Tag', kind: 'select', options: toOptions(tags) }
    : { key: 'tag', label: 'Tag', kind: 'text', placeholder: 'Tag name' };
}

export const createdRangeFilterDefs: FilterDef[] = [
  { key: 'createdFrom', label: 'Created from', kind: 'date' },
  { key: 'createdTo', label: 'Created to', kind: 'date' },
];
