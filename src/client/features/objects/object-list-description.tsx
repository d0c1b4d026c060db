import { useMemo } from 'react';
import type { ObjectRecord } from '../../../common/validation/objects';
import type {
  RecordCreateDialogProps,
  RecordImportDialogProps,
  RecordListDescription,
} from '../records/record-type';
import { ImportRecordsDialog } from './components/import-records-dialog';
import { objectIconOf } from './components/object-icon';
import { ObjectRecordFormDialog } from './components/object-record-form-dialog';
import { objectColumns, objectFilters, type ObjectRecordType } from './object-record-type';
import { entityRecordsPath } from './records-api';

/**
 * A custom object's list as the record kit's list description: every call carries the object's
 * `entityType`; columns and filters come from its fields; the kit's list page renders it.
 */
export function objectListDescription(type: ObjectRecordType): RecordListDescription<ObjectRecord> {
  const { definition } = type;
  function CreateDialog({ open, onOpenChange, onCreated }: RecordCreateDialogProps) {
    return (
      <ObjectRecordFormDialog
        type={type}
        open={open}
        onOpenChange={onOpenChange}
        onCreated={(record) => onCreated(record.id)}
      />
    );
  }
  function ImportDialog({ open, onOpenChange }: RecordImportDialogProps) {
    return <ImportRecordsDialog type={type} open={open} onOpenChange={onOpenChange} />;
  }
  return {
    key: type.listKey,
    apiPath: entityRecordsPath,
    appPath: type.paths.list,
    noun: type.noun,
    title: type.title,
    description: type.description ?? '',
    icon: objectIconOf(type.iconName),
    permission: type.permission,
    customFieldEntityType: null,
    rowLabel: (record) => record.displayName,
    listParams: { entityType: type.entityType },
    filterKeys: type.filters.map((filter) => filter.key),
    searchPlaceholder: 'Search name and text fields…',
    exportCsv: true,
    emptyDescription: `Add your ${type.noun.other} here, then link each to the deals, clients and companies it belongs to.`,
    useParts: ({ me, tags }) => {
      const tagKey = tags.join('\n');
      // oxlint-disable-next-line react-hooks/exhaustive-deps -- the tags by value: the list hands a new array each render.
      const filters = useMemo(
        () => objectFilters(definition, { tags: tagKey ? tagKey.split('\n') : [] }),
        [tagKey],
      );
      const columns = useMemo(
        () => objectColumns(definition, { currency: me.defaultCurrency }),
        [me.defaultCurrency],
      );
      return { columns, filters, bulk: { tags: true } };
    },
    CreateDialog,
    ImportDialog,
  };
}
