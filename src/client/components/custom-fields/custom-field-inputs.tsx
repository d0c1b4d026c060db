import { type ComponentProps, type ReactNode, useId } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { cn } from '../../lib/cn';
import { Checkbox } from '../ui/checkbox';
import { FormError, FormField, fieldA11y } from '../ui/form-field';
import { Input } from '../ui/input';
import { Select } from '../ui/select';
import { stateOptionsWith } from '../state-options';
import { Skeleton } from '../ui/skeleton';
import { Textarea } from '../ui/textarea';
import { safeCurrency } from './format';
import type { FieldGroup } from './group-fields';
import { type CustomFieldDefinitions, useCustomFieldDefinitions } from './use-custom-field-definitions';
import {
  type CustomFieldDefinition,
  type CustomFieldEntityType,
  type CustomFieldType,
  isBlankValue,
  optionsOf,
  rulesOf,
  typeOf,
} from './types';
import { checkCustomFieldValue } from './validation';

/*
 * Usage in a record form (values live under `customFields.<fieldKey>`):
 *
 *   const defs = useCustomFieldDefinitions('lead');
 *   const schema = createLeadSchema.extend({ customFields: customFieldsSchema(defs.all) });
 *   const form = useForm({
 *     resolver: zodResolver(schema),
 *     defaultValues: { ...lead, customFields: customFieldDefaults(defs.all, lead?.customFields) },
 *   });
 *   <CustomFieldInputs control={form.control} entityType="lead" definitions={defs} currency={me.defaultCurrency} />
 *   // on submit: { ...values, customFields: toCustomFieldPayload(defs.all, values.customFields) }
 *   // on a 400: applyApiErrors(error, form.setError, [...fields, ...customFieldPaths(defs.all)])
 *
 * Wait for `defs.isPending` to be false before creating the form, so the defaults include the fields.
 * On a record's page: <CustomFieldValues entityType="lead" values={lead.customFields} currency={…} />.
 */

export interface CustomFieldInputsProps<T extends FieldValues> {
  /** The form's control (react-hook-form); values live under `customFields.<fieldKey>`. */
  control: Control<T>;
  /** Whose custom fields to load; not needed when `definitions` are given (a custom object's fields). */
  entityType?: CustomFieldEntityType;
  /**
   * The definitions when the form already loaded them (it needs them for its schema and
   * defaults); otherwise they are loaded here.
   */
  definitions?: CustomFieldDefinitions;
  /** Field keys the form renders itself (e.g. the deal form's surplus block). */
  exclude?: readonly string[];
  /** Currency of currency fields (the user's defaultCurrency). */
  currency?: string | null;
  disabled?: boolean;
  /** Section headings; off when the form puts the fields under a heading of its own. */
  showSectionHeadings?: boolean;
  className?: string;
}

/**
 * The inputs of an entity's custom fields (visible ones, in order, grouped by section), with
 * required markers, placeholders and the server's messages. The messages come from the form's
 * resolver when it uses `customFieldsSchema`; without a resolver each input checks itself.
 */
export function CustomFieldInputs<T extends FieldValues>({
  control,
  entityType,
  definitions,
  exclude,
  currency,
  disabled,
  showSectionHeadings = true,
  className,
}: CustomFieldInputsProps<T>) {
  const loaded = useCustomFieldDefinitions(entityType ?? 'lead', {
    enabled: !definitions && entityType !== undefined,
  });
  const defs = definitions ?? loaded;
  const idPrefix = useId();

  if (defs.isPending) return <InputsSkeleton className={className} />;
  if (defs.isError) {
    return <FormError className={className} message="Custom fields could not be loaded. Try again later." />;
  }
  const skip = new Set(exclude ?? []);
  const groups = defs.groups
    .map((group) => ({ ...group, fields: group.fields.filter((field) => !skip.has(field.fieldKey)) }))
    .filter((group) => group.fields.length > 0);
  if (groups.length === 0) return null;

  return (
    <div className={cn('flex flex-col gap-6', className)}>
      {groups.map((group) => (
        <FieldGroupBlock
          key={group.section?.id ?? 'loose'}
          group={group}
          heading={showSectionHeadings}
          render={(field) => (
            <CustomFieldInput
              key={field.id}
              control={control}
              field={field}
              id={`${idPrefix}-${field.fieldKey}`}
              currency={currency}
              disabled={disabled}
            />
          )}
        />
      ))}
    </div>
  );
}

function FieldGroupBlock({
  group,
  heading,
  render,
}: {
  group: FieldGroup<CustomFieldDefinition>;
  heading: boolean;
  render: (field: CustomFieldDefinition) => ReactNode;
}) {
  const headingId = useId();
  const grid = <div className="grid gap-4 sm:grid-cols-2">{group.fields.map(render)}</div>;
  if (!heading || !group.section) return grid;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-sm font-semibold text-foreground">
        {group.section.name}
      </h3>
      {grid}
    </section>
  );
}

/** Full-width types in the two-column grid. */
const wideTypes: readonly CustomFieldType[] = ['textarea', 'multiselect'];

/** "$" for USD, "€" for EUR; the code itself when Intl has no symbol. */
export function currencySymbol(currency: string | null | undefined): string {
  const code = safeCurrency(currency);
  const part = new Intl.NumberFormat('en-US', { style: 'currency', currency: code })
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? code;
}

interface CustomFieldInputProps<T extends FieldValues> {
  control: Control<T>;
  field: CustomFieldDefinition;
  id: string;
  currency?: string | null;
  disabled?: boolean;
}

/** One custom field's control, label, hint and error. */
export function CustomFieldInput<T extends FieldValues>({
  control,
  field,
  id,
  currency,
  disabled,
}: CustomFieldInputProps<T>) {
  const type = typeOf(field);
  const computed = rulesOf(field).computed === true;
  const name = `customFields.${field.fieldKey}` as Path<T>;
  const label = (
    <>
      {field.name}
      {field.isRequired ? (
        <span className="ml-0.5 text-destructive" aria-hidden="true">
          *
        </span>
      ) : null}
    </>
  );

  return (
    <Controller
      control={control}
      name={name}
      rules={{
        // Used only by forms without a resolver (react-hook-form skips rules when one is set).
        validate: (value: unknown) => {
          if (isBlankValue(value)) return field.isRequired ? `${field.name} is required` : true;
          return checkCustomFieldValue(field, value) ?? true;
        },
      }}
      render={({ field: input, fieldState }) => {
        const error = fieldState.error?.message;
        const hint = computed ? 'Calculated automatically' : undefined;
        const a11y = {
          ...fieldA11y(id, error, hint),
          'aria-required': field.isRequired || undefined,
        };
        const placeholder = field.placeholder ?? undefined;
        const isDisabled = disabled || computed;
        const wide = wideTypes.includes(type) ? 'sm:col-span-2' : undefined;

        if (type === 'checkbox') {
          return (
            <div className={cn('flex flex-col gap-1.5 sm:col-span-2', wide)}>
              <div className="flex items-center gap-2.5">
                <Checkbox
                  {...a11y}
                  ref={input.ref}
                  checked={input.value === true}
                  onCheckedChange={(checked) => input.onChange(checked === true)}
                  onBlur={input.onBlur}
                  disabled={isDisabled}
                />
                <label htmlFor={id} className="text-sm leading-5 font-medium select-none">
                  {label}
                </label>
              </div>
              {error ? (
                <p id={`${id}-error`} className="text-xs leading-5 font-medium text-destructive">
                  {error}
                </p>
              ) : null}
            </div>
          );
        }

        if (type === 'multiselect') {
          const selected = Array.isArray(input.value) ? (input.value as string[]) : [];
          const options = optionsOf(field);
          return (
            <fieldset
              className={cn('flex min-w-0 flex-col gap-1.5', wide)}
              aria-describedby={a11y['aria-describedby']}
              aria-invalid={a11y['aria-invalid']}
            >
              <legend className="mb-1.5 text-sm leading-5 font-medium">{label}</legend>
              <div
                className={cn(
                  'flex flex-wrap gap-x-5 gap-y-2 rounded-lg border border-border bg-surface px-3 py-2.5',
                  error && 'border-destructive',
                )}
              >
                {options.map((option, index) => {
                  const optionId = `${id}-${index}`;
                  return (
                    <div key={option} className="flex items-center gap-2">
                      <Checkbox
                        id={optionId}
                        ref={index === 0 ? input.ref : undefined}
                        checked={selected.includes(option)}
                        disabled={isDisabled}
                        onBlur={input.onBlur}
                        onCheckedChange={(checked) =>
                          input.onChange(
                            checked === true
                              ? [...selected.filter((item) => item !== option), option]
                              : selected.filter((item) => item !== option),
                          )
                        }
                      />
                      <label htmlFor={optionId} className="text-sm select-none">
                        {option}
                      </label>
                    </div>
                  );
                })}
              </div>
              {error ? (
                <p id={`${id}-error`} className="text-xs leading-5 font-medium text-destructive">
                  {error}
                </p>
              ) : null}
            </fieldset>
          );
        }

        const text = typeof input.value === 'string' || typeof input.value === 'number' ? input.value : '';
        const common = {
          ...a11y,
          ref: input.ref,
          name: input.name,
          value: text,
          onBlur: input.onBlur,
          disabled: isDisabled,
        };

        let element: ReactNode;
        switch (type) {
          case 'textarea':
            element = (
              <Textarea
                {...common}
                rows={3}
                placeholder={placeholder}
                onChange={(event) => input.onChange(event.target.value)}
              />
            );
            break;
          case 'select':
            element = (
              <Select {...common} onChange={(event) => input.onChange(event.target.value)}>
                <option value="">{placeholder ?? 'Select…'}</option>
                {optionsOf(field).map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </Select>
            );
            break;
          case 'currency':
            element = (
              <div className="relative">
                <span
                  className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
                  aria-hidden="true"
                >
                  {currencySymbol(currency)}
                </span>
                <Input
                  {...common}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={placeholder ?? '0.00'}
                  className="pl-8 tabular-nums"
                  onChange={(event) => input.onChange(event.target.value)}
                />
              </div>
            );
            break;
          default:
            // A US state (the shared list): a picker, so only a code can be chosen.
            if (rulesOf(field).format === 'stateCode') {
              element = (
                <Select {...common} onChange={(event) => input.onChange(event.target.value)}>
                  <option value="">{placeholder ? `e.g. ${placeholder}` : 'Select…'}</option>
                  {stateOptionsWith(String(text)).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </Select>
              );
              break;
            }
            element = (
              <Input
                {...common}
                {...inputAttributes[type]}
                placeholder={placeholder}
                onChange={(event) => input.onChange(event.target.value)}
              />
            );
        }

        return (
          <FormField id={id} label={label} error={error} hint={hint} className={wide}>
            {element}
          </FormField>
        );
      }}
    />
  );
}

const inputAttributes: Partial<Record<CustomFieldType, ComponentProps<'input'>>> = {
  text: { type: 'text' },
  number: { type: 'text', inputMode: 'decimal', autoComplete: 'off', className: 'tabular-nums' },
  date: { type: 'date' },
  email: { type: 'email', autoComplete: 'off' },
  phone: { type: 'tel', autoComplete: 'off' },
  url: { type: 'url', autoComplete: 'off' },
};

function InputsSkeleton({ className }: { className?: string }) {
  return (
    <div
      role="status"
      className={cn('grid gap-4 sm:grid-cols-2', className)}
      aria-busy="true"
      aria-label="Loading fields"
    >
      {[0, 1, 2, 3].map((key) => (
        <div key={key} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </div>
  );
}
