import { checkRecordData } from '../../../common/validation/objects';
import type { ServiceContext } from '../../lib/service-context';
import { loadObject } from './get-entity-definition';
import { presentField } from './present-entity-definition';

/**
 * POST /api/entity-definitions/:id/validate (/entity-test): typed input checked as a new
 * record's data would be, each field's result, and the keys no field names. Stores nothing.
 */
export async function validateEntityData(
  ctx: ServiceContext,
  idOrType: string,
  data: Record<string, unknown> | undefined,
) {
  const { fields } = await loadObject(ctx.db, ctx.orgId, idOrType);
  const check = checkRecordData(fields.map(presentField), data);
  return { valid: check.valid, fields: check.fields, unknown: check.unknown };
}
