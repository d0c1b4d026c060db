import { readApiError } from '../../lib/api';

/* Small pure helpers of the list screens. */

/** "deal status" → "Deal status". */
export function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The message of a 409 answer (a duplicate name, a system entry), else null. */
export function conflictMessage(error: unknown): string | null {
  const raw = error instanceof Error ? error.message : '';
  return raw.startsWith('409:') ? readApiError(error).message : null;
}

/** Entries in list order (orderIndex, then name). */
export function sortEntries<T extends { orderIndex?: number; name: string }>(entries: readonly T[]): T[] {
  return entries.toSorted(
    (a, b) => (a.orderIndex ?? 0) - (b.orderIndex ?? 0) || a.name.localeCompare(b.name),
  );
}

/** "12 lead sources", "1 lead source". */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** Whether another entry (of the same won/loss group, for reasons) has this name, whatever its case. */
export function nameInUse(
  entries: readonly { id: string; name: string; type?: string }[],
  name: string,
  { except, type }: { except?: string; type?: string },
): boolean {
  const wanted = name.trim().toLowerCase();
  return entries.some(
    (other) =>
      other.id !== except &&
      (type === undefined || other.type === type) &&
      other.name.trim().toLowerCase() === wanted,
  );
}
