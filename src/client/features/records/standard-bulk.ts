import type { BulkField } from '../../components/data-table/bulk-actions';
import type { OwnerOptions } from '../../components/data-table/use-record-options';
import type { RecordListParts } from './record-type';

/**
 * The bulk actions of a standard list: change the status (or stage), change the owner (`ownerKey`:
 * `assignedOwner`, `assignedTo`), add and remove tags.
 */
export function standardBulk(
  status: BulkField,
  ownerKey: string,
  owners: OwnerOptions,
): RecordListParts<unknown>['bulk'] {
  return {
    status,
    owner: { key: ownerKey, label: 'owner', options: owners.options, emptyLabel: 'Unassigned' },
    tags: true,
  };
}
