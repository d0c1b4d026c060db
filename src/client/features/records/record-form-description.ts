import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { CustomFieldEntityType } from '../../components/custom-fields/types';
import { dateInputToIso, toDateInputValue } from '../../components/data-table/format';

/*
 * A record type's fields, described once for its create form and its detail page (Twenty's
 * metadata-driven record pages are the model). The kinds are generic: a custom object's fields
 * (the custom-field types) map onto them one to one, the standard records add a few (owner,
 * suggestion, tags, a US state, a phone with its type).
 */

export const recordFieldKinds = [
  'text',
  'email',
  'phone',
  'url',
  'textarea',
  'select',
  'multiselect',
  'suggestion',
  'owner',
  'tags',
  'date',
  'number',
  'currency',
  'usState',
  'checkbox',
] as const;
export type RecordFieldKind = (typeof recordFieldKinds)[number];

export interface RecordFieldOption {
  value: string;
  label: string;
}

/** One field of a record type. */
export interface RecordField {
  /** The value's path in the record and in the form: `fullName`, `data.parcel`. */
  name: string;
  label: string;
  kind: RecordFieldKind;
  /** "Optional" beside the label in forms. */
  optional?: boolean;
  /** A red asterisk after the label (a custom object's required field). */
  required?: boolean;
  /** Beside the label instead of "Optional", e.g. "Enter to add". */
  aside?: string;
  placeholder?: string;
  hint?: ReactNode;
  /** select and multiselect choices. */
  options?: readonly RecordFieldOption[];
  /** The choice meaning "none" in a select, owner or state picker (none: the field cannot be emptied). */
  emptyLabel?: string;
  /** suggestion and tags: which of the page's suggestion lists to offer (`sources`, `tags`). */
  suggestions?: string;
  /** phone: its type, chosen beside it. */
  phoneType?: { name: string; label: string; options: readonly RecordFieldOption[] };
  /** date: a stored moment edited as its day (sent as that day's noon), not a plain YYYY-MM-DD. */
  timestamp?: boolean;
  /** The form's starting value; without it the kind's empty value ('' / [] / false; owner: the user). */
  defaultValue?: unknown;
  /** Columns the field takes in its section's grid (forms). */
  span?: 1 | 2 | 3 | 6;
  inputMode?: 'numeric' | 'decimal';
  /** Forms: no browser autofill (names, contact details typed for someone else). */
  noAutofill?: boolean;
}

/** A group of a form's fields: one grid, with a legend when it has a title. */
export interface RecordFormSection {
  legend?: string;
  /** The grid's columns from the small breakpoint on (default 2). */
  columns?: 1 | 2 | 6;
  fields: readonly RecordField[];
}

/** A record type's create form. */
export interface RecordFormDescription<Saved = unknown> {
  /** Prefix of the inputs' ids (`lead` → `lead-fullName`). */
  idPrefix: string;
  title: string;
  description: ReactNode;
  /** "Create lead". */
  submitLabel: string;
  size?: 'md' | 'lg';
  /** The shared create rule; the custom fields are appended to it. */
  schema: z.ZodObject;
  sections: readonly RecordFormSection[];
  /** The organization's own fields for this type, shown under the standard ones. */
  customFields?: CustomFieldEntityType;
  /** The toast after saving. */
  savedToast: (record: Saved) => { title: string; description?: string };
}

/** The lists a form or a detail page offers its suggestion, owner and tag fields. */
export interface RecordFieldChoices {
  owners: readonly RecordFieldOption[];
  /** The owner a new record starts with (the signed-in user). */
  defaultOwnerId?: string;
  suggestions: Readonly<Record<string, readonly string[]>>;
}

export function formFields(description: Pick<RecordFormDescription, 'sections'>): RecordField[] {
  return description.sections.flatMap((section) => section.fields);
}

/** Every path a form holds (the phone types included), for the API's field errors. */
export function formFieldPaths(description: Pick<RecordFormDescription, 'sections'>): string[] {
  return formFields(description).flatMap((field) =>
    field.phoneType ? [field.name, field.phoneType.name] : [field.name],
  );
}

/** The value at a dotted path (`data.parcel`). */
export function valueAt(record: unknown, path: string): unknown {
  let value: unknown = record;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Sets a dotted path in a plain object, creating the objects on the way. */
export function setAt(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    node[key] = typeof next === 'object' && next !== null ? { ...next } : {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1) ?? path] = value;
}

function emptyValue(field: RecordField, choices?: Pick<RecordFieldChoices, 'defaultOwnerId'>): unknown {
  if (field.kind === 'tags' || field.kind === 'multiselect') return [];
  if (field.kind === 'checkbox') return false;
  if (field.kind === 'owner') return choices?.defaultOwnerId ?? '';
  return '';
}

/** A stored value as the form's control holds it (text for inputs, the day of a moment). */
export function toFormValue(field: RecordField, value: unknown): unknown {
  if (value === null || value === undefined) return emptyValue(field);
  if (field.kind === 'date')
    return field.timestamp ? toDateInputValue(String(value)) : String(value).slice(0, 10);
  if (field.kind === 'tags' || field.kind === 'multiselect') return Array.isArray(value) ? value : [];
  if (field.kind === 'checkbox') return value === true;
  return String(value);
}

/** The form's starting values: a record's (when editing), else each field's default. */
export function formDefaults(
  description: Pick<RecordFormDescription, 'sections'>,
  choices: Pick<RecordFieldChoices, 'defaultOwnerId'>,
  record?: Record<string, unknown> | null,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of formFields(description)) {
    const start = record
      ? toFormValue(field, valueAt(record, field.name))
      : (field.defaultValue ?? emptyValue(field, choices));
    setAt(values, field.name, start);
    if (field.phoneType)
      setAt(values, field.phoneType.name, record ? (valueAt(record, field.phoneType.name) ?? '') : '');
  }
  return values;
}

/** What a field's form value is sent as: a moment for a timestamp's day. */
export function toPayloadValue(field: RecordField, value: unknown): unknown {
  if (field.kind === 'date' && field.timestamp) return dateInputToIso(String(value ?? ''), 'noon') || null;
  return value;
}

/** The form's values as the API takes them. */
export function formPayload(
  description: Pick<RecordFormDescription, 'sections'>,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const payload = structuredClone(values);
  for (const field of formFields(description)) {
    if (field.kind === 'date' && field.timestamp) {
      setAt(payload, field.name, toPayloadValue(field, valueAt(values, field.name)));
    }
  }
  return payload;
}
