import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  type CustomFieldType,
  customFieldTypes,
  fieldTypeLabels,
  fieldTypesWithOptions,
} from '../../../components/custom-fields/types';
import { Button } from '../../../components/ui/button';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';

/*
 * The pieces of a field definition dialog shared by Settings › Custom fields and
 * Settings › Objects: both forms hold `options` as `{ value }[]` and text for the default.
 */

export function FieldTypeSelect({ error, register }: { error?: string; register: UseFormRegisterReturn }) {
  return (
    <FormField id="field-type" label="Type" error={error}>
      <Select {...fieldA11y('field-type', error)} {...register}>
        {customFieldTypes.map((type) => (
          <option key={type} value={type}>
            {fieldTypeLabels[type]}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

/** The key a field's values are stored under: read-only once the field exists. */
export function FieldKeyInput({
  label,
  existingKey,
  preview,
  error,
  register,
}: {
  label: string;
  /** The key of the field being edited; null for a new field. */
  existingKey: string | null;
  /** What a blank key becomes (derived from the name). */
  preview: string;
  error?: string;
  register: UseFormRegisterReturn;
}) {
  if (existingKey !== null) {
    return (
      <FormField
        id="field-key"
        label={label}
        hint="Stored values are filed under this key, so it stays as it is."
      >
        <Input id="field-key" value={existingKey} readOnly disabled className="font-mono text-xs" />
      </FormField>
    );
  }
  const hint = `Used by imports and the API. Leave blank for “${preview}”.`;
  return (
    <FormField id="field-key" label={label} labelAside="Optional" hint={hint} error={error}>
      <Input
        {...fieldA11y('field-key', error, hint)}
        placeholder={preview}
        autoComplete="off"
        spellCheck={false}
        className="font-mono text-xs"
        {...register}
      />
    </FormField>
  );
}

/** What the options editor needs of the form's `options` array (react-hook-form's useFieldArray). */
export interface OptionsArray {
  fields: { id: string }[];
  insert: (index: number, value: { value: string }) => void;
  append: (value: { value: string }) => void;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}

/** A select field's choices, in order: Enter adds one below, arrows move, × removes. */
export function OptionsEditor({
  options,
  registerOption,
  optionError,
  listError,
}: {
  options: OptionsArray;
  registerOption: (index: number) => UseFormRegisterReturn;
  optionError: (index: number) => string | undefined;
  listError?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Options</legend>
      <p id="field-options-hint" className="-mt-1 text-xs text-muted-foreground">
        The choices offered, in this order.
      </p>
      <ol className="flex flex-col gap-2">
        {options.fields.map((option, index) => {
          const error = optionError(index);
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
                  {...fieldA11y(optionId, error)}
                  aria-label={`Option ${index + 1}`}
                  placeholder={`Option ${index + 1}`}
                  autoComplete="off"
                  {...registerOption(index)}
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
              {error ? (
                <p id={`${optionId}-error`} className="pl-6.5 text-xs font-medium text-destructive">
                  {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {listError ? (
        <p role="alert" className="text-xs font-medium text-destructive">
          {listError}
        </p>
      ) : null}
      <div>
        <Button variant="secondary" size="sm" onClick={() => options.append({ value: '' })}>
          <Plus aria-hidden="true" />
          Add option
        </Button>
      </div>
    </fieldset>
  );
}

/** Placeholder (not for a checkbox) and the default value, as the field's type allows. */
export function PlaceholderAndDefault({
  type,
  options,
  placeholder,
  defaultValue,
}: {
  type: CustomFieldType;
  /** The options typed so far (a select's default is one of them). */
  options: string[];
  placeholder: { register: UseFormRegisterReturn; error?: string };
  defaultValue: { register: UseFormRegisterReturn; error?: string };
}) {
  const hasOptions = fieldTypesWithOptions.includes(type);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {type === 'checkbox' ? null : (
        <FormField id="field-placeholder" label="Placeholder" labelAside="Optional" error={placeholder.error}>
          <Input
            {...fieldA11y('field-placeholder', placeholder.error)}
            placeholder={hasOptions ? 'Choose one…' : 'Shown in the empty box'}
            autoComplete="off"
            {...placeholder.register}
          />
        </FormField>
      )}
      <FormField id="field-default" label="Default value" labelAside="Optional" error={defaultValue.error}>
        <DefaultValueInput
          type={type}
          options={options}
          a11y={fieldA11y('field-default', defaultValue.error)}
          register={defaultValue.register}
        />
      </FormField>
    </div>
  );
}

function DefaultValueInput({
  type,
  options,
  a11y,
  register,
}: {
  type: CustomFieldType;
  options: string[];
  a11y: ReturnType<typeof fieldA11y>;
  register: UseFormRegisterReturn;
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

/** A labelled switch row (Required, Visible). */
export function ToggleRow({
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
