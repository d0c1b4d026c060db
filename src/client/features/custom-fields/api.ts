import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  customFieldsPath,
  customFieldsQueryKey,
  fieldSectionsPath,
  fieldSectionsQueryKey,
} from '../../components/custom-fields/use-custom-field-definitions';
import type {
  CustomFieldDefinition,
  CustomFieldEntityType,
  FieldSection,
} from '../../components/custom-fields/types';
import { apiRequest, patchRecord } from '../../lib/api';

/* Changes to the custom field definitions and sections (settings:manage). */

interface ListAnswer<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

export interface CustomFieldInput {
  name?: string;
  fieldKey?: string;
  fieldType?: string;
  entityType?: CustomFieldEntityType;
  isRequired?: boolean;
  isVisible?: boolean;
  sectionId?: string | null;
  placeholder?: string | null;
  defaultValue?: string | null;
  options?: string[] | null;
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

function useInvalidate(entityType: CustomFieldEntityType) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: customFieldsQueryKey(entityType) }),
      queryClient.invalidateQueries({ queryKey: fieldSectionsQueryKey(entityType) }),
      // Unfiltered reads (all entities) too.
      queryClient.invalidateQueries({ queryKey: [customFieldsPath], exact: true }),
    ]);
}

export function useSaveCustomField(entityType: CustomFieldEntityType) {
  const invalidate = useInvalidate(entityType);
  return useMutation({
    // A change is sent against the version of the field the form opened on.
    mutationFn: async ({ field, input }: { field: CustomFieldDefinition | null; input: CustomFieldInput }) =>
      field
        ? patchRecord(`${customFieldsPath}/${field.id}`, field, { ...input })
        : json<CustomFieldDefinition>(await apiRequest('POST', customFieldsPath, { ...input, entityType })),
    onSuccess: invalidate,
  });
}

export function useDeleteCustomField(entityType: CustomFieldEntityType) {
  const invalidate = useInvalidate(entityType);
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${customFieldsPath}/${id}`);
    },
    onSuccess: invalidate,
  });
}

/** Puts the fields in the order of `ids` (all of the entity's fields), at once and on the server. */
export function useReorderCustomFields(entityType: CustomFieldEntityType) {
  const invalidate = useInvalidate(entityType);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      await apiRequest('POST', `${customFieldsPath}/reorder`, { ids });
    },
    onMutate: async (ids) => {
      const key = customFieldsQueryKey(entityType);
      await queryClient.cancelQueries({ queryKey: key });
      const position = new Map(ids.map((id, index) => [id, index]));
      queryClient.setQueryData<ListAnswer<CustomFieldDefinition>>(key, (answer) =>
        answer
          ? {
              ...answer,
              items: answer.items.map((field) => ({
                ...field,
                orderIndex: position.get(field.id) ?? field.orderIndex,
              })),
            }
          : answer,
      );
    },
    onSettled: invalidate,
  });
}

export function useSaveFieldSection(entityType: CustomFieldEntityType) {
  const invalidate = useInvalidate(entityType);
  return useMutation({
    mutationFn: async ({ section, name }: { section: FieldSection | null; name: string }) =>
      section
        ? patchRecord(`${fieldSectionsPath}/${section.id}`, section, { name })
        : json<FieldSection>(await apiRequest('POST', fieldSectionsPath, { name, entityType })),
    onSuccess: invalidate,
  });
}

export function useDeleteFieldSection(entityType: CustomFieldEntityType) {
  const invalidate = useInvalidate(entityType);
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${fieldSectionsPath}/${id}`);
    },
    onSuccess: invalidate,
  });
}

export function useReorderFieldSections(entityType: CustomFieldEntityType) {
  const invalidate = useInvalidate(entityType);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      await apiRequest('POST', `${fieldSectionsPath}/reorder`, { ids });
    },
    onMutate: async (ids) => {
      const key = fieldSectionsQueryKey(entityType);
      await queryClient.cancelQueries({ queryKey: key });
      const position = new Map(ids.map((id, index) => [id, index]));
      queryClient.setQueryData<ListAnswer<FieldSection>>(key, (answer) =>
        answer
          ? {
              ...answer,
              items: answer.items.map((section) => ({
                ...section,
                orderIndex: position.get(section.id) ?? section.orderIndex,
              })),
            }
          : answer,
      );
    },
    onSettled: invalidate,
  });
}
