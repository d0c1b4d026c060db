import { useMemo } from 'react';
import type { DataTableColumn } from '../data-table/data-table';
import { DisplayValueView } from './custom-field-values';
import { formatCustomFieldValue } from './format';
import { type CustomFieldDefinition, type CustomFieldEntityType, typeOf } from './types';
import { useCustomFieldDefinitions } from './use-custom-field-definitions';

/** A record that carries custom field values (leads, clients, companies, deals). */
interface CustomFieldRecord {
  customFields?: Record<string, unknown> | null;
}

export interface CustomFieldColumnOptions {
  /** The user's defaultCurrency, for currency fields. */
  currency?: string | null;
  /** Field keys a built-in column of the list already shows. */
  exclude?: readonly string[];
}

/** Prefixed so a custom column never takes a built-in column's id (nor its stored preference). */
export function customFieldColumnId(field: Pick<CustomFieldDefinition, 'id'>): string {
  return `cf:${field.id}`;
}

/**
 * A column per visible custom field, in the fields' order, hidden until picked in the column
 * chooser. Not sortable: the API does not sort by custom fields.
 */
export function customFieldColumns<T extends CustomFieldRecord>(
  fields: readonly CustomFieldDefinition[],
  { currency, exclude = [] }: CustomFieldColumnOptions = {},
): DataTableColumn<T>[] {
  return fields
    .filter((field) => field.isVisible && !exclude.includes(field.fieldKey))
    .map((field): DataTableColumn<T> => {
      const type = typeOf(field);
      const numeric = type === 'number' || type === 'currency';
      return {
        id: customFieldColumnId(field),
        header: field.name,
        defaultHidden: true,
        width: numeric ? 130 : { min: 150 },
        align: numeric ? 'end' : 'start',
        cell: (row) => (
          <DisplayValueView
            inline
            display={formatCustomFieldValue(field, row.customFields?.[field.fieldKey], { currency })}
          />
        ),
      };
    });
}

/**
 * The custom field columns of a list, to append to its built-in ones; `pending` while the
 * definitions are not loaded (DataTable's `columnsPending`). A null type (a custom object,
 * whose fields are its own) has none.
 */
export function useCustomFieldColumns<T extends CustomFieldRecord>(
  entityType: CustomFieldEntityType | null,
  { currency, exclude }: CustomFieldColumnOptions = {},
): { columns: DataTableColumn<T>[]; pending: boolean } {
  const enabled = entityType !== null;
  // The hook runs for every list; without a type its queries stay off.
  const definitions = useCustomFieldDefinitions(entityType ?? 'lead', { enabled });
  const columns = useMemo(
    () => (enabled ? customFieldColumns<T>(definitions.all, { currency, exclude }) : []),
    [enabled, definitions.all, currency, exclude],
  );
  return { columns, pending: enabled && (definitions.isPending || definitions.isError) };
}
