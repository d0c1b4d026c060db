import type { z } from 'zod';
import { type Query, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateDefinitionInput,
  FieldCheckResult,
  FieldInput,
  ObjectDefinition,
  ObjectFieldDefinition,
  ObjectPermissionCategory,
  updateDefinitionSchema,
} from '../../../common/validation/objects';
import { apiRequest, patchRecord } from '../../lib/api';
import { entityDefinitionsPath, type ListAnswer } from './entity-definitions-query';

/*
 * Custom object definitions, their fields, the industry templates and the validate sandbox
 * (issue 14 contract: /api/entity-definitions, /api/entity-field-definitions, /api/entity-templates).
 * Reads are open to every signed-in user; writes need settings:manage.
 */

/** A template's field: a field definition before it exists (no id, defaults left out). */
export type TemplateField = Pick<ObjectFieldDefinition, 'fieldName' | 'displayName' | 'fieldType'> &
  Partial<
    Pick<
      ObjectFieldDefinition,
      'isRequired' | 'placeholder' | 'validationRules' | 'options' | 'defaultValue' | 'helpText' | 'section'
    >
  >;

export interface EntityTemplate {
  key: string;
  industry: string;
  entityType: string;
  displayName: string;
  pluralName: string;
  description: string | null;
  iconName: string;
  permissionCategory: ObjectPermissionCategory;
  fields: TemplateField[];
  sampleRecords: { displayName: string; data: Record<string, unknown> }[];
  installed: boolean;
}

/** POST /api/entity-definitions/:id/validate. */
export interface ValidationAnswer {
  valid: boolean;
  fields: FieldCheckResult[];
  unknown: string[];
}

export const entityDefinitionPath = (idOrType: string) =>
  `${entityDefinitionsPath}/${encodeURIComponent(idOrType)}`;
export const entityFieldDefinitionsPath = '/api/entity-field-definitions';
export const entityTemplatesPath = '/api/entity-templates';

export const entityTemplatesQueryKey = (industry?: string) =>
  industry ? ([entityTemplatesPath, { industry }] as const) : ([entityTemplatesPath] as const);

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** One object by its id or its type slug (`heirs`), with its fields. */
export function useEntityDefinition(idOrType: string | undefined) {
  return useQuery<ObjectDefinition>({
    queryKey: [entityDefinitionPath(idOrType ?? '')],
    enabled: Boolean(idOrType),
  });
}

/** Every read a definition change can alter: definitions (list and single), fields, templates' `installed`. */
const definitionReads = [entityDefinitionsPath, entityFieldDefinitionsPath, entityTemplatesPath];
const recordReads = ['/api/entity-records', '/api/entity-relationships', '/api/dashboard', '/api/search'];

function startsWithAny(prefixes: string[]) {
  return (query: Query) => {
    const [path] = query.queryKey;
    return typeof path === 'string' && prefixes.some((prefix) => path.startsWith(prefix));
  };
}

function useInvalidateDefinitions() {
  const queryClient = useQueryClient();
  return ({ records = false }: { records?: boolean } = {}) =>
    queryClient.invalidateQueries({
      predicate: startsWithAny(records ? [...definitionReads, ...recordReads] : definitionReads),
    });
}

export function useCreateEntityDefinition() {
  const invalidate = useInvalidateDefinitions();
  return useMutation({
    mutationFn: async (input: CreateDefinitionInput) =>
      json<ObjectDefinition>(await apiRequest('POST', entityDefinitionsPath, input)),
    onSuccess: () => invalidate({ records: true }),
  });
}

/** A change sent against the version of the object the form opened on (If-Match). */
export function useUpdateEntityDefinition() {
  const invalidate = useInvalidateDefinitions();
  return useMutation({
    mutationFn: ({
      definition,
      changes,
    }: {
      definition: ObjectDefinition;
      changes: z.input<typeof updateDefinitionSchema>;
    }) => patchRecord<ObjectDefinition>(entityDefinitionPath(definition.id), definition, changes),
    // Deactivating hides the object's records from lists, search and the dashboard.
    onSuccess: () => invalidate({ records: true }),
  });
}

/** Removes the object with its records and relationships. */
export function useDeleteEntityDefinition() {
  const invalidate = useInvalidateDefinitions();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', entityDefinitionPath(id));
    },
    onSuccess: () => invalidate({ records: true }),
  });
}

export function useSaveEntityField(entityDefinitionId: string) {
  const invalidate = useInvalidateDefinitions();
  return useMutation({
    mutationFn: async ({
      field,
      input,
    }: {
      field: ObjectFieldDefinition | null;
      input: Partial<FieldInput>;
    }) =>
      field
        ? json<ObjectFieldDefinition>(
            await apiRequest('PATCH', `${entityFieldDefinitionsPath}/${field.id}`, input),
          )
        : json<ObjectFieldDefinition>(
            await apiRequest('POST', entityFieldDefinitionsPath, { ...input, entityDefinitionId }),
          ),
    // A field change may migrate stored values (decision 024).
    onSuccess: () => invalidate({ records: true }),
  });
}

export function useDeleteEntityField() {
  const invalidate = useInvalidateDefinitions();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${entityFieldDefinitionsPath}/${id}`);
    },
    onSuccess: () => invalidate({ records: true }),
  });
}

/** Puts the object's fields in the order of `ids` (all of them), at once and on the server. */
export function useReorderEntityFields(definition: Pick<ObjectDefinition, 'id' | 'entityType'>) {
  const invalidate = useInvalidateDefinitions();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      await apiRequest('POST', `${entityFieldDefinitionsPath}/reorder`, {
        entityDefinitionId: definition.id,
        ids,
      });
    },
    onMutate: async (ids) => {
      const position = new Map(ids.map((id, index) => [id, index]));
      const reorder = (item: ObjectDefinition): ObjectDefinition =>
        item.id === definition.id
          ? {
              ...item,
              fields: item.fields
                .map((field) => ({ ...field, displayOrder: position.get(field.id) ?? field.displayOrder }))
                .toSorted((a, b) => a.displayOrder - b.displayOrder),
            }
          : item;
      await queryClient.cancelQueries({ predicate: startsWithAny([entityDefinitionsPath]) });
      queryClient.setQueriesData<ListAnswer<ObjectDefinition>>(
        { queryKey: [entityDefinitionsPath] },
        (answer) => (answer?.items ? { ...answer, items: answer.items.map(reorder) } : answer),
      );
      for (const key of [definition.id, definition.entityType]) {
        queryClient.setQueryData<ObjectDefinition>([entityDefinitionPath(key)], (item) =>
          item ? reorder(item) : item,
        );
      }
    },
    onSettled: () => invalidate(),
  });
}

/** The industry templates: the organization's own sector by default, `all` for every sector. */
export function useEntityTemplates(industry?: string) {
  return useQuery<{ items: EntityTemplate[] }>({ queryKey: entityTemplatesQueryKey(industry) });
}

export function useInstallEntityTemplate() {
  const invalidate = useInvalidateDefinitions();
  return useMutation({
    mutationFn: async (key: string) =>
      json<ObjectDefinition>(
        await apiRequest('POST', `${entityTemplatesPath}/${encodeURIComponent(key)}/install`),
      ),
    onSuccess: () => invalidate({ records: true }),
  });
}

/** The server's answer on typed values for an object's fields (the /entity-test sandbox). */
export function useValidateEntityData(definitionId: string) {
  return useMutation({
    mutationFn: async (data: Record<string, unknown>) =>
      json<ValidationAnswer>(
        await apiRequest('POST', `${entityDefinitionPath(definitionId)}/validate`, { data }),
      ),
  });
}
