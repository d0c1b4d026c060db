import {
  type CustomFieldDefinition,
  type CustomFieldEntityType,
  entityTypeLabels,
  type FieldSection,
} from '../../../components/custom-fields/types';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { useSaveCustomField } from '../api';
import { type FieldFormValues, fieldFormSchema, formDefaults, toFieldInput } from '../field-form-model';
import { type FieldDefinitionFormKind, useFieldDefinitionForm } from '../use-field-definition-form';
import { FieldDefinitionDialog, FieldDefinitionForm } from './field-definition-dialog';

interface FieldFormDialogProps {
  entityType: CustomFieldEntityType;
  sections: FieldSection[];
  /** The field to edit, a new one (optionally in a section), or null when closed. */
  target: CustomFieldDefinition | { new: true; sectionId?: string | null } | null;
  onOpenChange: (open: boolean) => void;
}

export function FieldFormDialog({ entityType, sections, target, onOpenChange }: FieldFormDialogProps) {
  return (
    <FieldDefinitionDialog target={target} onOpenChange={onOpenChange}>
      {(field, fresh, onDone) => (
        <FieldForm
          entityType={entityType}
          sections={sections}
          field={field}
          sectionId={fresh?.sectionId}
          onDone={onDone}
        />
      )}
    </FieldDefinitionDialog>
  );
}

/** The custom field form as the shared dialog reads it. */
const customFieldForm: FieldDefinitionFormKind<FieldFormValues, ReturnType<typeof toFieldInput>> = {
  schema: fieldFormSchema,
  paths: { name: 'name', key: 'fieldKey' },
  toInput: toFieldInput,
  serverFields: ['name', 'fieldKey', 'fieldType', 'sectionId', 'placeholder', 'defaultValue', 'options'],
  // The name as the schema reads it (trimmed).
  label: (values) => values.name.trim(),
};

function FieldForm({
  entityType,
  sections,
  field,
  sectionId,
  onDone,
}: {
  entityType: CustomFieldEntityType;
  sections: FieldSection[];
  field: CustomFieldDefinition | null;
  sectionId?: string | null;
  onDone: () => void;
}) {
  const save = useSaveCustomField(entityType);
  const entity = entityTypeLabels[entityType].singular.toLowerCase();
  const { form, state } = useFieldDefinitionForm(customFieldForm, {
    field,
    defaults: () => formDefaults(field, sectionId),
    save: save.mutateAsync,
    appearsOn: `${entity} form`,
    onDone,
  });

  return (
    <FieldDefinitionForm
      state={state}
      editing={field !== null}
      title={field ? `Edit ${field.name}` : `New ${entity} field`}
      description={`Custom fields appear on the ${entity} form and page, in the section you choose.`}
      namePlaceholder="Property address"
      keyLabel="Key"
      existingKey={field?.fieldKey ?? null}
      section={
        <FormField id="field-section" label="Section" error={state.error('sectionId')}>
          <Select {...fieldA11y('field-section', state.error('sectionId'))} {...form.register('sectionId')}>
            <option value="">No section (shown first)</option>
            {sections.map((section) => (
              <option key={section.id} value={section.id}>
                {section.name}
              </option>
            ))}
          </Select>
        </FormField>
      }
      requiredDescription={`A ${entity} cannot be saved without it.`}
      toggles={[
        {
          name: 'isVisible',
          id: 'field-visible',
          label: 'Visible',
          description: 'Hidden fields keep their values but are not shown on forms or pages.',
        },
      ]}
      onDone={onDone}
    />
  );
}
