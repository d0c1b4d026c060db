import { useMemo } from 'react';
import { PermissionGuard } from '../../../components/permission-guard';
import { RecordLoadError, RecordPageSkeleton } from '../../../components/record-page-states';
import { RecordListPage } from '../../records/record-list-page';
import { objectListDescription } from '../object-list-description';
import type { ObjectRecordType } from '../object-record-type';
import { useObjectRecordType } from '../use-object-record-type';

/** /objects/:entityType: an object's records on the record kit's list page, guarded by its category's read. */
export function ObjectRecordsPage({ entityType }: { entityType: string }) {
  const { type, isPending, error } = useObjectRecordType(entityType);
  if (isPending) return <RecordPageSkeleton />;
  if (!type) return <RecordLoadError error={error} singular="Object" listHref="/dashboard" />;
  return (
    <PermissionGuard permission={[type.permission, 'read']}>
      <ObjectRecords type={type} />
    </PermissionGuard>
  );
}

function ObjectRecords({ type }: { type: ObjectRecordType }) {
  const description = useMemo(() => objectListDescription(type), [type]);
  return <RecordListPage description={description} />;
}
