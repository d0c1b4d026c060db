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

/** One of the organization's objects by id or by its type slug, or 404 "Object not found". */
export async function findDefinition(db: Database, orgId: string, idOrType: string): Promise<DefinitionRow> {
  const condition = isUuid(idOrType)
    ? rowInOrganization(entityDefinitions, orgId, idOrType)
    : and(eq(entityDefinitions.organizationId, orgId), eq(entityDefinitions.entityType, idOrType));
  const [row] = await db.select(definitionFields).from(entityDefinitions).where(condition).limit(1);
  if (!row) throw notFound(objectMessages.objectNotFound);
  return row;
}

/** The fields of the given objects, in form order (displayOrder, then name). */
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
    .orderBy(
      asc(entityFieldDefinitions.displayOrder),
      asc(entityFieldDefinitions.displayName),
      asc(entityFieldDefinitions.id),
    );
}

/** An object and its fields, as the services that check records need them. */
export async function loadObject(db: Database, orgId: string, idOrType: string) {
  const definition = await findDefinition(db, orgId, idOrType);
  return { definition, fields: await loadObjectFields(db, orgId, [definition.id]) };
}

/** GET /api/entity-definitions/:id (or the type slug): the object with its fields. */
export async function getEntityDefinition(ctx: ServiceContext, idOrType: string) {
  const { definition, fields } = await loadObject(ctx.db, ctx.orgId, idOrType);
  return presentDefinition(definition, fields);
}
