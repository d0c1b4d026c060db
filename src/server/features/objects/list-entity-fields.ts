import { z } from 'zod';
import { idField } from '../../../common/validation/common';
import { objectMessages } from '../../../common/validation/objects';
import type { ServiceContext } from '../../lib/service-context';
import { loadObject } from './get-entity-definition';
import { presentField } from './present-entity-definition';

export const listFieldsQuerySchema = z.object({ entityDefinitionId: idField(objectMessages.objectNotFound) });

/** GET /api/entity-field-definitions?entityDefinitionId=: the object's fields in form order. */
export async function listEntityFields(ctx: ServiceContext, entityDefinitionId: string) {
  const { fields } = await loadObject(ctx.db, ctx.orgId, entityDefinitionId);
  const items = fields.map(presentField);
  return { items, nextCursor: null, total: items.length };
}
