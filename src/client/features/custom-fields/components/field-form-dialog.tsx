import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Controller, type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import {
  type CustomFieldDefinition,
  type CustomFieldEntityType,
  customFieldTypes,
  entityTypeLabels,
  type FieldSection,
  fieldTypeLabels,
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
import { Switch } from '../../../components/ui/switch';
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
          <FormField id="field-type" label="Type" error={error('fieldType')}>
            <Select {...fieldA11y('field-type', error('fieldType'))} {...register('fieldType')}>
              {customFieldTypes.map((type) => (
                <option key={type} value={type}>
                  {fieldTypeLabels[type]}
                </option>
              ))}
            </Select>
          </FormField>
          {field ? (
            <FormField
              id="field-key"
              label="Key"
              hint="Stored values are filed under this key, so it stays as it is."
            >
              <Input id="field-key" value={field.fieldKey} readOnly disabled className="font-mono text-xs" />
            </FormField>
          ) : (
            <FormField
              id="field-key"
              label="Key"
              labelAside="Optional"
              hint={`Used by imports and the API. Leave blank for “${keyPreview}”.`}
              error={error('fieldKey')}
            >
              <Input
                {...fieldA11y(
                  'field-key',
                  error('fieldKey'),
                  `Used by imports and the API. Leave blank for “${keyPreview}”.`,
                )}
                placeholder={keyPreview}
                autoComplete="off"
                spellCheck={false}
                className="font-mono text-xs"
                {...register('fieldKey')}
              />
            </FormField>
          )}
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
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Options</legend>
            <p id="field-options-hint" className="-mt-1 text-xs text-muted-foreground">
              The choices offered, in this order.
            </p>
            <ol className="flex flex-col gap-2">
              {options.fields.map((option, index) => {
                const optionError = errorText(errors.options?.[index]?.value);
                const optionId = `field-option-${index}`;
                return (
                  <li key={option.id} className="flex flex-col gap-1">
                    <div className="flex items-center gap-1.5">
                      <span
                        className="w-5 text-right text-xs text-muted-foreground tabular-nums"
                        aria-hidden="true"
                      >
                        {index + 1}.
                      </span>
                      <Input
                        {...fieldA11y(optionId, optionError)}
                        aria-label={`Option ${index + 1}`}
                        placeholder={`Option ${index + 1}`}
                        autoComplete="off"
                        {...register(`options.${index}.value`)}
                        onKeyDown={(event) => {
                          if (event.key === 'Enter') {
                            event.preventDefault();
                            options.insert(index + 1, { value: '' });
                          }
                        }}
                      />
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        disabled={index === 0}
                        onClick={() => options.move(index, index - 1)}
                        aria-label={`Move option ${index + 1} up`}
                      >
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        disabled={index === options.fields.length - 1}
                        onClick={() => options.move(index, index + 1)}
                        aria-label={`Move option ${index + 1} down`}
                      >
                        <ArrowDown aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        disabled={options.fields.length === 1}
                        onClick={() => options.remove(index)}
                        aria-label={`Remove option ${index + 1}`}
                      >
                        <X aria-hidden="true" />
                      </Button>
                    </div>
                    {optionError ? (
                      <p id={`${optionId}-error`} className="pl-6.5 text-xs font-medium text-destructive">
                        {optionError}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ol>
            {errors.options?.message || errors.options?.root?.message ? (
              <p role="alert" className="text-xs font-medium text-destructive">
                {errors.options?.message ?? errors.options?.root?.message}
              </p>
            ) : null}
            <div>
              <Button variant="secondary" size="sm" onClick={() => options.append({ value: '' })}>
                <Plus aria-hidden="true" />
                Add option
              </Button>
            </div>
          </fieldset>
        ) : null}

        <div className="grid gap-4 sm:grid-cols-2">
          {fieldType === 'checkbox' ? null : (
            <FormField
              id="field-placeholder"
              label="Placeholder"
              labelAside="Optional"
              error={error('placeholder')}
            >
              <Input
                {...fieldA11y('field-placeholder', error('placeholder'))}
                placeholder={hasOptions ? 'Choose one…' : 'Shown in the empty box'}
                autoComplete="off"
                {...register('placeholder')}
              />
            </FormField>
          )}
          <FormField
            id="field-default"
            label="Default value"
            labelAside="Optional"
            error={error('defaultValue')}
          >
            <DefaultValueInput
              type={fieldType}
              options={(optionValues ?? []).map((option) => option.value.trim()).filter(Boolean)}
              a11y={fieldA11y('field-default', error('defaultValue'))}
              register={register('defaultValue')}
            />
          </FormField>
        </div>

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

function ToggleRow({
  id,
  label,
  description,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-4 px-3.5 py-3">
      <label htmlFor={id} className="text-sm">
        <span className="block font-medium">{label}</span>
        <span className="block text-muted-foreground">{description}</span>
      </label>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

function DefaultValueInput({
  type,
  options,
  a11y,
  register,
}: {
  type: FieldFormValues['fieldType'];
  options: string[];
  a11y: ReturnType<typeof fieldA11y>;
  register: ReturnType<ReturnType<typeof useForm<FieldFormValues>>['register']>;
}) {
  if (fieldTypesWithOptions.includes(type)) {
    return (
      <Select {...a11y} {...register}>
        <option value="">No default</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Select>
    );
  }
  if (type === 'checkbox') {
    return (
      <Select {...a11y} {...register}>
        <option value="">Not ticked</option>
        <option value="true">Ticked</option>
      </Select>
    );
  }
  if (type === 'date') return <Input {...a11y} type="date" {...register} />;
  return (
    <Input
      {...a11y}
      inputMode={type === 'number' || type === 'currency' ? 'decimal' : undefined}
      placeholder="Pre-filled on new records"
      autoComplete="off"
      {...register}
    />
  );
}
