import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/platform';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { recordRelease } from './record-release';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOrganizationOwner(t.app);
});
afterAll(() => t.close());

const latest = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/latest-release', headers: cookie ? { cookie } : {} });

describe('GET /api/latest-release', () => {
  it('is declared for signed-in users', () => {
    expect(t.app.routeTable.filter((r) => r.url === '/api/latest-release')).toEqual([
      { method: 'GET', url: '/api/latest-release', access: 'authenticated' },
    ]);
  });

  it('answers 401 when signed out', async () => {
    const res = await latest();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized: please sign in' });
  });

  it('answers success false and no data before any release', async () => {
    const res = await latest(owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, data: null });
  });

  it('answers the newest successful deployment', async () => {
    await t.db.insert(deployments).values([
      {
        version: '1.0.0',
        releaseType: 'major',
        releaseNotes: '# One',
        commitHash: 'a'.repeat(40),
        deployedAt: new Date('2025-01-01T10:00:00Z'),
      },
      {
        version: '1.1.0',
        releaseType: 'minor',
        releaseNotes: "# One point one\n## What's New\n### Faster",
        commitHash: 'b'.repeat(40),
        deployedAt: new Date('2025-02-01T10:00:00Z'),
      },
      // Newer, but it failed: not announced.
      {
        version: '1.2.0',
        releaseType: 'minor',
        releaseNotes: '# Broken',
        deployedAt: new Date('2025-03-01T10:00:00Z'),
        status: 'failed',
      },
      // Recorded later, deployed earlier: deployedAt decides.
      {
        version: '0.9.0',
        releaseType: 'minor',
        releaseNotes: '# Old',
        deployedAt: new Date('2024-12-01T10:00:00Z'),
      },
    ]);
    const res = await latest(owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        version: '1.1.0',
        releaseType: 'minor',
        releaseNotes: "# One point one\n## What's New\n### Faster",
        deployedAt: '2025-02-01T10:00:00.000Z',
        commitHash: 'b'.repeat(40),
      },
    });
  });

  it('announces a release just recorded by the release service', async () => {
    await recordRelease({
      db: t.db,
      version: '2.0.0',
      releaseType: 'major',
      releaseNotes: '# Two',
      commitHash: null,
      deployedBy: 'ci',
    });
    const { data } = (await latest(owner.cookie)).json();
    expect(data).toMatchObject({
      version: '2.0.0',
      releaseType: 'major',
      releaseNotes: '# Two',
      commitHash: null,
    });
    expect(Date.now() - Date.parse(data.deployedAt)).toBeLessThan(60_000);
  });

  it('presents a row without a type or notes as a minor release with empty notes', async () => {
    await t.db.insert(deployments).values({ version: '2.0.1', deployedAt: new Date(Date.now() + 60_000) });
    const { data } = (await latest(owner.cookie)).json();
    expect(data).toMatchObject({
      version: '2.0.1',
      releaseType: 'minor',
      releaseNotes: '',
      commitHash: null,
    });
  });
});
