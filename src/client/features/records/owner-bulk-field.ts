import type { BulkField } from '../../components/data-table/bulk-actions';
import type { OwnerOptions } from '../../components/data-table/use-record-options';

/** Bulk "Change owner": `key` is the record's owner field (`assignedOwner`, `assignedTo`). */
export function ownerBulkField(key: string, owners: OwnerOptions): BulkField {
  return { key, label: 'owner', options: owners.options, emptyLabel: 'Unassigned' };
}
