import { objectMessages } from '../../../common/validation/objects';
import type { Database } from '../../db';
import { entityFieldDefinitions } from '../../db/schema/custom-fields';
import { notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { findDefinition } from './get-entity-definition';
import { fieldDefinitionFields } from './present-entity-definition';

/** A field of the organization's objects and its object, or 404 "Field not found". */
export async function findField(db: Database, orgId: string, id: string) {
  if (!isUuid(id)) throw notFound(objectMessages.fieldNotFound);
  const [field] = await db
    .select(fieldDefinitionFields)
    .from(entityFieldDefinitions)
    .where(rowInOrganization(entityFieldDefinitions, orgId, id))
    .limit(1);
  if (!field) throw notFound(objectMessages.fieldNotFound);
  return { field, definition: await findDefinition(db, orgId, field.entityDefinitionId) };
}
