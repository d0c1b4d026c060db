import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationLogos, organizations, users } from '../../db/schema/identity';
import { createTestApp, type TestApp } from '../../test/test-app';
import { organization } from '../leads/test-kit';
import { organizationBranding } from './organization-branding';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('organizationBranding', () => {
  it('reads the name, the logo and the owner’s colour scheme (an organization setting wins)', async () => {
    const owner = await organization(t);
    const orgId = owner.user.organizationId;
    await t.db.update(users).set({ colorScheme: 'purple' }).where(eq(users.id, owner.user.id));
    const [org] = await t.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, orgId));
    expect(await organizationBranding(t.db, orgId)).toEqual({ name: org.name, color: 'purple', logo: null });

    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await t.db
      .insert(organizationLogos)
      .values({ organizationId: orgId, contentType: 'image/png', data: png });
    await t.db
      .update(organizations)
      .set({ settings: { colorScheme: 'green' } })
      .where(eq(organizations.id, orgId));
    const branding = await organizationBranding(t.db, orgId);
    expect(branding.color).toBe('green');
    expect(branding.logo?.contentType).toBe('image/png');
    expect(Buffer.compare(branding.logo?.data ?? Buffer.alloc(0), png)).toBe(0);
  });
});
