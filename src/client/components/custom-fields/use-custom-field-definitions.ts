import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type FieldGroup, groupFieldsBySection } from './group-fields';
import type { CustomFieldDefinition, CustomFieldEntityType, FieldSection } from './types';

interface ListAnswer<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

export const customFieldsPath = '/api/custom-fields';
export const fieldSectionsPath = '/api/field-sections';

/** Query keys, shared with the settings screens that change the definitions. */
export const customFieldsQueryKey = (entityType: CustomFieldEntityType) =>
  [customFieldsPath, { entityType }] as const;
export const fieldSectionsQueryKey = (entityType: CustomFieldEntityType) =>
  [fieldSectionsPath, { entityType }] as const;

export interface CustomFieldDefinitions {
  /** Every definition of the entity, in order (hidden ones included: their values are still checked). */
  all: CustomFieldDefinition[];
  /** The fields a form shows: visible ones, in order. */
  fields: CustomFieldDefinition[];
  sections: FieldSection[];
  /** `fields` grouped by section, for headings. */
  groups: FieldGroup<CustomFieldDefinition>[];
  isPending: boolean;
  isError: boolean;
  error: Error | null;
}

const byOrder = (a: { orderIndex: number; name: string }, b: { orderIndex: number; name: string }) =>
  a.orderIndex - b.orderIndex || a.name.localeCompare(b.name);

/**
 * The organization's custom fields for leads, clients, companies or deals
 * (GET /api/custom-fields?entityType=… and /api/field-sections?entityType=…).
 */
export function useCustomFieldDefinitions(
  entityType: CustomFieldEntityType,
  { enabled = true }: { enabled?: boolean } = {},
): CustomFieldDefinitions {
  const fieldsQuery = useQuery<ListAnswer<CustomFieldDefinition>>({
    queryKey: customFieldsQueryKey(entityType),
    enabled,
  });
  const sectionsQuery = useQuery<ListAnswer<FieldSection>>({
    queryKey: fieldSectionsQueryKey(entityType),
    enabled,
  });
  const fieldItems = fieldsQuery.data?.items;
  const sectionItems = sectionsQuery.data?.items;

  return useMemo(() => {
    const all = (fieldItems ?? []).toSorted(byOrder);
    const sections = (sectionItems ?? []).toSorted(byOrder);
    const fields = all.filter((field) => field.isVisible);
    return {
      all,
      fields,
      sections,
      groups: groupFieldsBySection(fields, sections),
      isPending: fieldsQuery.isPending || sectionsQuery.isPending,
      isError: fieldsQuery.isError || sectionsQuery.isError,
      error: fieldsQuery.error ?? sectionsQuery.error ?? null,
    };
  }, [
    fieldItems,
    sectionItems,
    fieldsQuery.isPending,
    sectionsQuery.isPending,
    fieldsQuery.isError,
    sectionsQuery.isError,
    fieldsQuery.error,
    sectionsQuery.error,
  ]);
}
