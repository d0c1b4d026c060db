import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { type CustomFieldType, fieldTypeLabels } from '../../../components/custom-fields/types';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { DragHandle, type SortableHandleProps, SortableList } from '../../../components/ui/sortable-list';
import { cn } from '../../../lib/cn';
import { FieldRowActions } from './field-row-actions';

/** How a field definition shows in a settings list (custom fields and objects' fields alike). */
export interface FieldRowView {
  id: string;
  name: string;
  /** The key its values are stored under. */
  fieldKey: string;
  type: CustomFieldType;
  isRequired: boolean;
  /** Greyed out (a hidden field). */
  muted?: boolean;
  /** More badges after Required. */
  badges?: ReactNode;
}

/** One section's fields, reordered by drag or keyboard, each with Edit and Delete. */
export function FieldGroupCard<T>({
  title,
  note,
  fields,
  view,
  canEdit,
  onReorder,
  onAdd,
  onEdit,
  onDelete,
}: {
  title: string;
  note: string;
  fields: T[];
  view: (field: T) => FieldRowView;
  canEdit: boolean;
  onReorder: (ids: string[]) => void;
  onAdd: () => void;
  onEdit: (field: T) => void;
  onDelete: (field: T) => void;
}) {
  return (
    <Card className="overflow-hidden" aria-label={`${title} fields`}>
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-2.5 sm:px-5">
        <div className="flex min-w-0 items-center gap-2">
          <h3 className="truncate text-sm font-semibold">{title}</h3>
          <span className="text-xs text-muted-foreground">{note}</span>
        </div>
        {canEdit ? (
          <Button variant="ghost" size="sm" onClick={onAdd}>
            <Plus aria-hidden="true" />
            {/* The name starts with the visible words (label in name), then says where. */}
            <span className="max-sm:sr-only">Add here</span>
            <span className="sr-only">: a field in {title}</span>
          </Button>
        ) : null}
      </div>
      {fields.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted-foreground">No fields in this section yet.</p>
      ) : (
        <SortableList
          items={fields}
          getId={(field) => view(field).id}
          getLabel={(field) => view(field).name}
          onReorder={onReorder}
          disabled={!canEdit}
          aria-label={`Fields in ${title}`}
          className="divide-y divide-border"
          renderItem={(field, sortable) => (
            <FieldRow
              field={view(field)}
              sortable={sortable}
              canEdit={canEdit}
              onEdit={() => onEdit(field)}
              onDelete={() => onDelete(field)}
            />
          )}
        />
      )}
    </Card>
  );
}

function FieldRow({
  field,
  sortable,
  canEdit,
  onEdit,
  onDelete,
}: {
  field: FieldRowView;
  sortable: SortableHandleProps | null;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div
      className={cn(
        'flex items-center gap-3 bg-surface px-3 py-2.5 sm:px-4',
        sortable?.isDragging && 'shadow-lg ring-1 ring-border',
      )}
    >
      {sortable ? <DragHandle sortable={sortable} label={`Reorder ${field.name}`} /> : null}
      <div className={cn('min-w-0 flex-1', !sortable && 'pl-1')}>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className={cn('text-sm font-medium', field.muted && 'text-muted-foreground')}>
            {field.name}
          </span>
          {field.isRequired ? <Badge variant="warning">Required</Badge> : null}
          {field.badges}
        </div>
        <p className="truncate font-mono text-xs text-muted-foreground">{field.fieldKey}</p>
      </div>
      <Badge variant="primary" className="hidden sm:inline-flex">
        {fieldTypeLabels[field.type]}
      </Badge>
      {canEdit ? <FieldRowActions name={field.name} onEdit={onEdit} onDelete={onDelete} /> : null}
    </div>
  );
}

/** Placeholder rows while a field list loads. */
export function LoadingFieldRows() {
  return (
    <div role="status" className="divide-y divide-border" aria-busy="true" aria-label="Loading fields">
      {[0, 1, 2, 3].map((key) => (
        <div key={key} className="flex items-center gap-3 px-5 py-3.5">
          <Skeleton className="size-5" />
          <div className="flex-1">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="mt-1.5 h-3 w-24" />
          </div>
          <Skeleton className="h-5 w-16" />
        </div>
      ))}
    </div>
  );
}
