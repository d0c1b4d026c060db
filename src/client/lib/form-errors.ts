import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { readApiError } from './api';

/**
 * Puts the API's per-field messages (400 "Validation failed") under the matching fields and
 * returns the message left for the form as a whole, or null when every message found a field.
 */
export function applyApiErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  const { message, fieldErrors } = readApiError(error);
  let placed = 0;
  for (const [path, fieldMessage] of Object.entries(fieldErrors)) {
    const field = fields.find((name) => name === path || path.startsWith(`${name}.`));
    if (!field) continue;
    setError(field, { type: 'server', message: fieldMessage }, { shouldFocus: placed === 0 });
    placed++;
  }
  const unplaced = Object.keys(fieldErrors).length - placed;
  if (placed > 0 && unplaced === 0) return null;
  return message;
}

/** The text of a field's error (nested fields such as a permission set report no single text). */
export function errorText(error: { message?: unknown } | undefined): string | undefined {
  return typeof error?.message === 'string' ? error.message : undefined;
}
