import { isCalendarDate, parseAmount, toIsoDate } from '../../../common/surplus';
import type { CsvColumn } from '../../lib/csv';
import type { ServiceContext } from '../../lib/service-context';
import type { CustomFieldEntityType } from './custom-field-schemas';
import { type FieldDefinition, fieldTypeOf, isBlank } from '../../../common/validation/field-values';
import { loadFieldDefinitions } from './validate-custom-fields';

/** A record that carries custom field values (leads, clients, companies, deals). */
export interface CustomFieldCarrier {
  customFields: unknown;
}

/**
 * A stored value as a spreadsheet should read it: numbers stay numbers (no currency sign or
 * grouping), dates are ISO days, a checkbox is Yes/No, a multi-select one cell of "a; b".
 * Anything that does not fit its type is written as the text it is (csvCell still guards it).
 */
export function customFieldCsvValue(field: Pick<FieldDefinition, 'fieldType' | 'dataType'>, value: unknown) {
  if (isBlank(value)) return null;
  switch (fieldTypeOf(field)) {
    case 'number':
    case 'currency':
      return parseAmount(value) ?? value;
    case 'date':
      return isCalendarDate(value) ? toIsoDate(value) : value;
    case 'checkbox':
      return value === true || value === 'true' ? 'Yes' : 'No';
    case 'multiselect':
      return Array.isArray(value) ? value : [value];
    default:
      return value;
  }
}

function valuesOf(row: CustomFieldCarrier): Record<string, unknown> {
  const values = row.customFields;
  return typeof values === 'object' && values !== null ? (values as Record<string, unknown>) : {};
}

/**
 * One column per visible custom field of the entity, in the fields' order, headed by the
 * field's name. The definitions are read once, before the export streams its rows.
 */
export async function customFieldCsvColumns(
  ctx: Pick<ServiceContext, 'db' | 'orgId'>,
  entityType: CustomFieldEntityType,
): Promise<CsvColumn<CustomFieldCarrier>[]> {
  const fields = (await loadFieldDefinitions(ctx, entityType)).filter((field) => field.isVisible);
  return fields.map((field) => ({
    header: field.name,
    value: (row) => customFieldCsvValue(field, valuesOf(row)[field.fieldKey]),
  }));
}
