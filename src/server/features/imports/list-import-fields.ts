import type { ImportEntityType, ImportFieldTarget } from '../../../common/validation/imports';
import type { ServiceContext } from '../../lib/service-context';
import { loadFieldDefinitions } from '../custom-fields/validate-custom-fields';
import { assertMay } from './import-access';
import { customFieldEntityOf, importTargetsOf } from './import-targets';

/** GET /api/import-jobs/fields?entityType=: what a column can be mapped to (standard, custom, surplus-case fields). */
export async function listImportFields(
  ctx: ServiceContext,
  entityType: ImportEntityType,
): Promise<{ items: ImportFieldTarget[] }> {
  assertMay(ctx, entityType, 'create');
  const definitions = await loadFieldDefinitions(ctx, customFieldEntityOf[entityType]);
  return { items: importTargetsOf(entityType, definitions) };
}
