import type { CustomFieldDefinition, FieldSection } from './types';

export interface FieldGroup<F extends Pick<CustomFieldDefinition, 'sectionId' | 'orderIndex' | 'name'>> {
  /** Null for the fields outside any section (shown first, without a heading). */
  section: FieldSection | null;
  fields: F[];
}

const byOrder = <T extends { orderIndex: number; name: string }>(a: T, b: T) =>
  a.orderIndex - b.orderIndex || a.name.localeCompare(b.name);

/**
 * Fields in form order, grouped by section: the unsectioned ones first, then each section in
 * its order. Empty sections are left out; a field whose section is unknown counts as unsectioned.
 */
export function groupFieldsBySection<
  F extends Pick<CustomFieldDefinition, 'sectionId' | 'orderIndex' | 'name'>,
>(fields: readonly F[], sections: readonly FieldSection[]): FieldGroup<F>[] {
  const known = new Map(sections.map((section) => [section.id, section]));
  const loose: F[] = [];
  const bySection = new Map<string, F[]>();
  for (const field of fields.toSorted(byOrder)) {
    const section = field.sectionId ? known.get(field.sectionId) : undefined;
    if (!section) {
      loose.push(field);
      continue;
    }
    const list = bySection.get(section.id) ?? [];
    list.push(field);
    bySection.set(section.id, list);
  }
  const groups: FieldGroup<F>[] = [];
  if (loose.length > 0) groups.push({ section: null, fields: loose });
  for (const section of sections.toSorted(byOrder)) {
    const list = bySection.get(section.id);
    if (list?.length) groups.push({ section, fields: list });
  }
  return groups;
}
