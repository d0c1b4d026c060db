import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { ObjectRelationship, RelatedEntityType } from '../../../common/validation/objects';
import type { Database } from '../../db';
import { entityRelationships } from '../../db/schema/custom-fields';
import { recordSummaries, relatedKey, relatedSummaries } from './related-records';

export const relationshipFields = {
  id: entityRelationships.id,
  entityRecordId: entityRelationships.entityRecordId,
  relatedEntityType: entityRelationships.relatedEntityType,
  relatedEntityId: entityRelationships.relatedEntityId,
  relationshipType: entityRelationships.relationshipType,
  notes: entityRelationships.notes,
  createdAt: entityRelationships.createdAt,
};

export type RelationshipRow = SelectResultFields<typeof relationshipFields>;

/**
 * Relationships with both ends named: `record` (the custom record it belongs to) and `related`.
 * A row whose related record no longer exists (removed by a cascade the relationship did not
 * see) is left out rather than shown broken.
 */
export async function presentRelationships(
  db: Database,
  orgId: string,
  rows: RelationshipRow[],
): Promise<ObjectRelationship[]> {
  const refs = rows.map((row) => ({
    type: row.relatedEntityType as RelatedEntityType,
    id: row.relatedEntityId,
  }));
  const [records, related] = [
    await recordSummaries(
      db,
      orgId,
      rows.map((row) => row.entityRecordId),
    ),
    await relatedSummaries(db, orgId, refs),
  ];
  const items: ObjectRelationship[] = [];
  for (const row of rows) {
    const record = records.get(row.entityRecordId);
    const target = related.get(relatedKey(row.relatedEntityType, row.relatedEntityId));
    if (!record || !target) continue;
    const { permissionCategory: _category, ...summary } = record;
    items.push({
      id: row.id,
      entityRecordId: row.entityRecordId,
      relatedEntityType: row.relatedEntityType as RelatedEntityType,
      relatedEntityId: row.relatedEntityId,
      relationshipType: row.relationshipType,
      notes: row.notes,
      createdAt: row.createdAt.toISOString(),
      record: summary,
      related: target,
    });
  }
  return items;
}
