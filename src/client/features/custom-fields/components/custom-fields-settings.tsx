import { EyeOff, FolderCog, Plus, SlidersHorizontal } from 'lucide-react';
import { useCallback, useState } from 'react';
import { can } from '../../../../common/permissions';
import {
  type CustomFieldDefinition,
  type CustomFieldEntityType,
  customFieldEntityTypes,
  entityTypeLabels,
  type FieldSection,
  fieldTypeLabels,
  rulesOf,
  typeOf,
} from '../../../components/custom-fields/types';
import { useCustomFieldDefinitions } from '../../../components/custom-fields/use-custom-field-definitions';
import { groupFieldsBySection } from '../../../components/custom-fields/group-fields';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { DragHandle, type SortableHandleProps, SortableList } from '../../../components/ui/sortable-list';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import { useDeleteCustomField, useReorderCustomFields } from '../api';
import { FieldFormDialog } from './field-form-dialog';
import { FieldRowActions } from './field-row-actions';
import { SectionsDialog } from './sections-dialog';

/** Settings › Custom fields: per entity, the fields by section; settings:manage to change them. */
export function CustomFieldsSettings() {
  const user = useSignedInUser();
  const canEdit = can(user, 'settings', 'manage');
  const [entityType, setEntityType] = useState<CustomFieldEntityType>('lead');

  return (
    <div className="flex flex-col gap-5">
      {canEdit ? null : (
        <Notice>
          You can view the custom fields. Changing them needs permission to manage settings; ask an
          administrator of your organization.
        </Notice>
      )}
      <Tabs value={entityType} onValueChange={(value) => setEntityType(value as CustomFieldEntityType)}>
        <TabsList aria-label="Record type" className="w-full sm:w-auto">
          {customFieldEntityTypes.map((type) => (
            <TabsTrigger key={type} value={type}>
              {entityTypeLabels[type].plural}
            </TabsTrigger>
          ))}
        </TabsList>
        {customFieldEntityTypes.map((type) => (
          <TabsContent key={type} value={type} className="mt-5">
            <EntityFields entityType={type} canEdit={canEdit} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function EntityFields({ entityType, canEdit }: { entityType: CustomFieldEntityType; canEdit: boolean }) {
  const defs = useCustomFieldDefinitions(entityType);
  const reorder = useReorderCustomFields(entityType);
  const remove = useDeleteCustomField(entityType);
  const [target, setTarget] = useState<
    CustomFieldDefinition | { new: true; sectionId?: string | null } | null
  >(null);
  const [deleting, setDeleting] = useState<CustomFieldDefinition | null>(null);
  const [managingSections, setManagingSections] = useState(false);
  const entity = entityTypeLabels[entityType];

  // Every field (hidden ones too), grouped: each group is reordered on its own.
  const groups = groupFieldsBySection(defs.all, defs.sections);
  const emptySections = defs.sections.filter(
    (section) => !groups.some((group) => group.section?.id === section.id),
  );

  const onReorder = useCallback(
    (sectionId: string | null, ids: string[]) => {
      const order = groupFieldsBySection(defs.all, defs.sections).flatMap((group) =>
        (group.section?.id ?? null) === sectionId ? ids : group.fields.map((field) => field.id),
      );
      reorder.mutate(order, {
        onError: (error) => toast.error('Error', { description: readApiError(error).message }),
      });
    },
    [defs.all, defs.sections, reorder],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success('Field deleted', {
        description: `${deleting.name} was removed from ${entity.plural.toLowerCase()}.`,
      });
      setDeleting(null);
    } catch (error) {
      toast.error('Error', { description: readApiError(error).message });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {defs.isPending
            ? ''
            : `${defs.all.length} ${defs.all.length === 1 ? 'field' : 'fields'} on ${entity.plural.toLowerCase()}`}
        </p>
        {canEdit && (defs.all.length > 0 || defs.sections.length > 0) ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setManagingSections(true)}>
              <FolderCog aria-hidden="true" />
              Sections
            </Button>
            <Button onClick={() => setTarget({ new: true })}>
              <Plus aria-hidden="true" />
              Add field
            </Button>
          </div>
        ) : null}
      </div>

      {defs.isPending ? (
        <Card>
          <LoadingRows />
        </Card>
      ) : defs.isError ? (
        <FormError message={`Could not load the fields: ${readApiError(defs.error).message}`} />
      ) : defs.all.length === 0 ? (
        <Card>
          <EmptyState
            icon={SlidersHorizontal}
            title={`No custom fields on ${entity.plural.toLowerCase()} yet`}
            description={`Add the details your team records about each ${entity.singular.toLowerCase()}: a case number, a county, a preferred contact time…`}
            action={
              canEdit ? (
                <Button onClick={() => setTarget({ new: true })}>
                  <Plus aria-hidden="true" />
                  Add field
                </Button>
              ) : null
            }
          />
        </Card>
      ) : (
        <>
          {groups.map((group) => (
            <FieldGroupCard
              key={group.section?.id ?? 'loose'}
              section={group.section}
              fields={group.fields}
              canEdit={canEdit}
              onReorder={(ids) => onReorder(group.section?.id ?? null, ids)}
              onAdd={() => setTarget({ new: true, sectionId: group.section?.id ?? null })}
              onEdit={setTarget}
              onDelete={setDeleting}
            />
          ))}
          {emptySections.map((section) => (
            <FieldGroupCard
              key={section.id}
              section={section}
              fields={[]}
              canEdit={canEdit}
              onReorder={() => undefined}
              onAdd={() => setTarget({ new: true, sectionId: section.id })}
              onEdit={setTarget}
              onDelete={setDeleting}
            />
          ))}
        </>
      )}

      <FieldFormDialog
        entityType={entityType}
        sections={defs.sections}
        target={target}
        onOpenChange={(open) => !open && setTarget(null)}
      />
      <SectionsDialog
        entityType={entityType}
        sections={defs.sections}
        open={managingSections}
        onOpenChange={setManagingSections}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? ''}?`}
        description={`The field disappears from ${entity.plural.toLowerCase()}. Values already entered stay stored and come back if you add a field with the key “${deleting?.fieldKey ?? ''}” again.`}
        confirmLabel="Delete field"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

function FieldGroupCard({
  section,
  fields,
  canEdit,
  onReorder,
  onAdd,
  onEdit,
  onDelete,
}: {
  section: FieldSection | null;
  fields: CustomFieldDefinition[];
  canEdit: boolean;
  onReorder: (ids: string[]) => void;
  onAdd: () => void;
  onEdit: (field: CustomFieldDefinition) => void;
  onDelete: (field: CustomFieldDefinition) => void;
}) {
  const title = section?.name ?? 'General';
  return (
    <Card className="overflow-hidden" aria-label={`${title} fields`}>
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-2.5 sm:px-5">
        <div className="flex min-w-0 items-center gap-2">
          <h3 className="truncate text-sm font-semibold">{title}</h3>
          <span className="text-xs text-muted-foreground">
            {section ? 'Section' : 'Fields outside any section, shown first'}
          </span>
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
          getId={fieldId}
          getLabel={fieldName}
          onReorder={onReorder}
          disabled={!canEdit}
          aria-label={`Fields in ${title}`}
          className="divide-y divide-border"
          renderItem={(field, sortable) => (
            <FieldRow
              field={field}
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

const fieldId = (field: CustomFieldDefinition) => field.id;
const fieldName = (field: CustomFieldDefinition) => field.name;

function FieldRow({
  field,
  sortable,
  canEdit,
  onEdit,
  onDelete,
}: {
  field: CustomFieldDefinition;
  sortable: SortableHandleProps | null;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const type = typeOf(field);
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
          <span className={cn('text-sm font-medium', !field.isVisible && 'text-muted-foreground')}>
            {field.name}
          </span>
          {field.isRequired ? <Badge variant="warning">Required</Badge> : null}
          {rulesOf(field).computed ? <Badge title="Filled in by Locus">Calculated</Badge> : null}
          {field.isVisible ? null : (
            <Badge>
              <EyeOff className="size-3" aria-hidden="true" />
              Hidden
            </Badge>
          )}
        </div>
        <p className="truncate font-mono text-xs text-muted-foreground">{field.fieldKey}</p>
      </div>
      <Badge variant="primary" className="hidden sm:inline-flex">
        {fieldTypeLabels[type]}
      </Badge>
      {canEdit ? <FieldRowActions name={field.name} onEdit={onEdit} onDelete={onDelete} /> : null}
    </div>
  );
}

function LoadingRows() {
  return (
    <div className="divide-y divide-border" aria-busy="true" aria-label="Loading fields">
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
