import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import {
  type CustomFieldDefinition,
  type CustomFieldEntityType,
  entityTypeLabels,
  type FieldSection,
  fieldTypesWithOptions,
} from '../../../components/custom-fields/types';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useUnsavedChanges,
} from '../../../components/ui/dialog';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { applyApiErrors, errorText } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useSaveCustomField } from '../api';
import {
  type FieldFormValues,
  fieldFormSchema,
  fieldKeyFromName,
  formDefaults,
  toFieldInput,
} from '../field-form-model';
import { changedFields } from '../../../lib/changed-fields';
import {
  FieldKeyInput,
  FieldTypeSelect,
  OptionsEditor,
  PlaceholderAndDefault,
  ToggleRow,
} from './field-form-parts';

interface FieldFormDialogProps {
  entityType: CustomFieldEntityType;
  sections: FieldSection[];
  /** The field to edit, a new one (optionally in a section), or null when closed. */
  target: CustomFieldDefinition | { new: true; sectionId?: string | null } | null;
  onOpenChange: (open: boolean) => void;
}

export function FieldFormDialog({ entityType, sections, target, onOpenChange }: FieldFormDialogProps) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        {target ? (
          <FieldForm
            key={'id' in target ? target.id : 'new'}
            entityType={entityType}
            sections={sections}
            field={'id' in target ? target : null}
            sectionId={'new' in target ? target.sectionId : undefined}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const serverFields = [
  'name',
  'fieldKey',
  'fieldType',
  'sectionId',
  'placeholder',
  'defaultValue',
  'options',
] as const;

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
  const [formError, setFormError] = useState<string | null>(null);
  // The values the form opened with: an edit sends only what differs from them.
  const [opened] = useState(() => formDefaults(field, sectionId));
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FieldFormValues>({
    resolver: zodResolver(fieldFormSchema) as unknown as Resolver<FieldFormValues>,
    defaultValues: opened,
  });
  useUnsavedChanges(isDirty);
  const options = useFieldArray({ control, name: 'options' });
  const [name, fieldType, fieldKey, optionValues] = useWatch({
    control,
    name: ['name', 'fieldType', 'fieldKey', 'options'],
  });
  const hasOptions = fieldTypesWithOptions.includes(fieldType);
  const entity = entityTypeLabels[entityType].singular.toLowerCase();

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const input = toFieldInput(values, field !== null);
      await save.mutateAsync({
        field,
        input: field ? changedFields(toFieldInput(opened, true), input) : input,
      });
      toast.success(field ? 'Field saved' : 'Field added', {
        description: field
          ? `${values.name} was updated.`
          : `${values.name} now appears on every ${entity} form.`,
      });
      onDone();
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('409:')) {
        const message = readApiError(error).message;
        setError('fieldKey', { type: 'server', message }, { shouldFocus: true });
        return;
      }
      setFormError(applyApiErrors(error, setError, serverFields));
    }
  });

  const error = (key: keyof FieldFormValues) => errorText(errors[key]);
  const keyPreview = fieldKey.trim() || fieldKeyFromName(name);
  const title = field ? `Edit ${field.name}` : `New ${entity} field`;

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          Custom fields appear on the {entity} form and page, in the section you choose.
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-5">
        <FormError message={formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="field-name" label="Name" error={error('name')}>
            <Input
              {...fieldA11y('field-name', error('name'))}
              placeholder="Property address"
              autoComplete="off"
              {...register('name')}
            />
          </FormField>
          <FieldTypeSelect error={error('fieldType')} register={register('fieldType')} />
          <FieldKeyInput
            label="Key"
            existingKey={field?.fieldKey ?? null}
            preview={keyPreview}
            error={error('fieldKey')}
            register={register('fieldKey')}
          />
          <FormField id="field-section" label="Section" error={error('sectionId')}>
            <Select {...fieldA11y('field-section', error('sectionId'))} {...register('sectionId')}>
              <option value="">No section (shown first)</option>
              {sections.map((section) => (
                <option key={section.id} value={section.id}>
                  {section.name}
                </option>
              ))}
            </Select>
          </FormField>
        </div>

        {hasOptions ? (
          <OptionsEditor
            options={options}
            registerOption={(index) => register(`options.${index}.value`)}
            optionError={(index) => errorText(errors.options?.[index]?.value)}
            listError={errors.options?.message ?? errors.options?.root?.message}
          />
        ) : null}

        <PlaceholderAndDefault
          type={fieldType}
          options={(optionValues ?? []).map((option) => option.value.trim()).filter(Boolean)}
          placeholder={{ register: register('placeholder'), error: error('placeholder') }}
          defaultValue={{ register: register('defaultValue'), error: error('defaultValue') }}
        />

        <div className="flex flex-col divide-y divide-border rounded-lg border border-border">
          <Controller
            control={control}
            name="isRequired"
            render={({ field: toggle }) => (
              <ToggleRow
                id="field-required"
                label="Required"
                description={`A ${entity} cannot be saved without it.`}
                checked={toggle.value}
                onChange={toggle.onChange}
              />
            )}
          />
          <Controller
            control={control}
            name="isVisible"
            render={({ field: toggle }) => (
              <ToggleRow
                id="field-visible"
                label="Visible"
                description="Hidden fields keep their values but are not shown on forms or pages."
                checked={toggle.value}
                onChange={toggle.onChange}
              />
            )}
          />
        </div>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Saving…' : field ? 'Save field' : 'Add field'}
        </Button>
      </DialogFooter>
    </form>
  );
}
