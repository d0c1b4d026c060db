import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { coerceCustomFieldValue } from '../../../common/validation/field-values';
import type { CheckableObjectField } from '../../../common/validation/objects';
import type { Database } from '../../db';
import { entityRecords } from '../../db/schema/custom-fields';

/*
 * What happens to stored values when a field changes after records exist (decision 024): each
 * value is checked again under the new definition, as a save would check it. A value that
 * passes is kept, converted to the new type's shape ("12" → 12, "a" → ["a"], true → "true");
 * one that does not (a removed option, text that is no number) is cleared. Nothing else is
 * touched; a field made required only bites on each record's next save.
 */

export interface FieldMigration {
  /** Values kept, in a new shape. */
  converted: number;
  /** Values removed because the new definition refuses them. */
  cleared: number;
}

const batchSize = 1000;

/** A value's closest form for the new type before the check: lists joined, flags and numbers as text. */
function reshape(value: unknown, fieldType: string): unknown {
  if (Array.isArray(value) && fieldType !== 'multiselect') return value.join(', ');
  if (typeof value === 'boolean' && fieldType !== 'checkbox') return String(value);
  return value;
}

/** The value under the new field, or undefined when it must be cleared. */
function migrateValue(field: CheckableObjectField, value: unknown): unknown {
  const checked = coerceCustomFieldValue(
    {
      name: field.displayName,
      fieldKey: field.fieldName,
      fieldType: field.fieldType,
      isRequired: false,
      isVisible: true,
      options: field.options,
      defaultValue: null,
      validation: field.validationRules,
    },
    reshape(value, field.fieldType),
  );
  return checked.ok ? checked.value : undefined;
}

/** Re-checks every stored value of `field` in the object's records (inside the caller's transaction). */
export async function migrateFieldValues(
  tx: Database,
  orgId: string,
  entityType: string,
  field: CheckableObjectField,
): Promise<FieldMigration> {
  const result: FieldMigration = { converted: 0, cleared: 0 };
  const name = field.fieldName;
  let after: string | undefined;
  for (;;) {
    const rows = await tx
      .select({ id: entityRecords.id, value: sql<unknown>`${entityRecords.data} -> ${name}::text` })
      .from(entityRecords)
      .where(
        and(
          eq(entityRecords.organizationId, orgId),
          eq(entityRecords.entityType, entityType),
          sql`${entityRecords.data} ? ${name}`,
          after ? gt(entityRecords.id, after) : undefined,
        ),
      )
      .orderBy(asc(entityRecords.id))
      .limit(batchSize);
    if (rows.length === 0) return result;
    after = rows.at(-1)?.id;
    const changes: { id: string; value: unknown }[] = [];
    for (const row of rows) {
      if (row.value === null) continue;
      const next = migrateValue(field, row.value);
      if (next === undefined) {
        result.cleared++;
        changes.push({ id: row.id, value: null });
      } else if (JSON.stringify(next) !== JSON.stringify(row.value)) {
        result.converted++;
        changes.push({ id: row.id, value: next });
      }
    }
    if (changes.length > 0) {
      await tx.execute(sql`
        update ${entityRecords} r
        set data = case when v.value is null then r.data - ${name}::text
          else jsonb_set(r.data, array[${name}::text], v.value) end,
          updated_at = now(), updated_by = null
        from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as v(id uuid, value jsonb)
        where r.id = v.id and r.organization_id = ${orgId}`);
    }
    if (rows.length < batchSize) return result;
  }
}
