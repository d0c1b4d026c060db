import { and, asc, eq } from 'drizzle-orm';
import {
  type CustomFieldCheck,
  type CustomFieldCheckOptions,
  checkCustomFields,
  type FieldDefinition,
} from '../../../common/validation/field-values';
import { customFields } from '../../db/schema/custom-fields';
import type { ServiceContext } from '../../lib/service-context';
import type { CustomFieldEntityType } from './custom-field-schemas';

/*
 * Checks and coerces a record's custom field values against the organization's field
 * definitions (the checks themselves: common/validation/field-values.ts). The CRM services call
 * `validateCustomFields` on create and update and answer `400 { message: 'Validation failed',
 * errors }` when errors come back, storing `values` otherwise.
 */

/** The organization's field definitions for one entity type, in form order. */
export async function loadFieldDefinitions(
  ctx: Pick<ServiceContext, 'db' | 'orgId'>,
  entityType: CustomFieldEntityType,
): Promise<FieldDefinition[]> {
  return ctx.db
    .select({
      name: customFields.name,
      fieldKey: customFields.fieldKey,
      fieldType: customFields.fieldType,
      dataType: customFields.dataType,
      isRequired: customFields.isRequired,
      isVisible: customFields.isVisible,
      options: customFields.options,
      defaultValue: customFields.defaultValue,
      validation: customFields.validation,
    })
    .from(customFields)
    .where(and(eq(customFields.organizationId, ctx.orgId), eq(customFields.entityType, entityType)))
    .orderBy(asc(customFields.orderIndex), asc(customFields.name));
}

/**
 * Checks a lead's, client's, company's or deal's custom field values against the caller's
 * organization's fields: required fields ("Property address is required"), and each type —
 * number and currency numeric ("Winning bid must be a number"; currency rounded to cents), date
 * ISO ('YYYY-MM-DD' stored), email, http(s) url, phone digits, select one of the options,
 * multiselect a subset, checkbox true or false. Pass `{ db: tx, orgId }` inside a transaction.
 */
export async function validateCustomFields(
  ctx: Pick<ServiceContext, 'db' | 'orgId'>,
  entityType: CustomFieldEntityType,
  values: Record<string, unknown> | null | undefined,
  options: CustomFieldCheckOptions = {},
): Promise<CustomFieldCheck> {
  return checkCustomFields(await loadFieldDefinitions(ctx, entityType), values, options);
}
