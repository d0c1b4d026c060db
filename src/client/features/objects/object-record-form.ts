import { z } from 'zod';
import { tagList } from '../../../common/validation/common';
import {
  checkRecordData,
  createRecordSchema,
  type ObjectDefinition,
  type ObjectFieldDefinition,
  recordDataField,
} from '../../../common/validation/objects';
import type { RecordDetailDescription } from '../records/record-detail-description';
import type {
  RecordField,
  RecordFormDescription,
  RecordFormSection,
} from '../records/record-form-description';
import { standardFields } from '../records/standard-fields';
import { defaultSection, sectionLabel } from './object-record-type';
import { objectListHref, type ObjectRecordDetail } from './records-api';

/*
 * A custom object's create and edit form as the record kit's form description: the name, the
 * object's fields under `data.<fieldName>` grouped by section, then tags and notes. The fields
 * are checked in the browser by the same check the server runs (checkRecordData).
 */

/** The form's value of a field's default text (a tick, a list of options, text). */
function defaultOf(field: ObjectFieldDefinition): unknown {
  if (field.defaultValue === null || field.defaultValue === '') return undefined;
  if (field.fieldType === 'checkbox') return field.defaultValue === 'true';
  if (field.fieldType === 'multiselect') return [field.defaultValue];
  return field.defaultValue;
}

/** An object's field as a kit field: the custom-field types are the kit's kinds of the same name. */
export function toRecordField(field: ObjectFieldDefinition): RecordField {
  const wide = field.fieldType === 'textarea' || field.fieldType === 'multiselect';
  return {
    name: `data.${field.fieldName}`,
    label: field.displayName,
    kind: field.fieldType,
    required: field.isRequired,
    placeholder: field.placeholder ?? undefined,
    hint: field.helpText ?? undefined,
    options: (field.options ?? []).map((option) => ({ value: option, label: option })),
    emptyLabel: field.fieldType === 'select' ? (field.placeholder ?? 'Select…') : undefined,
    defaultValue: defaultOf(field),
    span: wide ? 2 : undefined,
    inputMode: field.fieldType === 'number' || field.fieldType === 'currency' ? 'decimal' : undefined,
  };
}

const nameField: RecordField = { name: 'displayName', label: 'Name', kind: 'text', required: true, span: 2 };

/** The name with the unsectioned fields, each named section under its legend, then tags and notes. */
export function objectFormSections(fields: readonly ObjectFieldDefinition[]): RecordFormSection[] {
  const ordered = fields.toSorted((a, b) => a.displayOrder - b.displayOrder);
  const bySection = new Map<string, ObjectFieldDefinition[]>();
  for (const field of ordered) {
    const section = field.section?.trim() || defaultSection;
    bySection.set(section, [...(bySection.get(section) ?? []), field]);
  }
  const general = bySection.get(defaultSection) ?? [];
  bySection.delete(defaultSection);
  return [
    { fields: [nameField, ...general.map(toRecordField)] },
    ...[...bySection].map(([section, list]) => ({
      legend: sectionLabel(section),
      fields: list.map(toRecordField),
    })),
    { fields: [standardFields.tags('tags'), standardFields.notes] },
  ];
}

/** The record rules, with `data` checked field by field (errors on `data.<fieldName>`). */
export function objectRecordSchema(fields: readonly ObjectFieldDefinition[], { partial = false } = {}) {
  return z.object({
    displayName: createRecordSchema.shape.displayName,
    notes: createRecordSchema.shape.notes,
    tags: tagList,
    data: recordDataField.superRefine((data, ctx) => {
      for (const error of checkRecordData(fields, data, { partial }).errors) {
        ctx.addIssue({ code: 'custom', path: error.path.split('.').slice(1), message: error.message });
      }
    }),
  });
}

/** What is sent: the values as the fields store them (numbers, ticks, lists; blanks as null). */
export function objectRecordPayload(
  fields: readonly ObjectFieldDefinition[],
  values: Record<string, unknown>,
) {
  const data = (values.data ?? {}) as Record<string, unknown>;
  return {
    displayName: String(values.displayName ?? '').trim(),
    notes: String(values.notes ?? '').trim() || null,
    tags: (values.tags ?? []) as string[],
    data: checkRecordData(fields, data).values,
  };
}

export function objectFormDescription(
  definition: Pick<ObjectDefinition, 'entityType' | 'displayName' | 'description' | 'fields'>,
  { editing = false, context }: { editing?: boolean; context?: string } = {},
): RecordFormDescription<{ displayName: string }> {
  const noun = definition.displayName.toLowerCase();
  return {
    idPrefix: `object-${definition.entityType}`,
    title: editing ? `Edit ${noun}` : `New ${noun}`,
    description: context ?? definition.description ?? `A ${noun} of your organization.`,
    submitLabel: editing ? 'Save' : `Create ${noun}`,
    size: 'lg',
    schema: objectRecordSchema(definition.fields, { partial: editing }),
    sections: objectFormSections(definition.fields),
    savedToast: (record) => ({
      title: `${definition.displayName} ${editing ? 'saved' : 'created'}`,
      description: record.displayName,
    }),
  };
}

/** The detail page: the name and unsectioned fields under Details, each section a card, tags apart. */
export function objectDetailDescription(
  definition: Pick<
    ObjectDefinition,
    'displayName' | 'pluralName' | 'fields' | 'permissionCategory' | 'entityType'
  >,
): RecordDetailDescription<ObjectRecordDetail> {
  const [first, ...named] = objectFormSections(definition.fields).slice(0, -1);
  const noun = definition.displayName.toLowerCase();
  return {
    singular: definition.displayName,
    listHref: objectListHref(definition.entityType),
    listLabel: definition.pluralName,
    permission: definition.permissionCategory,
    nameOf: (record) => record.displayName,
    sections: [
      { title: 'Details', fields: [...first.fields, standardFields.notes] },
      ...named.map((section) => ({ title: section.legend ?? '', fields: section.fields })),
    ],
    tagFields: [standardFields.tags('tags')],
    rules: { displayName: createRecordSchema.shape.displayName },
    deleteDescription: `The ${noun} and its links to other records are deleted. This cannot be undone.`,
  };
}
