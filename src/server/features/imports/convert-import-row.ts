import type { FieldDefinition } from '../../../common/validation/field-values';
import type { ImportEntityType, ImportFieldKind } from '../../../common/validation/imports';
import { fieldLabel } from '../../lib/field-label';
import { customKindOf, customPrefix, standardTargetOf } from './import-targets';
import { normalizeBoolean, normalizeDate, normalizeMoney, splitTags } from './import-cells';
import { importEntities } from './import-entities';

/** What rows are read with: the organization's users by e-mail, its stages by name, its custom fields. */
export interface ImportLookups {
  ownersByEmail: Map<string, string>;
  stagesByName: Map<string, string>;
  definitions: FieldDefinition[];
}

interface CompiledColumn {
  index: number;
  /** The create schema's key, or the custom field's key. */
  key: string;
  kind: ImportFieldKind;
  custom: boolean;
  options?: readonly string[];
}

export interface CompiledMapping {
  columns: CompiledColumn[];
  externalIdIndex: number | null;
}

/** Mapping (column name → target) against the file's header; unknown targets and columns are ignored. */
export function compileMapping(
  entityType: ImportEntityType,
  header: string[],
  mapping: Record<string, string>,
  definitions: FieldDefinition[],
  externalIdColumn?: string,
): CompiledMapping {
  const columns: CompiledColumn[] = [];
  for (const [column, target] of Object.entries(mapping)) {
    const index = header.indexOf(column);
    if (index < 0 || !target) continue;
    if (target.startsWith(customPrefix)) {
      const fieldKey = target.slice(customPrefix.length);
      const field = definitions.find((definition) => definition.fieldKey === fieldKey);
      if (field) columns.push({ index, key: fieldKey, kind: customKindOf(field), custom: true });
      continue;
    }
    const standard = standardTargetOf(entityType, target);
    if (standard)
      columns.push({
        index,
        key: standard.input ?? standard.key,
        kind: standard.kind,
        custom: false,
        options: standard.options,
      });
  }
  const externalIdIndex = externalIdColumn ? header.indexOf(externalIdColumn) : -1;
  return { columns, externalIdIndex: externalIdIndex >= 0 ? externalIdIndex : null };
}

export type ConvertedRow =
  | { ok: true; input: Record<string, unknown>; provided: string[]; customValues: Record<string, unknown> }
  | { ok: false; reason: string };

function cellValue(kind: ImportFieldKind, raw: string, options?: readonly string[]): unknown {
  switch (kind) {
    case 'date':
      return normalizeDate(raw);
    case 'money':
    case 'number':
      return normalizeMoney(raw);
    case 'tags':
      return splitTags(raw);
    case 'boolean':
      return normalizeBoolean(raw);
    case 'enum':
      // "hot" is "Hot": the option spelled as the list spells it.
      return options?.find((option) => option.toLowerCase() === raw.trim().toLowerCase()) ?? raw.trim();
    default:
      return raw;
  }
}

/**
 * One row as a create call's input, checked by the entity's create schema (the API's own rules
 * and messages). Owner by e-mail and stage by name are looked up; a blank cell leaves the field
 * out (its default applies), so a blank required field fails as a POST without it would.
 */
export function convertImportRow(
  entityType: ImportEntityType,
  compiled: CompiledMapping,
  row: string[],
  lookups: ImportLookups,
): ConvertedRow {
  const input: Record<string, unknown> = {};
  const customValues: Record<string, unknown> = {};
  const provided: string[] = [];
  const problems: string[] = [];
  // Keys whose lookup failed: the schema's "is required" for them would only repeat the problem.
  const unresolved = new Set<string>();
  for (const column of compiled.columns) {
    const raw = row[column.index] ?? '';
    if (raw.trim() === '') continue;
    if (column.custom) {
      customValues[column.key] = cellValue(column.kind, raw);
      continue;
    }
    if (column.kind === 'owner') {
      const owner = lookups.ownersByEmail.get(raw.trim().toLowerCase());
      if (owner) input[column.key] = owner;
      else {
        problems.push(`Owner not found: ${raw.trim()}`);
        unresolved.add(column.key);
      }
    } else if (column.kind === 'stage') {
      const stage = lookups.stagesByName.get(raw.trim().toLowerCase());
      if (stage) input[column.key] = stage;
      else {
        problems.push(`Unknown stage: ${raw.trim()}`);
        unresolved.add(column.key);
      }
    } else input[column.key] = cellValue(column.kind, raw, column.options);
    provided.push(column.key);
  }
  const parsed = importEntities[entityType].schema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = String(issue.path[0] ?? '');
      if (unresolved.has(path)) continue;
      // "Stage is required" names its field; a message that does not gets the field's name first.
      const label = path ? fieldLabel(path) : '';
      const message =
        label && !issue.message.toLowerCase().includes(label.toLowerCase())
          ? `${label}: ${issue.message}`
          : issue.message;
      if (!problems.includes(message)) problems.push(message);
    }
  }
  if (problems.length > 0 || !parsed.success) return { ok: false, reason: problems.join('; ') };
  return { ok: true, input: parsed.data, provided, customValues };
}
