import type { PollingConfig } from '../../../common/validation/imports';
import type { ImportEntityType, PollingIntegration, PollingIntegrationInput } from './api';
import type { FieldMapping } from './column-matching';

/* The scheduled-import form's values and how they become the POST /api/integrations body. */

/** One "column → field" line of the form (a polling source cannot be previewed before it runs). */
export interface MappingLine {
  column: string;
  field: string;
}

export interface PollingFormValues {
  name: string;
  url: string;
  format: 'csv' | 'json';
  intervalMinutes: string;
  entityType: ImportEntityType;
  externalIdColumn: string;
  lines: MappingLine[];
}

export const intervalChoices = [
  { minutes: 15, label: 'Every 15 minutes' },
  { minutes: 60, label: 'Every hour' },
  { minutes: 360, label: 'Every 6 hours' },
  { minutes: 1440, label: 'Every day' },
  { minutes: 10080, label: 'Every week' },
] as const;

export function intervalLabel(minutes: number): string {
  const known = intervalChoices.find((choice) => choice.minutes === minutes);
  if (known) return known.label;
  if (minutes % 60 === 0) return `Every ${minutes / 60} hours`;
  return `Every ${minutes} minutes`;
}

export function emptyPollingForm(entityType: ImportEntityType = 'leads'): PollingFormValues {
  return {
    name: '',
    url: '',
    format: 'csv',
    intervalMinutes: '1440',
    entityType,
    externalIdColumn: '',
    lines: [{ column: '', field: '' }],
  };
}

export function pollingFormOf(integration: PollingIntegration): PollingFormValues {
  const config = integration.config;
  const lines = Object.entries(integration.fieldMappings ?? {}).map(([column, field]) => ({ column, field }));
  return {
    name: integration.name,
    url: config.url,
    format: config.format,
    intervalMinutes: String(config.intervalMinutes),
    entityType: config.entityType,
    externalIdColumn: config.externalIdColumn,
    lines: lines.length > 0 ? lines : [{ column: '', field: '' }],
  };
}

/** The lines as a mapping: blank lines dropped, a column named twice keeps its last field. */
export function mappingOfLines(lines: MappingLine[]): FieldMapping {
  const mapping: FieldMapping = {};
  for (const line of lines) {
    const column = line.column.trim();
    if (column && line.field) mapping[column] = line.field;
  }
  return mapping;
}

/** Form-level checks the server would refuse anyway, said before the round trip. */
export function pollingFormErrors(
  values: PollingFormValues,
): Partial<Record<keyof PollingFormValues, string>> {
  const errors: Partial<Record<keyof PollingFormValues, string>> = {};
  if (values.name.trim().length < 2) errors.name = 'Name must be at least 2 characters';
  if (!/^https?:\/\/\S+$/i.test(values.url.trim())) errors.url = 'Must be a valid URL';
  if (!values.externalIdColumn.trim()) errors.externalIdColumn = 'External id column is required';
  if (Object.keys(mappingOfLines(values.lines)).length === 0)
    errors.lines = 'Map at least one column to a field';
  return errors;
}

export function pollingInputOf(values: PollingFormValues): PollingIntegrationInput {
  const config: PollingConfig = {
    url: values.url.trim(),
    format: values.format,
    intervalMinutes: Number(values.intervalMinutes),
    entityType: values.entityType,
    externalIdColumn: values.externalIdColumn.trim(),
  };
  return { name: values.name.trim(), type: 'polling', config, fieldMappings: mappingOfLines(values.lines) };
}
