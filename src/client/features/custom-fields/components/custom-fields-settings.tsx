import { EyeOff, FolderCog, Plus, SlidersHorizontal } from 'lucide-react';
import { useCallback, useState } from 'react';
import { can } from '../../../../common/permissions';
import {
  type CustomFieldDefinition,
  type CustomFieldEntityType,
  customFieldEntityTypes,
  entityTypeLabels,
  type FieldSection,
  rulesOf,
  typeOf,
} from '../../../components/custom-fields/types';
import { useCustomFieldDefinitions } from '../../../components/custom-fields/use-custom-field-definitions';
import { groupFieldsBySection } from '../../../components/custom-fields/group-fields';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import { useDeleteCustomField, useReorderCustomFields } from '../api';
import { DeleteFieldDialog } from './delete-field-dialog';
import { FieldFormDialog } from './field-form-dialog';
import { FieldGroupCard, type FieldRowView, LoadingFieldRows } from './field-group-card';
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
          <LoadingFieldRows />
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
            <SectionFields
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
            <SectionFields
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
      <DeleteFieldDialog
        field={deleting}
        from={entity.plural.toLowerCase()}
        description={`The field disappears from ${entity.plural.toLowerCase()}. Values already entered stay stored and come back if you add a field with the key “${deleting?.fieldKey ?? ''}” again.`}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

function fieldView(field: CustomFieldDefinition): FieldRowView {
  return {
    id: field.id,
    name: field.name,
    fieldKey: field.fieldKey,
    type: typeOf(field),
    isRequired: field.isRequired,
    muted: !field.isVisible,
    badges: (
      <>
        {rulesOf(field).computed ? <Badge title="Filled in by Locus">Calculated</Badge> : null}
        {field.isVisible ? null : (
          <Badge>
            <EyeOff className="size-3" aria-hidden="true" />
            Hidden
          </Badge>
        )}
      </>
    ),
  };
}

function SectionFields({
  section,
  ...props
}: {
  section: FieldSection | null;
  fields: CustomFieldDefinition[];
  canEdit: boolean;
  onReorder: (ids: string[]) => void;
  onAdd: () => void;
  onEdit: (field: CustomFieldDefinition) => void;
  onDelete: (field: CustomFieldDefinition) => void;
}) {
  return (
    <FieldGroupCard
      title={section?.name ?? 'General'}
      note={section ? 'Section' : 'Fields outside any section, shown first'}
      view={fieldView}
      {...props}
    />
  );
}
