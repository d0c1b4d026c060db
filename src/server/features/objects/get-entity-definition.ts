import { and, asc, eq, inArray } from 'drizzle-orm';
import { objectMessages } from '../../../common/validation/objects';
import type { Database } from '../../db';
import { entityDefinitions, entityFieldDefinitions } from '../../db/schema/custom-fields';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import {
  type DefinitionRow,
  definitionFields,
  type FieldRow,
  fieldDefinitionFields,
  presentDefinition,
} from './present-entity-definition';

/** The organization's object with this id or type slug. */
function definitionCondition(orgId: string, idOrType: string) {
  return isUuid(idOrType)
    ? rowInOrganization(entityDefinitions, orgId, idOrType)
    : and(eq(entityDefinitions.organizationId, orgId), eq(entityDefinitions.entityType, idOrType));
}

/** One of the organization's objects by id or by its type slug, or 404 "Object not found". */
export async function findDefinition(db: Database, orgId: string, idOrType: string): Promise<DefinitionRow> {
  const [row] = await db
    .select(definitionFields)
    .from(entityDefinitions)
    .where(definitionCondition(orgId, idOrType))
    .limit(1);
  if (!row) throw notFound(objectMessages.objectNotFound);
  return row;
}

/** Form order: displayOrder, then name (the id breaks ties). */
const fieldOrder = [
  asc(entityFieldDefinitions.displayOrder),
  asc(entityFieldDefinitions.displayName),
  asc(entityFieldDefinitions.id),
];

/** The fields of the given objects, in form order. */
export async function loadObjectFields(
  db: Database,
  orgId: string,
  definitionIds: string[],
): Promise<FieldRow[]> {
  if (definitionIds.length === 0) return [];
  return db
    .select(fieldDefinitionFields)
    .from(entityFieldDefinitions)
    .where(
      and(
        eq(entityFieldDefinitions.organizationId, orgId),
        inArray(entityFieldDefinitions.entityDefinitionId, definitionIds),
      ),
    )
    .orderBy(...fieldOrder);
}

/**
 * An object and its fields, as the services that check records need them: one query (the
 * definition joined to its fields, a row per field), since every records request starts here.
 */
export async function loadObject(
  db: Database,
  orgId: string,
  idOrType: string,
): Promise<{ definition: DefinitionRow; fields: FieldRow[] }> {
  const rows = await db
    .select({ definition: definitionFields, field: fieldDefinitionFields })
    .from(entityDefinitions)
    .leftJoin(
      entityFieldDefinitions,
      and(
        eq(entityFieldDefinitions.organizationId, orgId),
        eq(entityFieldDefinitions.entityDefinitionId, entityDefinitions.id),
      ),
    )
    .where(definitionCondition(orgId, idOrType))
    .orderBy(...fieldOrder);
  if (rows.length === 0) throw notFound(objectMessages.objectNotFound);
  const fields = rows.flatMap(({ field }) => (field ? [field] : []));
  return { definition: rows[0].definition, fields };
}

/** GET /api/entity-definitions/:id (or the type slug): the object with its fields. */
export async function getEntityDefinition(ctx: ServiceContext, idOrType: string) {
  const { definition, fields } = await loadObject(ctx.db, ctx.orgId, idOrType);
  return presentDefinition(definition, fields);
}
