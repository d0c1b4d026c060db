import { useMemo } from 'react';
import type { ObjectRecord } from '../../../../common/validation/objects';
import { RecordFormDialog } from '../../records/record-form-dialog';
import { objectFormDescription, objectRecordPayload } from '../object-record-form';
import type { ObjectRecordType } from '../object-record-type';
import { type ObjectRecordDetail, useCreateEntityRecord, useUpdateEntityRecord } from '../records-api';

export interface ObjectRecordFormDialogProps {
  type: ObjectRecordType;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The record to edit; without it the dialog creates one. */
  record?: ObjectRecordDetail;
  /** After a record was created (e.g. to link it to the page it was added from). */
  onCreated?: (record: ObjectRecord) => void;
  /** Said under the title, e.g. "Linked to Estate of J. Doe". */
  context?: string;
}

/** "New heir" / "Edit heir": the record kit's form from the object's description. */
export function ObjectRecordFormDialog({
  type,
  open,
  onOpenChange,
  record,
  onCreated,
  context,
}: ObjectRecordFormDialogProps) {
  const create = useCreateEntityRecord();
  const update = useUpdateEntityRecord(record?.id ?? '');
  const { definition } = type;
  const description = useMemo(
    () => objectFormDescription(definition, { editing: Boolean(record), context }),
    [definition, record, context],
  );
  return (
    <RecordFormDialog<ObjectRecord>
      open={open}
      onOpenChange={onOpenChange}
      description={description}
      record={record as unknown as Record<string, unknown> | undefined}
      save={(values) => {
        const input = objectRecordPayload(definition.fields, values);
        return record
          ? update.mutateAsync(input)
          : create.mutateAsync({ entityType: type.entityType, ...input });
      }}
      onSaved={record ? undefined : onCreated}
    />
  );
}
