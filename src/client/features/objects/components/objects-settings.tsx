import { ArrowLeft, Blocks, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import type { ObjectDefinition } from '../../../../common/validation/objects';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { FieldRowActions } from '../../custom-fields/components/field-row-actions';
import { LoadingFieldRows } from '../../custom-fields/components/field-group-card';
import { useEntityDefinition, useUpdateEntityDefinition } from '../api';
import { useEntityDefinitions } from '../entity-definitions-query';
import { permissionCategoryHelp } from '../object-form-model';
import { recordCountLabel } from '../object-labels';
import { DeleteObjectDialog } from './delete-object-dialog';
import { ObjectFieldsEditor } from './object-fields-editor';
import { type ObjectDialogTarget, ObjectFormDialog } from './object-form-dialog';
import { ObjectIcon } from './object-icon';
import { ObjectTemplates } from './object-templates';

const settingsPath = '/settings/objects';
const objectPath = (entityType: string) => `${settingsPath}?object=${encodeURIComponent(entityType)}`;

/** Settings › Objects (settings:manage): the organization's objects, or one object's fields (`?object=`). */
export function ObjectsSettings() {
  const [params] = useSearchParams();
  const entityType = params.get('object');
  return entityType ? <ObjectSettings key={entityType} entityType={entityType} /> : <ObjectList />;
}

/** Turning an object off or on, with the toast that says what happens to its records. */
function useToggleActive() {
  const update = useUpdateEntityDefinition();
  return (definition: ObjectDefinition, isActive: boolean) =>
    update.mutate(
      { definition, changes: { isActive } },
      {
        onSuccess: () =>
          toast.success(
            isActive ? `${definition.pluralName} turned on` : `${definition.pluralName} turned off`,
            {
              description: isActive
                ? 'Its records are back in the menu, search and the dashboard.'
                : 'Its records are kept, hidden until you turn it back on.',
            },
          ),
        onError: (error) => toast.error('Error', { description: readApiError(error).message }),
      },
    );
}

function ObjectList() {
  const definitions = useEntityDefinitions({ includeInactive: true });
  const [, navigate] = useLocation();
  const toggleActive = useToggleActive();
  const [target, setTarget] = useState<ObjectDialogTarget>(null);
  const [deleting, setDeleting] = useState<ObjectDefinition | null>(null);
  const items = definitions.data?.items ?? [];
  const nextOrder = items.reduce((max, item) => Math.max(max, item.displayOrder + 1), 0);

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {definitions.isPending ? '' : `${items.length} ${items.length === 1 ? 'object' : 'objects'}`}
          </p>
          <Button onClick={() => setTarget({ new: true })}>
            <Plus aria-hidden="true" />
            New object
          </Button>
        </div>
        {definitions.isPending ? (
          <Card>
            <LoadingFieldRows />
          </Card>
        ) : definitions.isError ? (
          <FormError message={`Could not load the objects: ${readApiError(definitions.error).message}`} />
        ) : items.length === 0 ? (
          <Card>
            <EmptyState
              icon={Blocks}
              title="No objects yet"
              description="Keep the records your work needs besides leads, clients, companies and deals: properties, heirs, court filings… Create one or add a template below."
              action={
                <Button onClick={() => setTarget({ new: true })}>
                  <Plus aria-hidden="true" />
                  New object
                </Button>
              }
            />
          </Card>
        ) : (
          <Card className="overflow-hidden">
            <ul className="divide-y divide-border" aria-label="Objects">
              {items.map((definition) => (
                <ObjectRow
                  key={definition.id}
                  definition={definition}
                  onToggle={(isActive) => toggleActive(definition, isActive)}
                  onEdit={() => setTarget(definition)}
                  onDelete={() => setDeleting(definition)}
                />
              ))}
            </ul>
          </Card>
        )}
      </div>
      <ObjectTemplates />
      <ObjectFormDialog
        target={target}
        nextOrder={nextOrder}
        onOpenChange={(open) => !open && setTarget(null)}
        onCreated={(created) => navigate(objectPath(created.entityType))}
      />
      <DeleteObjectDialog definition={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  );
}

function ObjectRow({
  definition,
  onToggle,
  onEdit,
  onDelete,
}: {
  definition: ObjectDefinition;
  onToggle: (isActive: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const switchId = `object-active-${definition.id}`;
  return (
    <li className="flex items-center gap-3 px-3 py-3 sm:px-4">
      <span className="w-6 text-right text-xs text-muted-foreground tabular-nums" title="Order">
        <span className="sr-only">Order </span>
        {definition.displayOrder}
      </span>
      <span
        className={
          definition.isActive
            ? 'flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary'
            : 'flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground'
        }
      >
        <ObjectIcon name={definition.iconName} className="size-4.5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            href={objectPath(definition.entityType)}
            className="text-sm font-medium hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            {definition.pluralName}
          </Link>
          {definition.isActive ? null : <Badge>Off</Badge>}
          <Badge variant="primary" className="hidden sm:inline-flex" title="Permissions come from">
            {permissionCategoryHelp[definition.permissionCategory]?.label}
          </Badge>
        </div>
        <p className="truncate text-xs text-muted-foreground">
          <span className="font-mono">{definition.entityType}</span> · {definition.fields.length}{' '}
          {definition.fields.length === 1 ? 'field' : 'fields'} · {recordCountLabel(definition.recordCount)}
        </p>
      </div>
      <label htmlFor={switchId} className="sr-only">
        {definition.pluralName} on
      </label>
      <Switch id={switchId} checked={definition.isActive} onCheckedChange={onToggle} />
      <FieldRowActions name={definition.pluralName} onEdit={onEdit} onDelete={onDelete} />
    </li>
  );
}

/** One object: its details and its fields editor. */
function ObjectSettings({ entityType }: { entityType: string }) {
  const query = useEntityDefinition(entityType);
  const [, navigate] = useLocation();
  const toggleActive = useToggleActive();
  const [editing, setEditing] = useState<ObjectDialogTarget>(null);
  const [deleting, setDeleting] = useState<ObjectDefinition | null>(null);
  const definition = query.data;

  return (
    <div className="flex flex-col gap-5">
      <Link
        href={settingsPath}
        className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All objects
      </Link>
      {query.isPending ? (
        <div role="status" className="flex flex-col gap-3" aria-busy="true" aria-label="Loading">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : query.isError || !definition ? (
        <FormError message={`Could not load the object: ${readApiError(query.error).message}`} />
      ) : (
        <>
          <Card className="flex flex-wrap items-center gap-4 p-4 sm:p-5">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
              <ObjectIcon name={definition.iconName} className="size-5" />
            </span>
            <div className="min-w-0 flex-1 basis-64">
              <h3 className="text-base font-semibold">{definition.pluralName}</h3>
              <p className="text-sm text-muted-foreground">
                {definition.description || `Records of type ${definition.entityType}.`}
              </p>
              <p className="mt-1 text-xs text-muted-foreground">
                {permissionCategoryHelp[definition.permissionCategory]?.help}
                {definition.recordCount === undefined
                  ? null
                  : ` · ${recordCountLabel(definition.recordCount)}`}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <label htmlFor="object-active" className="text-sm text-muted-foreground">
                {definition.isActive ? 'On' : 'Off'}
              </label>
              <Switch
                id="object-active"
                aria-label={`${definition.pluralName} on`}
                checked={definition.isActive}
                onCheckedChange={(isActive) => toggleActive(definition, isActive)}
              />
              <Button variant="secondary" onClick={() => setEditing(definition)}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
              <Button variant="ghost" className="text-destructive" onClick={() => setDeleting(definition)}>
                Delete
              </Button>
            </div>
          </Card>
          <ObjectFieldsEditor definition={definition} />
          <ObjectFormDialog
            target={editing}
            nextOrder={0}
            onOpenChange={(open) => !open && setEditing(null)}
          />
          <DeleteObjectDialog
            definition={deleting}
            onOpenChange={(open) => !open && setDeleting(null)}
            onDeleted={() => navigate(settingsPath)}
          />
        </>
      )}
    </div>
  );
}
