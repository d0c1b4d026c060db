import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { stateOptionsWith } from '../../components/state-options';
import { Checkbox } from '../../components/ui/checkbox';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { SuggestionInput } from '../../components/ui/suggestion-input';
import { TagsInput } from '../../components/ui/tags-input';
import { Textarea } from '../../components/ui/textarea';
import { cn } from '../../lib/cn';
import { errorText } from '../../lib/form-errors';
import type { RecordField, RecordFieldChoices, RecordFieldOption } from './record-form-description';

interface RecordFieldInputProps<T extends FieldValues> {
  field: RecordField;
  control: Control<T>;
  /** The form's id prefix (`lead` → `lead-fullName`). */
  idPrefix: string;
  choices: RecordFieldChoices;
  /** Called when the user changes the value (e.g. the lead's duplicate check asks again). */
  onUserChange?: () => void;
  className?: string;
}

const spans = { 1: undefined, 2: 'sm:col-span-2', 3: 'sm:col-span-3', 6: 'sm:col-span-6' } as const;

export const idOf = (idPrefix: string, name: string) => `${idPrefix}-${name.replaceAll('.', '-')}`;

/** One field of a record form: label, marker, control and error, by the field's kind. */
export function RecordFieldInput<T extends FieldValues>(props: RecordFieldInputProps<T>) {
  const { field, idPrefix, className } = props;
  const span = cn(field.span ? spans[field.span] : undefined, className);
  if (field.phoneType) {
    const typeField: RecordField = { ...field.phoneType, kind: 'select', emptyLabel: '—' };
    return (
      <div className={cn('grid grid-cols-[1fr_7.5rem] gap-2', span)}>
        <RecordFieldInput
          {...props}
          field={{ ...field, phoneType: undefined, span: undefined }}
          className=""
        />
        <RecordFieldInput {...props} field={typeField} onUserChange={undefined} className="" />
      </div>
    );
  }
  const id = idOf(idPrefix, field.name);
  return (
    <Controller
      control={props.control}
      name={field.name as Path<T>}
      render={({ field: input, fieldState }) => {
        const error = errorText(fieldState.error);
        const a11y = { ...fieldA11y(id, error), 'aria-required': field.required || undefined };
        const onChange = (value: unknown) => {
          input.onChange(value);
          props.onUserChange?.();
        };
        const label = (
          <>
            {field.label}
            {field.required ? (
              <span className="ml-0.5 text-destructive" aria-hidden="true">
                *
              </span>
            ) : null}
          </>
        );
        if (field.kind === 'checkbox') {
          return (
            <div className={cn('flex flex-col gap-1.5', span)}>
              <div className="flex items-center gap-2.5">
                <Checkbox
                  {...a11y}
                  ref={input.ref}
                  checked={input.value === true}
                  onCheckedChange={(checked) => onChange(checked === true)}
                  onBlur={input.onBlur}
                />
                <label htmlFor={id} className="text-sm leading-5 font-medium select-none">
                  {label}
                </label>
              </div>
              <FieldError id={id} error={error} />
            </div>
          );
        }
        const text = typeof input.value === 'string' || typeof input.value === 'number' ? input.value : '';
        const common = {
          ...a11y,
          ref: input.ref,
          name: input.name,
          onBlur: input.onBlur,
        };
        const placeholder = field.placeholder;
        const list = Array.isArray(input.value) ? (input.value as string[]) : [];
        const suggestions = field.suggestions ? (props.choices.suggestions[field.suggestions] ?? []) : [];
        let control: ReactNode;
        switch (field.kind) {
          case 'textarea':
            control = (
              <Textarea
                {...common}
                rows={3}
                placeholder={placeholder}
                value={text}
                onChange={(e) => onChange(e.target.value)}
              />
            );
            break;
          case 'select':
          case 'owner':
          case 'usState':
            control = (
              <Select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
                <SelectOptions field={field} current={String(text)} choices={props.choices} />
              </Select>
            );
            break;
          case 'suggestion':
            control = (
              <SuggestionInput
                {...common}
                placeholder={placeholder}
                value={String(text)}
                onChange={onChange}
                suggestions={suggestions}
              />
            );
            break;
          case 'tags':
            control = (
              <TagsInput
                {...fieldA11y(id, error)}
                value={list}
                onChange={onChange}
                placeholder={placeholder}
                suggestions={suggestions}
              />
            );
            break;
          case 'multiselect':
            return (
              <fieldset
                className={cn('flex min-w-0 flex-col gap-1.5', span)}
                aria-describedby={a11y['aria-describedby']}
              >
                <legend className="mb-1.5 text-sm leading-5 font-medium">{label}</legend>
                <div className="flex flex-wrap gap-x-5 gap-y-2 rounded-lg border border-border bg-surface px-3 py-2.5">
                  {(field.options ?? []).map((option, index) => (
                    <div key={option.value} className="flex items-center gap-2">
                      <Checkbox
                        id={`${id}-${index}`}
                        ref={index === 0 ? input.ref : undefined}
                        checked={list.includes(option.value)}
                        onCheckedChange={(checked) =>
                          onChange(
                            checked === true
                              ? [...list.filter((item) => item !== option.value), option.value]
                              : list.filter((item) => item !== option.value),
                          )
                        }
                      />
                      <label htmlFor={`${id}-${index}`} className="text-sm select-none">
                        {option.label}
                      </label>
                    </div>
                  ))}
                </div>
                <FieldError id={id} error={error} />
              </fieldset>
            );
          default:
            control = (
              <Input
                {...common}
                {...inputAttributes(field)}
                placeholder={placeholder}
                value={text}
                onChange={(e) => onChange(e.target.value)}
              />
            );
        }
        return (
          <FormField
            id={id}
            label={label}
            labelAside={field.aside ?? (field.optional ? 'Optional' : undefined)}
            error={error}
            hint={field.hint}
            className={span}
          >
            {control}
          </FormField>
        );
      }}
    />
  );
}

function inputAttributes(field: RecordField) {
  const autoComplete = field.noAutofill ? 'off' : undefined;
  switch (field.kind) {
    case 'email':
      return { type: 'email', inputMode: 'email', autoComplete } as const;
    case 'phone':
      return { type: 'tel', autoComplete } as const;
    case 'url':
      return { type: 'url', inputMode: 'url', autoComplete } as const;
    case 'date':
      return { type: 'date' } as const;
    case 'number':
    case 'currency':
      return { inputMode: field.inputMode ?? 'decimal', autoComplete } as const;
    default:
      return { inputMode: field.inputMode, autoComplete } as const;
  }
}

/** The choices of a select, an owner or a US state picker, with the "none" choice first. */
export function selectOptions(
  field: RecordField,
  current: string,
  choices: Pick<RecordFieldChoices, 'owners'>,
): readonly RecordFieldOption[] {
  if (field.kind === 'owner') return choices.owners;
  if (field.kind === 'usState') return stateOptionsWith(current);
  return field.options ?? [];
}

function SelectOptions({
  field,
  current,
  choices,
}: {
  field: RecordField;
  current: string;
  choices: RecordFieldChoices;
}) {
  return (
    <>
      {field.emptyLabel !== undefined ? <option value="">{field.emptyLabel}</option> : null}
      {selectOptions(field, current, choices).map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="text-xs leading-5 font-medium text-destructive">
      {error}
    </p>
  );
}
