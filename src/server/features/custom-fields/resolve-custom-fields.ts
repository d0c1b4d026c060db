import { invalidFields } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { prepareDealCustomFields } from '../surplus/deal-surplus';
import type { CustomFieldEntityType } from './custom-field-schemas';
import { carryCustomFieldValues } from '../../../common/validation/field-values';
import { loadFieldDefinitions, validateCustomFields } from './validate-custom-fields';

type Values = Record<string, unknown>;

/**
 * The customFields a create or update stores: checked against the organization's field
 * definitions (400 with one entry per field otherwise) and, for deals, with the surplus-case
 * values computed. An update merges the keys sent into the stored ones, so a form that edits
 * one field never wipes the others.
 */
export async function resolveCustomFields(
  ctx: Pick<ServiceContext, 'db' | 'orgId'>,
  entityType: CustomFieldEntityType,
  incoming: Values | null | undefined,
  stored?: Values | null,
): Promise<Values> {
  const isUpdate = stored !== undefined;
  const merged = isUpdate ? { ...stored, ...incoming } : (incoming ?? {});
  const options = { partial: isUpdate };
  const check =
    entityType === 'deal'
      ? await prepareDealCustomFields(ctx, merged, { ...options, stored })
      : await validateCustomFields(ctx, entityType, merged, options);
  if (check.errors.length > 0) throw invalidFields(check.errors);
  return check.values;
}

/**
 * The customFields of a record a lead conversion creates: the lead's values for the keys it
 * shares with the new record's fields, and the fields' defaults (carryCustomFieldValues); a
 * deal's surplus values are computed from them as on create.
 */
export async function carryCustomFields(
  ctx: Pick<ServiceContext, 'db' | 'orgId'>,
  entityType: CustomFieldEntityType,
  source: Values | null | undefined,
): Promise<Values> {
  const carried = carryCustomFieldValues(await loadFieldDefinitions(ctx, entityType), source);
  if (entityType !== 'deal') return carried;
  // Every carried value already passed its field's check, so there is nothing left to report.
  return (await prepareDealCustomFields(ctx, carried, { partial: true })).values;
}
