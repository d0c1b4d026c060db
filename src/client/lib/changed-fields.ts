/** Whether two JSON values are equal (keys in any order; undefined and null alike). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b || ((a === undefined || a === null) && (b === undefined || b === null))) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) =>
    sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/**
 * The part of a form's body the user changed: the fields whose value differs from the body the
 * form would have sent unchanged. `customFields` is compared key by key and only changed keys
 * are kept (a key the form no longer sends is cleared with null), because the server merges
 * customFields by key: an edit of one field never writes back the others as the form loaded them.
 */
export function changedFields<T extends object>(opened: T, edited: T): Partial<T> {
  const before = opened as Record<string, unknown>;
  const after = edited as Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (key === 'customFields') continue;
    if (!sameValue(before[key], value)) changes[key] = value;
  }
  const customBefore = (before.customFields ?? {}) as Record<string, unknown>;
  const customAfter = (after.customFields ?? {}) as Record<string, unknown>;
  const custom: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(customBefore), ...Object.keys(customAfter)])) {
    if (!sameValue(customBefore[key], customAfter[key])) custom[key] = customAfter[key] ?? null;
  }
  if (Object.keys(custom).length > 0) changes.customFields = custom;
  return changes as Partial<T>;
}
