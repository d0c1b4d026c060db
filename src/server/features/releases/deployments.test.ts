import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemAuditLogs } from '../../db/schema/platform';
import { registerOrganizationOwner, type SignedIn, uniqueEmail } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call } from '../users/test-helpers';

let t: TestApp;
let root: SignedIn;
let member: SignedIn;
const rootEmail = uniqueEmail('root');

beforeAll(async () => {
  t = await createTestApp({ superAdminEmails: [rootEmail] });
  root = await registerOrganizationOwner(t.app, { email: rootEmail, firstName: 'Rita', lastName: 'Root' });
  member = await registerOrganizationOwner(t.app);
});
afterAll(() => t.close());

const record = (body: Record<string, unknown>, cookie = root.cookie) =>
  call(t.app, 'POST', '/api/super-admin/deployments', cookie, body);

describe('POST /api/super-admin/deployments', () => {
  it('records a release with its environment and status, audited at platform level', async () => {
    const res = await record({
      version: '3.1.0',
      releaseType: 'minor',
      environment: 'staging',
      status: 'in_progress',
      commitHash: 'ABCDEF1',
      commitMessage: 'Faster lists',
      releaseNotes: "# Faster lists\n## What's New\n### Lists",
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      version: '3.1.0',
      releaseType: 'minor',
      environment: 'staging',
      status: 'in_progress',
      commitHash: 'abcdef1',
      commitMessage: 'Faster lists',
      deployedBy: 'Rita Root',
    });
    const audit = await t.db
      .select()
      .from(systemAuditLogs)
      .where(
        and(
          eq(systemAuditLogs.action, 'platform.release_recorded'),
          eq(systemAuditLogs.resourceId, created.id),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      organizationId: null,
      userId: root.user.id,
      details: { version: '3.1.0', environment: 'staging', status: 'in_progress' },
    });
  });

  it('defaults to a successful production release, which becomes the latest release users see', async () => {
    const res = await record({ version: '4.0.0', releaseType: 'major', releaseNotes: '# Four' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ environment: 'production', status: 'success' });
    const latest = await call(t.app, 'GET', '/api/latest-release', member.cookie);
    expect(latest.json().data).toMatchObject({
      version: '4.0.0',
      releaseType: 'major',
      releaseNotes: '# Four',
    });
    // A staging release, however successful and recent, is not what users are told about.
    const staging = await record({ version: '5.0.0', environment: 'staging', releaseNotes: '# Five' });
    expect(staging.statusCode, staging.body).toBe(201);
    const still = await call(t.app, 'GET', '/api/latest-release', member.cookie);
    expect(still.json().data).toMatchObject({ version: '4.0.0' });
  });

  it('refuses bad input with a clear message per field, recording nothing', async () => {
    const res = await record({
      version: '1.2',
      releaseType: 'huge',
      environment: 'moon',
      status: 'done',
      commitHash: 'xyz',
      releaseNotes: 'no title here',
      deployedAt: 'yesterday',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Validation failed');
    const messages = Object.fromEntries(
      res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    );
    expect(messages).toEqual({
      version: 'Version must look like 1.2.0',
      releaseType: 'Release type must be major or minor',
      environment: 'Environment must be production, staging or development',
      status: 'Status must be success, failed, in progress or rolled back',
      commitHash: 'Commit must be a hexadecimal hash of 7 to 40 characters',
      releaseNotes: 'Release notes must start with a "# title" heading',
      deployedAt: 'Deployed at must be a valid date',
    });
    const missing = await record({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toContainEqual({ path: 'version', message: 'Version is required' });
    const long = await record({ version: `1.0.0-${'a'.repeat(200)}` });
    expect(long.json().errors).toContainEqual({
      path: 'version',
      message: 'Version must be at most 100 characters',
    });
    const list = await call(t.app, 'GET', '/api/super-admin/deployments?search=1.2', root.cookie);
    expect(list.json().total).toBe(0);
  });

  it('answers 403 to a member who is not a super admin', async () => {
    const res = await record({ version: '9.9.9' }, member.cookie);
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/super-admin/deployments', () => {
  it('lists newest first with keyset pages, filters and search', async () => {
    for (const [version, deployedAt, environment] of [
      ['0.1.0', '2024-01-01T00:00:00Z', 'development'],
      ['0.2.0', '2024-02-01T00:00:00Z', 'production'],
      ['0.3.0', '2024-03-01T00:00:00Z', 'production'],
    ]) {
      expect((await record({ version, deployedAt, environment, status: 'failed' })).statusCode).toBe(201);
    }
    const first = await call(t.app, 'GET', '/api/super-admin/deployments?limit=2', root.cookie);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.total).toBe(6);
    // The two recorded "now" come first.
    expect(page.items.map((d: { version: string }) => d.version)).toEqual(['5.0.0', '4.0.0']);
    const all: string[] = page.items.map((d: { version: string }) => d.version);
    let cursor = page.nextCursor;
    while (cursor) {
      const next = (
        await call(t.app, 'GET', `/api/super-admin/deployments?limit=2&cursor=${cursor}`, root.cookie)
      ).json();
      all.push(...next.items.map((d: { version: string }) => d.version));
      cursor = next.nextCursor;
    }
    expect(all).toEqual(['5.0.0', '4.0.0', '3.1.0', '0.3.0', '0.2.0', '0.1.0']);

    const failedProduction = (
      await call(
        t.app,
        'GET',
        '/api/super-admin/deployments?status=failed&environment=production',
        root.cookie,
      )
    ).json();
    expect(failedProduction.items.map((d: { version: string }) => d.version)).toEqual(['0.3.0', '0.2.0']);
    const searched = (
      await call(t.app, 'GET', '/api/super-admin/deployments?search=faster', root.cookie)
    ).json();
    expect(searched.items.map((d: { version: string }) => d.version)).toEqual(['3.1.0']);
    const bad = await call(t.app, 'GET', '/api/super-admin/deployments?status=nope', root.cookie);
    expect(bad.statusCode).toBe(400);
    expect(await call(t.app, 'GET', '/api/super-admin/deployments', member.cookie)).toMatchObject({
      statusCode: 403,
    });
  });
});
