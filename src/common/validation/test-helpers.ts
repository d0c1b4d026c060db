import type { z } from 'zod';
import { type FieldError, toFieldErrors } from './common';

/** The issues a schema reports, in the API's `[{ path, message }]` shape; [] when the input is valid. */
export function issuesOf(schema: z.ZodType, input: unknown): FieldError[] {
  const result = schema.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error.issues);
}

/** A copy of `input` without `key`, for "missing field" cases. */
export function without<T extends object>(input: T, key: keyof T): Partial<T> {
  const copy = { ...input };
  delete copy[key];
  return copy;
}

/** One row of a validation table: an input and the exact issues expected ([] = valid). */
export interface IssueCase {
  name: string;
  input: unknown;
  issues: FieldError[];
}

export const issue = (path: string, message: string): FieldError[] => [{ path, message }];
