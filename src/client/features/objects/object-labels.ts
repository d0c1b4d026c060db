import { sectionLabel } from './object-record-type';
import type { ObjectFieldDefinition } from '../../../common/validation/objects';

/** "no records", "1 record", "1,204 records"; unknown counts read "records". */
export function recordCountLabel(count: number | null | undefined): string {
  if (count === null || count === undefined) return 'records';
  if (count === 0) return 'no records';
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'record' : 'records'}`;
}

export interface FieldSectionGroup<T> {
  section: string;
  label: string;
  fields: T[];
}

/** Fields grouped by section, sections in the order their first field comes ("general" when blank). */
export function groupBySection<T extends Pick<ObjectFieldDefinition, 'section'>>(
  fields: readonly T[],
): FieldSectionGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const field of fields) {
    const section = field.section?.trim() || 'general';
    groups.set(section, [...(groups.get(section) ?? []), field]);
  }
  return [...groups].map(([section, items]) => ({ section, label: sectionLabel(section), fields: items }));
}
