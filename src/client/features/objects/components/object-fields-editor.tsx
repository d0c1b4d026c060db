import { Plus, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import type { ObjectDefinition, ObjectFieldDefinition } from '../../../../common/validation/objects';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { DeleteFieldDialog } from '../../custom-fields/components/delete-field-dialog';
import { FieldGroupCard, type FieldRowView } from '../../custom-fields/components/field-group-card';
import { useDeleteEntityField, useReorderEntityFields } from '../api';
import { groupBySection } from '../object-labels';
import { ObjectFieldFormDialog, type ObjectFieldTarget } from './object-field-form-dialog';

function fieldView(field: ObjectFieldDefinition): FieldRowView {
  return {
    id: field.id,
    name: field.displayName,
    fieldKey: field.fieldName,
    type: field.fieldType,
    isRequired: field.isRequired,
    badges: field.defaultValue ? <Badge title={`Default: ${field.defaultValue}`}>Default</Badge> : null,
  };
}

/** An object's fields by section: add, edit, remove and reorder (drag or keyboard). */
export function ObjectFieldsEditor({ definition }: { definition: ObjectDefinition }) {
  const reorder = useReorderEntityFields(definition);
  const remove = useDeleteEntityField();
  const [target, setTarget] = useState<ObjectFieldTarget>(null);
  const [deleting, setDeleting] = useState<ObjectFieldDefinition | null>(null);
  const groups = groupBySection(definition.fields);
  const plural = definition.pluralName.toLowerCase();

  const onReorder = (section: string, ids: string[]) => {
    const order = groups.flatMap((group) =>
      group.section === section ? ids : group.fields.map((field) => field.id),
    );
    reorder.mutate(order, {
      onError: (error) => toast.error('Error', { description: readApiError(error).message }),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {`${definition.fields.length} ${definition.fields.length === 1 ? 'field' : 'fields'} on ${plural}`}
        </p>
        {definition.fields.length > 0 ? (
          <Button onClick={() => setTarget({ new: true })}>
            <Plus aria-hidden="true" />
            Add field
          </Button>
        ) : null}
      </div>
      {definition.fields.length === 0 ? (
        <Card>
          <EmptyState
            icon={SlidersHorizontal}
            title={`No fields on ${plural} yet`}
            description={`Every ${definition.displayName.toLowerCase()} has a name; add the details your team records about each one.`}
            action={
              <Button onClick={() => setTarget({ new: true })}>
                <Plus aria-hidden="true" />
                Add field
              </Button>
            }
          />
        </Card>
      ) : (
        groups.map((group) => (
          <FieldGroupCard
            key={group.section}
            title={group.label}
            note="Section"
            fields={group.fields}
            view={fieldView}
            canEdit
            onReorder={(ids) => onReorder(group.section, ids)}
            onAdd={() => setTarget({ new: true, section: group.section })}
            onEdit={setTarget}
            onDelete={setDeleting}
          />
        ))
      )}
      <ObjectFieldFormDialog
        definition={definition}
        target={target}
        onOpenChange={(open) => !open && setTarget(null)}
      />
      <DeleteFieldDialog
        field={deleting && { id: deleting.id, name: deleting.displayName }}
        from={plural}
        description={`The field disappears from ${plural}, with the values entered in it.`}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
