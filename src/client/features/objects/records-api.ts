import { type Query, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useKeysetList } from '../../components/data-table/use-keyset-list';
import { useOptimisticPatch } from '../../components/data-table/use-optimistic-patch';
import type {
  CreateRecordInput,
  CreateRelationshipInput,
  ObjectRecord,
  ObjectRelationship,
  RelatedEntityType,
} from '../../../common/validation/objects';
import type {
  ImportEntityRecordsInput,
  ImportEntityRecordsResult,
} from '../../../common/validation/entity-record-import';
import { apiRequest } from '../../lib/api';

/*
 * Records of the organization's own objects and their relationships (issue 14 contract:
 * /api/entity-records, /api/entity-relationships). Each object's records are governed by its
 * permissionCategory: the server answers 403 to a user who may not read them.
 */

/** GET /api/entity-records/:id adds the record's first 200 relationships. */
export interface ObjectRecordDetail extends ObjectRecord {
  relationships: ObjectRelationship[];
}

/** Either end of a relationship: a custom record, or any record it may be related to. */
export type RelationshipSubject = { entityRecordId: string } | { type: RelatedEntityType; id: string };

export const entityRecordsPath = '/api/entity-records';
export const entityRecordPath = (id: string) => `${entityRecordsPath}/${id}`;
export const entityRelationshipsPath = '/api/entity-relationships';

/** Where a custom record's page is. */
export const objectRecordHref = (entityType: string, id: string) =>
  `/objects/${encodeURIComponent(entityType)}/${id}`;
export const objectListHref = (entityType: string) => `/objects/${encodeURIComponent(entityType)}`;

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** An object's records, keyset paged; `params` are the list's search, sort and filters. */
export function useEntityRecordList(
  entityType: string,
  params: Record<string, string>,
  { pageSize, enabled = true }: { pageSize?: number; enabled?: boolean } = {},
) {
  return useKeysetList<ObjectRecord>(entityRecordsPath, { ...params, entityType }, { pageSize, enabled });
}

export function useEntityRecord(id: string) {
  return useQuery<ObjectRecordDetail>({ queryKey: [entityRecordPath(id)] });
}

const startsWithAny =
  (prefixes: readonly string[]) =>
  (query: Query): boolean => {
    const [path] = query.queryKey;
    return typeof path === 'string' && prefixes.some((prefix) => path.startsWith(prefix));
  };

/** Records, their relationships, the dashboard's counts and search all change with a record. */
const recordReads = [entityRecordsPath, entityRelationshipsPath, '/api/dashboard', '/api/search'];

function useInvalidateRecords() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: startsWithAny(recordReads) });
}

export function useCreateEntityRecord() {
  const invalidate = useInvalidateRecords();
  return useMutation({
    mutationFn: async (input: CreateRecordInput) =>
      json<ObjectRecord>(await apiRequest('POST', entityRecordsPath, input)),
    onSuccess: invalidate,
  });
}

/** A CSV file's rows created as the object's records (the valid ones; the answer names the others). */
export function useImportEntityRecords() {
  const invalidate = useInvalidateRecords();
  return useMutation({
    mutationFn: async (input: ImportEntityRecordsInput) =>
      json<ImportEntityRecordsResult>(await apiRequest('POST', `${entityRecordsPath}/import`, input)),
    onSuccess: invalidate,
  });
}

/** A change shown at once and sent against the version on screen (If-Match). */
export function useUpdateEntityRecord(id: string) {
  return useOptimisticPatch<ObjectRecordDetail>(entityRecordPath(id), entityRecordsPath);
}

export function useDeleteEntityRecord() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateRecords();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', entityRecordPath(id));
    },
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: [entityRecordPath(id)] });
      return invalidate();
    },
  });
}

/** The query parameters naming one end of a relationship. */
export function relationshipParams(subject: RelationshipSubject): Record<string, string> {
  return 'entityRecordId' in subject
    ? { entityRecordId: subject.entityRecordId }
    : { relatedEntityType: subject.type, relatedEntityId: subject.id };
}

/** The relationships of a record, from either end (only those the user may read). */
export function useEntityRelationships(
  subject: RelationshipSubject,
  { pageSize = 200, enabled = true } = {},
) {
  return useKeysetList<ObjectRelationship>(entityRelationshipsPath, relationshipParams(subject), {
    pageSize,
    enabled,
  });
}

export function useCreateEntityRelationship() {
  const invalidate = useInvalidateRecords();
  return useMutation({
    mutationFn: async (input: CreateRelationshipInput) =>
      json<ObjectRelationship>(await apiRequest('POST', entityRelationshipsPath, input)),
    onSuccess: invalidate,
  });
}

export function useDeleteEntityRelationship() {
  const invalidate = useInvalidateRecords();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${entityRelationshipsPath}/${id}`);
    },
    onSuccess: invalidate,
  });
}
