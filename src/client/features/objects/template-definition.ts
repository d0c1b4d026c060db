import type { ObjectDefinition, ObjectRecord } from '../../../common/validation/objects';
import type { EntityTemplate } from './api';

/*
 * A template seen as the object it would become, and its sample records as records, so the
 * previews (/entity-mockups) and the sandbox (/entity-test) run them through the same code as
 * an added object. Ids are made up from the template's key: nothing here is stored.
 */

export function templateDefinition(template: EntityTemplate): ObjectDefinition {
  return {
    id: `template:${template.key}`,
    entityType: template.entityType,
    displayName: template.displayName,
    pluralName: template.pluralName,
    description: template.description,
    iconName: template.iconName,
    displayOrder: 0,
    isActive: true,
    industryTemplate: template.key,
    permissionCategory: template.permissionCategory,
    createdAt: '',
    updatedAt: '',
    fields: template.fields.map((field, index) => ({
      id: `template:${template.key}:${field.fieldName}`,
      entityDefinitionId: `template:${template.key}`,
      fieldName: field.fieldName,
      displayName: field.displayName,
      fieldType: field.fieldType,
      isRequired: field.isRequired ?? false,
      displayOrder: index,
      placeholder: field.placeholder ?? null,
      validationRules: field.validationRules ?? null,
      options: field.options ?? null,
      defaultValue: field.defaultValue ?? null,
      helpText: field.helpText ?? null,
      section: field.section || 'general',
    })),
    recordCount: template.sampleRecords.length,
  };
}

/** The sample records as a list shows records (numbered ids, no tags, created "now"). */
export function templateRecords(template: EntityTemplate, createdAt: string): ObjectRecord[] {
  return template.sampleRecords.map((sample, index) => ({
    id: `${template.key}-${index + 1}`,
    entityType: template.entityType,
    displayName: sample.displayName,
    data: sample.data,
    isActive: true,
    tags: [],
    notes: null,
    createdBy: null,
    createdAt,
    updatedAt: createdAt,
  }));
}

/** Sample records in the order a list header asks for (the API sorts real records the same way). */
export function sortRecords(
  records: readonly ObjectRecord[],
  sort: { field: string; direction: 'asc' | 'desc' } | null,
): ObjectRecord[] {
  if (!sort) return [...records];
  const valueOf = (record: ObjectRecord): unknown =>
    sort.field === 'displayName'
      ? record.displayName
      : sort.field === 'createdAt'
        ? record.createdAt
        : record.data?.[sort.field];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return records.toSorted((a, b) => {
    const [x, y] = [valueOf(a), valueOf(b)];
    // Blanks last, whichever the direction.
    if (x === null || x === undefined || x === '') return y === null || y === undefined || y === '' ? 0 : 1;
    if (y === null || y === undefined || y === '') return -1;
    if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
    return sign * String(x).localeCompare(String(y), 'en', { numeric: true });
  });
}
