import { Link } from 'wouter';
import { DisplayValueView } from '../../components/custom-fields/custom-field-values';
import { formatCustomFieldValue } from '../../components/custom-fields/format';
import { groupFieldsBySection } from '../../components/custom-fields/group-fields';
import type { CustomFieldDefinition, FieldSection } from '../../components/custom-fields/types';
import type { CustomFieldDefinitions } from '../../components/custom-fields/use-custom-field-definitions';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { formatDate } from '../../components/data-table/format';
import type { FilterDef } from '../../components/data-table/list-params';
import { TagList } from '../../components/ui/tag-list';
import type {
  ObjectDefinition,
  ObjectFieldDefinition,
  ObjectRecord,
} from '../../../common/validation/objects';
import {
  entityRecordsBulkPath,
  entityRecordsExportPath,
  objectListHref,
  objectRecordHref,
} from './records-api';

/*
 * An object definition as the description the record pages work from: the list's columns and
 * filters, the form's inputs and the detail page's sections, its nouns and its permission. The
 * field inputs and value display are those of custom fields, so an object's fields are entered
 * and shown exactly as the organization's custom fields on leads, clients, companies and deals.
 */

/** The section a field gets when none is named; its fields come first, without a heading. */
export const defaultSection = 'general';

/** Fields shown as columns before the user picks others in the column chooser. */
export const defaultVisibleFieldColumns = 4;

export interface ObjectRecordType {
  /** The object as the API answers it. */
  definition: ObjectDefinition;
  entityType: string;
  /** The column choice (and saved views) of this object's list. */
  listKey: `objects:${string}`;
  /** "Heirs" (page title), "Heir" (buttons, dialogs). */
  title: string;
  singular: string;
  /** "heir" / "heirs" for counts and messages. */
  noun: { one: string; other: string };
  description: string | null;
  iconName: string;
  /** The permission category its records follow (read, create, update, delete). */
  permission: ObjectDefinition['permissionCategory'];
  paths: { list: string; record: (id: string) => string; bulk: string; export: string };
  /** The object's fields as custom field definitions, for the shared inputs and value display. */
  fields: CustomFieldDefinitions;
  columns: DataTableColumn<ObjectRecord>[];
  filters: FilterDef[];
}

/** "court_filing" → "Court filing". */
export function sectionLabel(section: string): string {
  const words = section.replace(/[_-]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : words;
}

const sectionOf = (field: Pick<ObjectFieldDefinition, 'section'>) => field.section?.trim() || defaultSection;

/** An object's field as a custom field definition (what the shared inputs, values and checks take). */
export function toCustomFieldDefinition(
  field: ObjectFieldDefinition,
  entityType: string,
): CustomFieldDefinition {
  const section = sectionOf(field);
  return {
    id: field.id,
    name: field.displayName,
    fieldKey: field.fieldName,
    fieldType: field.fieldType,
    entityType,
    isVisible: true,
    isRequired: field.isRequired,
    options: field.options ?? [],
    placeholder: field.placeholder ?? null,
    defaultValue: field.defaultValue ?? null,
    orderIndex: field.displayOrder,
    sectionId: section === defaultSection ? null : section,
    validation: field.validationRules ?? {},
    updatedAt: '',
  };
}

/** The named sections of an object's fields, in the order their first field comes. */
export function sectionsOf(fields: readonly ObjectFieldDefinition[], entityType: string): FieldSection[] {
  const names: string[] = [];
  for (const field of fields.toSorted((a, b) => a.displayOrder - b.displayOrder)) {
    const section = sectionOf(field);
    if (section !== defaultSection && !names.includes(section)) names.push(section);
  }
  return names.map((name, index) => ({
    id: name,
    name: sectionLabel(name),
    entityType,
    orderIndex: index,
    isCollapsible: false,
    isExpanded: true,
    updatedAt: '',
  }));
}

function fieldDefinitions(definition: ObjectDefinition): CustomFieldDefinitions {
  const all = definition.fields
    .map((field) => toCustomFieldDefinition(field, definition.entityType))
    .toSorted((a, b) => a.orderIndex - b.orderIndex);
  const sections = sectionsOf(definition.fields, definition.entityType);
  return {
    all,
    fields: all,
    sections,
    groups: groupFieldsBySection(all, sections),
    isPending: false,
    isError: false,
    error: null,
  };
}

const yesNo = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/**
 * A filter per select, multiselect and checkbox field (`?<fieldName>=`), a range per date field
 * (`?<fieldName>From=&<fieldName>To=`), then tag and active/inactive.
 */
export function objectFilters(
  definition: Pick<ObjectDefinition, 'fields'>,
  { tags = [] }: { tags?: readonly string[] } = {},
): FilterDef[] {
  const filters: FilterDef[] = [];
  for (const field of definition.fields.toSorted((a, b) => a.displayOrder - b.displayOrder)) {
    const key = field.fieldName;
    switch (field.fieldType) {
      case 'select':
      case 'multiselect':
        filters.push({
          key,
          label: field.displayName,
          kind: 'select',
          options: (field.options ?? []).map((option) => ({ value: option, label: option })),
        });
        break;
      case 'checkbox':
        filters.push({ key, label: field.displayName, kind: 'select', options: yesNo });
        break;
      case 'date':
        filters.push(
          { key: `${key}From`, label: `${field.displayName} from`, kind: 'date' },
          { key: `${key}To`, label: `${field.displayName} to`, kind: 'date' },
        );
        break;
      default:
        break;
    }
  }
  filters.push(
    tags.length > 0
      ? { key: 'tag', label: 'Tag', kind: 'select', options: tags.map((tag) => ({ value: tag, label: tag })) }
      : { key: 'tag', label: 'Tag', kind: 'text', placeholder: 'Tag name' },
    {
      key: 'isActive',
      label: 'Active',
      kind: 'select',
      options: [
        { value: 'true', label: 'Active' },
        { value: 'false', label: 'Inactive' },
      ],
    },
  );
  return filters;
}

/** Columns: the name, a column per field (the first few shown), tags and the creation date. */
export function objectColumns(
  definition: Pick<ObjectDefinition, 'entityType' | 'fields'>,
  { currency }: { currency?: string | null } = {},
): DataTableColumn<ObjectRecord>[] {
  const fieldColumns = definition.fields
    .toSorted((a, b) => a.displayOrder - b.displayOrder)
    .map((field, index): DataTableColumn<ObjectRecord> => {
      const custom = toCustomFieldDefinition(field, definition.entityType);
      const numeric = field.fieldType === 'number' || field.fieldType === 'currency';
      return {
        id: `field:${field.fieldName}`,
        header: field.displayName,
        // A list of options has no single value to order by.
        sortField: field.fieldType === 'multiselect' ? undefined : field.fieldName,
        sortFirst: numeric || field.fieldType === 'date' ? 'desc' : 'asc',
        defaultHidden: index >= defaultVisibleFieldColumns,
        width: numeric ? 140 : { min: 150 },
        align: numeric ? 'end' : 'start',
        cell: (record) => (
          <DisplayValueView
            inline
            display={formatCustomFieldValue(custom, record.data?.[field.fieldName], { currency })}
          />
        ),
      };
    });
  return [
    {
      id: 'name',
      header: 'Name',
      alwaysVisible: true,
      sortField: 'displayName',
      width: { min: 220, grow: 2 },
      cell: (record) => (
        <Link
          href={objectRecordHref(record.entityType, record.id)}
          className="block truncate font-medium text-foreground hover:underline"
          tabIndex={-1}
        >
          {record.displayName}
        </Link>
      ),
    },
    ...fieldColumns,
    {
      id: 'tags',
      header: 'Tags',
      width: { min: 140 },
      cell: (record) => <TagList tags={record.tags} max={1} />,
    },
    {
      id: 'created',
      header: 'Created',
      sortField: 'createdAt',
      sortFirst: 'desc',
      width: 120,
      cell: (record) => <span className="text-muted-foreground">{formatDate(record.createdAt)}</span>,
    },
  ];
}

/** The whole description of an object's records. */
export function objectRecordType(
  definition: ObjectDefinition,
  options: { currency?: string | null; tags?: readonly string[] } = {},
): ObjectRecordType {
  const { entityType } = definition;
  return {
    definition,
    entityType,
    listKey: `objects:${entityType}`,
    title: definition.pluralName,
    singular: definition.displayName,
    noun: { one: definition.displayName.toLowerCase(), other: definition.pluralName.toLowerCase() },
    description: definition.description,
    iconName: definition.iconName,
    permission: definition.permissionCategory,
    paths: {
      list: objectListHref(entityType),
      record: (id) => objectRecordHref(entityType, id),
      bulk: entityRecordsBulkPath,
      export: entityRecordsExportPath,
    },
    fields: fieldDefinitions(definition),
    columns: objectColumns(definition, options),
    filters: objectFilters(definition, options),
  };
}
