import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { ObjectRecord } from '../../../common/validation/objects';
import { entityRecords } from '../../db/schema/custom-fields';
import { pageSerializer } from '../../lib/page-json';

/** The columns a record answers with. */
export const recordFields = {
  id: entityRecords.id,
  entityType: entityRecords.entityType,
  displayName: entityRecords.displayName,
  data: entityRecords.data,
  isActive: entityRecords.isActive,
  tags: entityRecords.tags,
  notes: entityRecords.notes,
  createdBy: entityRecords.createdBy,
  createdAt: entityRecords.createdAt,
  updatedAt: entityRecords.updatedAt,
};

export type RecordRow = SelectResultFields<typeof recordFields>;

export function presentRecord(row: RecordRow): ObjectRecord {
  return {
    id: row.id,
    entityType: row.entityType,
    displayName: row.displayName,
    data: row.data ?? {},
    isActive: row.isActive,
    tags: row.tags,
    notes: row.notes,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/entity-records pages, written by a serializer compiled for this shape. */
export const serializeRecordPage = pageSerializer<ObjectRecord>({
  id: 'text',
  entityType: 'text',
  displayName: 'text',
  data: 'json',
  isActive: 'boolean',
  tags: 'texts',
  notes: 'text',
  createdBy: 'text',
  createdAt: 'text',
  updatedAt: 'text',
});

/** Values to store: the checked ones without blanks (an absent key and a null mean the same). */
export function storedData(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== null && value !== undefined),
  );
}
