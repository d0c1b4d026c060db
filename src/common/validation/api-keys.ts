import { z } from 'zod';
import { nameField } from './common';
import { createApiKeySchema } from './integrations';

/*
 * What the API-key screens and /api/api-keys accept, on top of the stored shape in integrations.ts
 * (name ≥ 2, permissions from read/write/admin, optional expiry).
 */

export const noPermissionMessage = 'Choose at least one permission';

/**
 * A key that can do nothing is a mistake worth saying so at once. An expiry already past is taken
 * (the key is born expired): an API client may want exactly that to test its handling of 401.
 */
export const createApiKeyRequestSchema = createApiKeySchema.extend({
  // One level may come bare ("write"): API clients write it so, and it means the list of one.
  permissions: z.preprocess(
    (value) => (typeof value === 'string' ? [value] : value),
    createApiKeySchema.shape.permissions
      .refine((levels) => levels.length > 0, noPermissionMessage)
      .transform((levels) => [...new Set(levels)]),
  ),
});

/** Only the name changes after creation: a key's reach is fixed when its secret is shown. */
export const updateApiKeySchema = z.object({ name: nameField('Name must be at least 2 characters') });

export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;
export type UpdateApiKeyInput = z.infer<typeof updateApiKeySchema>;
