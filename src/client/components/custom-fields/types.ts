/*
 * Custom field definitions as /api/custom-fields and /api/field-sections answer them
 * (data-model §3 "Custom fields"). Values live in a record's `customFields`, keyed by fieldKey.
 */

export const customFieldTypes = [
  'text',
  'textarea',
  'number',
  'currency',
  'date',
  'select',
  'multiselect',
  'checkbox',
  'email',
  'phone',
  'url',
] as const;
export type CustomFieldType = (typeof customFieldTypes)[number];

export const customFieldEntityTypes = ['lead', 'client', 'company', 'deal'] as const;
export type CustomFieldEntityType = (typeof customFieldEntityTypes)[number];

/** Extra rules a field may carry (the server's `validation` object). */
export interface FieldValidationRules {
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  format?: 'stateCode';
  /** Filled in by the application (e.g. a surplus amount). */
  computed?: boolean;
}

export interface CustomFieldDefinition {
  id: string;
  name: string;
  fieldKey: string;
  fieldType: string | null;
  dataType?: string | null;
  entityType: string;
  isStandard?: boolean;
  isVisible: boolean;
  isRequired: boolean;
  options: unknown;
  placeholder: string | null;
  defaultValue: string | null;
  orderIndex: number;
  sectionId: string | null;
  validation: unknown;
  /** The field's version (If-Match on a change). */
  updatedAt: string;
}

export interface FieldSection {
  id: string;
  name: string;
  entityType: string;
  orderIndex: number;
  isCollapsible: boolean;
  isExpanded: boolean;
  updatedAt: string;
}

export const fieldTypeLabels: Record<CustomFieldType, string> = {
  text: 'Text',
  textarea: 'Long text',
  number: 'Number',
  currency: 'Currency',
  date: 'Date',
  select: 'Dropdown',
  multiselect: 'Multi-select',
  checkbox: 'Checkbox',
  email: 'Email',
  phone: 'Phone',
  url: 'Link (URL)',
};

export const entityTypeLabels: Record<CustomFieldEntityType, { singular: string; plural: string }> = {
  lead: { singular: 'Lead', plural: 'Leads' },
  client: { singular: 'Client', plural: 'Clients' },
  company: { singular: 'Company', plural: 'Companies' },
  deal: { singular: 'Deal', plural: 'Deals' },
};

export const fieldTypesWithOptions: readonly CustomFieldType[] = ['select', 'multiselect'];

export function isCustomFieldType(value: unknown): value is CustomFieldType {
  return typeof value === 'string' && (customFieldTypes as readonly string[]).includes(value);
}

/** The field's type; an unknown or missing one behaves as text (as on the server). */
export function typeOf(field: Pick<CustomFieldDefinition, 'fieldType' | 'dataType'>): CustomFieldType {
  if (isCustomFieldType(field.fieldType)) return field.fieldType;
  if (isCustomFieldType(field.dataType)) return field.dataType;
  return 'text';
}

export function optionsOf(field: Pick<CustomFieldDefinition, 'options'>): string[] {
  return Array.isArray(field.options)
    ? field.options.filter((option): option is string => typeof option === 'string')
    : [];
}

export function rulesOf(field: Pick<CustomFieldDefinition, 'validation'>): FieldValidationRules {
  return typeof field.validation === 'object' && field.validation !== null && !Array.isArray(field.validation)
    ? (field.validation as FieldValidationRules)
    : {};
}

/** No value: undefined, null, an empty or blank string, an empty list. */
export function isBlankValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}
