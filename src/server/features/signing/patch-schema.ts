import { z } from 'zod';

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;
type PatchShape<T extends z.ZodRawShape> = { [K in keyof T]: z.ZodOptional<WithoutDefault<T[K]>> };

/**
 * A PATCH body from a create schema: every field optional and none defaulted (zod applies a
 * default even inside `.partial()`, which would reset fields the caller did not send).
 */
export function patchSchemaOf<T extends z.ZodRawShape>(shape: T) {
  const entries = Object.entries(shape).map(([key, field]) => {
    const inner = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType);
    return [key, inner.optional()];
  });
  return z.object(Object.fromEntries(entries) as PatchShape<T>);
}
