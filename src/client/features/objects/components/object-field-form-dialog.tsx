import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { ObjectDefinition, ObjectFieldDefinition } from '../../../../common/validation/objects';
import { fieldTypesWithOptions } from '../../../components/custom-fields/types';
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
import { Spinner } from '../../../components/ui/spinner';
import { changedFields } from '../../../lib/changed-fields';
import { applyApiErrors, errorText } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import {
  FieldKeyInput,
  FieldTypeSelect,
  OptionsEditor,
  PlaceholderAndDefault,
  ToggleRow,
} from '../../custom-fields/components/field-form-parts';
import { fieldKeyFromName } from '../../custom-fields/field-form-model';
import { useSaveEntityField } from '../api';
import {
  objectFieldFormDefaults,
  objectFieldFormSchema,
  type ObjectFieldFormValues,
  rulesForType,
  toObjectFieldInput,
} from '../object-field-form-model';
import { sectionLabel } from '../object-record-type';

/** The field to edit, a new one (optionally in a section), or null when closed. */
export type ObjectFieldTarget = ObjectFieldDefinition | { new: true; section?: string } | null;

export function ObjectFieldFormDialog({
  definition,
  target,
  onOpenChange,
}: {
  definition: ObjectDefinition;
  target: ObjectFieldTarget;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        {target ? (
          <ObjectFieldForm
            key={'id' in target ? target.id : 'new'}
            definition={definition}
            field={'id' in target ? target : null}
            section={'new' in target ? target.section : undefined}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const serverFields = [
  'displayName',
  'fieldName',
  'fieldType',
  'section',
  'placeholder',
  'helpText',
  'defaultValue',
  'options',
] as const;

function ObjectFieldForm({
  definition,
  field,
  section,
  onDone,
}: {
  definition: ObjectDefinition;
  field: ObjectFieldDefinition | null;
  section?: string;
  onDone: () => void;
}) {
  const save = useSaveEntityField(definition.id);
  const [formError, setFormError] = useState<string | null>(null);
  const [opened] = useState(() => objectFieldFormDefaults(field, section));
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ObjectFieldFormValues>({
    resolver: zodResolver(objectFieldFormSchema) as unknown as Resolver<ObjectFieldFormValues>,
    defaultValues: opened,
  });
  useUnsavedChanges(isDirty);
  const options = useFieldArray({ control, name: 'options' });
  const [name, fieldType, fieldName, optionValues] = useWatch({
    control,
    name: ['displayName', 'fieldType', 'fieldName', 'options'],
  });
  const hasOptions = fieldTypesWithOptions.includes(fieldType);
  const rules = rulesForType(fieldType);
  const sections = [...new Set(['general', ...definition.fields.map((item) => item.section || 'general')])];
  const record = definition.displayName.toLowerCase();

  // The resolver hands over the parsed values (numbers, nulls); the body is built from what was typed.
  const onSubmit = handleSubmit(async () => {
    const values = getValues();
    setFormError(null);
    try {
      const input = toObjectFieldInput(values, field !== null);
      await save.mutateAsync({
        field,
        input: field ? changedFields(toObjectFieldInput(opened, true), input) : input,
      });
      toast.success(field ? 'Field saved' : 'Field added', {
        description: field
          ? `${values.displayName} was updated.`
          : `${values.displayName} now appears on every ${record}.`,
      });
      onDone();
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('409:')) {
        setError(
          'fieldName',
          { type: 'server', message: 'A field with this name already exists' },
          { shouldFocus: true },
        );
        return;
      }
      // The API names validation rules by their place in `validationRules`.
      setFormError(applyApiErrors(error, setError, serverFields));
    }
  });

  const error = (key: keyof ObjectFieldFormValues) => errorText(errors[key]);

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>{field ? `Edit ${field.displayName}` : `New ${record} field`}</DialogTitle>
        <DialogDescription>
          Fields appear on the {record} form and page, in the section you choose.
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-5">
        <FormError message={formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="field-name" label="Name" error={error('displayName')}>
            <Input
              {...fieldA11y('field-name', error('displayName'))}
              placeholder="Case number"
              autoComplete="off"
              {...register('displayName')}
            />
          </FormField>
          <FieldTypeSelect error={error('fieldType')} register={register('fieldType')} />
          <FieldKeyInput
            label="Field name"
            existingKey={field?.fieldName ?? null}
            preview={fieldName.trim() || fieldKeyFromName(name)}
            error={error('fieldName')}
            register={register('fieldName')}
          />
          <FormField
            id="field-section"
            label="Section"
            hint="Fields of one section are shown together."
            error={error('section')}
          >
            <Input
              {...fieldA11y('field-section', error('section'), 'Fields of one section are shown together.')}
              list="field-section-options"
              autoComplete="off"
              {...register('section')}
            />
            <datalist id="field-section-options">
              {sections.map((item) => (
                <option key={item} value={item}>
                  {sectionLabel(item)}
                </option>
              ))}
            </datalist>
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

        <FormField id="field-help" label="Help text" labelAside="Optional" error={error('helpText')}>
          <Input
            {...fieldA11y('field-help', error('helpText'))}
            placeholder="Shown under the field"
            autoComplete="off"
            {...register('helpText')}
          />
        </FormField>

        {rules.bounds || rules.text ? (
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-medium">Validation</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {rules.bounds ? (
                <>
                  <RuleInput id="field-min" label="Minimum" error={error('min')} register={register('min')} />
                  <RuleInput id="field-max" label="Maximum" error={error('max')} register={register('max')} />
                </>
              ) : (
                <>
                  <RuleInput
                    id="field-min-length"
                    label="Minimum length"
                    error={error('minLength')}
                    register={register('minLength')}
                  />
                  <RuleInput
                    id="field-max-length"
                    label="Maximum length"
                    error={error('maxLength')}
                    register={register('maxLength')}
                  />
                  <FormField
                    id="field-pattern"
                    label="Pattern"
                    labelAside="Optional"
                    hint="A regular expression the whole value must match, e.g. [0-9]{4}-CA-[0-9]+"
                    error={error('pattern')}
                  >
                    <Input
                      {...fieldA11y('field-pattern', error('pattern'))}
                      autoComplete="off"
                      spellCheck={false}
                      className="font-mono text-xs"
                      {...register('pattern')}
                    />
                  </FormField>
                  <FormField
                    id="field-pattern-message"
                    label="Message when it does not match"
                    labelAside="Optional"
                    error={error('patternMessage')}
                  >
                    <Input
                      {...fieldA11y('field-pattern-message', error('patternMessage'))}
                      placeholder="Case number is not in the expected format"
                      autoComplete="off"
                      {...register('patternMessage')}
                    />
                  </FormField>
                </>
              )}
            </div>
          </fieldset>
        ) : null}

        <div className="rounded-lg border border-border">
          <Controller
            control={control}
            name="isRequired"
            render={({ field: toggle }) => (
              <ToggleRow
                id="field-required"
                label="Required"
                description={`A ${record} cannot be saved without it.`}
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

function RuleInput({
  id,
  label,
  error,
  register,
}: {
  id: string;
  label: string;
  error?: string;
  register: ReturnType<ReturnType<typeof useForm<ObjectFieldFormValues>>['register']>;
}) {
  return (
    <FormField id={id} label={label} labelAside="Optional" error={error}>
      <Input {...fieldA11y(id, error)} inputMode="decimal" autoComplete="off" {...register} />
    </FormField>
  );
}
