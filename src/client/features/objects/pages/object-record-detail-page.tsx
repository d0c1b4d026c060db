import { Pencil } from 'lucide-react';
import { useMemo, useState } from 'react';
import { can } from '../../../../common/permissions';
import { formatDate } from '../../../components/data-table/format';
import { PermissionGuard } from '../../../components/permission-guard';
import { RecordLoadError, RecordPageSkeleton } from '../../../components/record-page-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useSignedInUser } from '../../auth/signed-in-user';
import { RecordDetailPage, RecordDetailRoute } from '../../records/record-detail-page';
import { ObjectRecordFormDialog } from '../components/object-record-form-dialog';
import { RecordRelationships } from '../components/record-relationships';
import { objectDetailDescription } from '../object-record-form';
import type { ObjectRecordType } from '../object-record-type';
import {
  type ObjectRecordDetail,
  useDeleteEntityRecord,
  useEntityRecord,
  useUpdateEntityRecord,
} from '../records-api';
import { useObjectRecordType } from '../use-object-record-type';

/** /objects/:entityType/:id: a custom record on the record kit's page, with its links both ways. */
export function ObjectRecordDetailPage({ entityType, id }: { entityType: string; id: string }) {
  const { type, isPending, error } = useObjectRecordType(entityType);
  if (isPending) return <RecordPageSkeleton />;
  if (!type) return <RecordLoadError error={error} singular="Object" listHref="/dashboard" />;
  return (
    <PermissionGuard permission={[type.permission, 'read']}>
      <LoadedRecord type={type} id={id} />
    </PermissionGuard>
  );
}

function LoadedRecord({ type, id }: { type: ObjectRecordType; id: string }) {
  const record = useEntityRecord(id);
  const description = useMemo(() => objectDetailDescription(type.definition), [type.definition]);
  // A record of another object under this address is not this object's record.
  const query =
    record.data && record.data.entityType !== type.entityType ? { ...record, data: undefined } : record;
  return (
    <RecordDetailRoute query={query} description={description}>
      {(loaded) => <ObjectRecordDetail type={type} record={loaded} description={description} />}
    </RecordDetailRoute>
  );
}

function ObjectRecordDetail({
  type,
  record,
  description,
}: {
  type: ObjectRecordType;
  record: ObjectRecordDetail;
  description: ReturnType<typeof objectDetailDescription>;
}) {
  const me = useSignedInUser();
  const update = useUpdateEntityRecord(record.id);
  const remove = useDeleteEntityRecord();
  const [editing, setEditing] = useState(false);
  const canEdit = can(me, type.permission, 'update');
  return (
    <RecordDetailPage
      description={description}
      record={record}
      update={update}
      remove={remove}
      badges={
        <span className="flex flex-wrap items-center gap-2">
          <Badge>{type.singular}</Badge>
          {record.isActive ? null : <Badge variant="neutral">Inactive</Badge>}
          <span>Added {formatDate(record.createdAt)}</span>
        </span>
      }
      actions={
        canEdit ? (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        ) : null
      }
      aside={<RecordRelationships record={record} permission={type.permission} />}
    >
      {canEdit ? (
        <ObjectRecordFormDialog type={type} record={record} open={editing} onOpenChange={setEditing} />
      ) : null}
    </RecordDetailPage>
  );
}
