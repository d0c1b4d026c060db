import { describe, expect, it } from 'vitest';
import { createApiKeyRequestSchema, noPermissionMessage, updateApiKeySchema } from './api-keys';

const issuesOf = (input: unknown) =>
  createApiKeyRequestSchema
    .safeParse(input)
    .error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) ?? [];

describe('createApiKeyRequestSchema', () => {
  it('takes a name, levels (deduplicated) and a future expiry', () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      createApiKeyRequestSchema.parse({
        name: ' Zapier ',
        permissions: ['read', 'read', 'write'],
        expiresAt,
      }),
    ).toEqual({
      name: 'Zapier',
      permissions: ['read', 'write'],
      expiresAt,
    });
    expect(createApiKeyRequestSchema.parse({ name: 'Zapier' }).permissions).toEqual(['read']);
  });

  it('refuses no level and a bad date with their messages', () => {
    expect(issuesOf({ name: 'Zapier', permissions: [] })).toEqual([
      { path: 'permissions', message: noPermissionMessage },
    ]);
    expect(issuesOf({ name: 'Zapier', expiresAt: 'soon' })).toEqual([
      { path: 'expiresAt', message: 'Expiry date must be a valid date' },
    ]);
    // A past expiry is taken: the key is born expired.
    expect(issuesOf({ name: 'Zapier', expiresAt: '2020-01-01' })).toEqual([]);
  });

  it('renames only', () => {
    expect(updateApiKeySchema.safeParse({ name: 'Z' }).error?.issues[0]?.message).toBe(
      'Name must be at least 2 characters',
    );
  });
});
