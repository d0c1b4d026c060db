import { ChevronRight, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { can } from '../../../../common/permissions';
import { CustomFieldValues } from '../../../components/custom-fields/custom-field-values';
import { formatDate } from '../../../components/data-table/format';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { PermissionGuard } from '../../../components/permission-guard';
import { RecordLoadError, RecordPageSkeleton } from '../../../components/record-page-states';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { InlineField } from '../../../components/ui/inline-edit';
import { TagsInput } from '../../../components/ui/tags-input';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import { ObjectRecordFormDialog } from '../components/object-record-form-dialog';
import { RecordRelationships } from '../components/record-relationships';
import type { ObjectRecordType } from '../object-record-type';
import {
  type ObjectRecordDetail,
  useDeleteEntityRecord,
  useEntityRecord,
  useUpdateEntityRecord,
} from '../records-api';
import { useObjectRecordType } from '../use-object-record-type';

/** /objects/:entityType/:id: a custom record's fields by section, tags, notes and related records. */
export function ObjectRecordDetailPage({ entityType, id }: { entityType: string; id: string }) {
  const { type, isPending, error, tags } = useObjectRecordType(entityType);
  if (isPending) return <RecordPageSkeleton />;
  if (!type) return <RecordLoadError error={error} singular="Object" listHref="/dashboard" />;
  return (
    <PermissionGuard permission={[type.permission, 'read']}>
      <LoadedRecord type={type} id={id} tags={tags} />
    </PermissionGuard>
  );
}

function LoadedRecord({ type, id, tags }: { type: ObjectRecordType; id: string; tags: string[] }) {
  const record = useEntityRecord(id);
  if (record.isPending) return <RecordPageSkeleton />;
  // A record of another object under this address is not this object's record.
  if (record.isError || record.data.entityType !== type.entityType) {
    return <RecordLoadError error={record.error} singular={type.singular} listHref={type.paths.list} />;
  }
  return <ObjectRecordDetail type={type} record={record.data} tags={tags} />;
}

function ObjectRecordDetail({
  type,
  record,
  tags,
}: {
  type: ObjectRecordType;
  record: ObjectRecordDetail;
  tags: string[];
}) {
  const me = useSignedInUser();
  const [, navigate] = useLocation();
  const update = useUpdateEntityRecord(record.id);
  const remove = useDeleteEntityRecord();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const canEdit = can(me, type.permission, 'update');
  const canDelete = can(me, type.permission, 'delete');

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(record.id);
      toast.success(`${type.singular} deleted`, { description: record.displayName });
      navigate(type.paths.list);
    } catch (error) {
      toast.error(`The ${type.noun.one} was not deleted`, { description: readApiError(error).message });
    }
  };

  return (
    <PageContainer>
      <PageHeader
        eyebrow={
          <nav aria-label="Breadcrumb" className="flex items-center gap-1">
            <Link href={type.paths.list} className="hover:text-foreground">
              {type.title}
            </Link>
            <ChevronRight className="size-3.5" aria-hidden="true" />
            <span aria-current="page" className="max-w-64 truncate">
              {record.displayName}
            </span>
          </nav>
        }
        title={<span className="break-words">{record.displayName}</span>}
        documentTitle={record.displayName}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge>{type.singular}</Badge>
            {record.isActive ? null : <Badge variant="neutral">Inactive</Badge>}
            <span>Added {formatDate(record.createdAt)}</span>
          </span>
        }
        actions={
          <>
            {canEdit ? (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
            ) : null}
            {canDelete ? (
              <Button variant="secondary" className="text-destructive" onClick={() => setDeleting(true)}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            ) : null}
          </>
        }
      />

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>Details</CardTitle>
            </CardHeader>
            <CardContent>
              <CustomFieldValues
                values={record.data}
                definitions={type.fields}
                currency={me.defaultCurrency}
              />
            </CardContent>
          </Card>
          <RecordRelationships record={record} permission={type.permission} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Tags</CardTitle>
            </CardHeader>
            <CardContent>
              <TagsInput
                aria-label="Tags"
                value={record.tags}
                onChange={(next) => update.mutate({ tags: next })}
                suggestions={tags}
                disabled={!canEdit}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Notes</CardTitle>
            </CardHeader>
            <CardContent>
              <InlineField
                label="Notes"
                kind="textarea"
                value={record.notes ?? ''}
                placeholder="No notes"
                readOnly={!canEdit}
                onSave={(notes) => update.mutate({ notes: notes.trim() || null })}
              />
              <dl className="mt-4 grid grid-cols-2 gap-2 border-t border-border pt-3 text-xs text-muted-foreground">
                <dt>Created</dt>
                <dd className="text-right">{formatDate(record.createdAt)}</dd>
                <dt>Last updated</dt>
                <dd className="text-right">{formatDate(record.updatedAt)}</dd>
              </dl>
            </CardContent>
          </Card>
        </div>
      </div>

      {canEdit ? (
        <ObjectRecordFormDialog
          type={type}
          record={record}
          open={editing}
          onOpenChange={setEditing}
          tagSuggestions={tags}
        />
      ) : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${record.displayName}?`}
        description={`The ${type.noun.one} and its links to other records are deleted. This cannot be undone.`}
        confirmLabel={`Delete ${type.noun.one}`}
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </PageContainer>
  );
}
