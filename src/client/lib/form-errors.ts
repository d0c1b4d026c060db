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

/**
 * The text of a field's error; for a list (tags) its first item's ("Tag must be at most 50
 * characters" on tags.1). Other nested fields, such as a permission set, report no single text.
 */
export function errorText(error: unknown): string | undefined {
  if (Array.isArray(error)) return error.map(errorText).find(Boolean);
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}
