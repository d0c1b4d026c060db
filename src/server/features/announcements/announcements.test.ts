import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemAuditLogs, systemUpdates } from '../../db/schema/platform';
import { registerOrganizationOwner, type SignedIn, uniqueEmail } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, newOrganization, signedInMember } from '../users/test-helpers';

let t: TestApp;
let root: SignedIn;
let acme: SignedIn;
let acmeMember: SignedIn & { id: string };
let globex: SignedIn;
const rootEmail = uniqueEmail('root');

beforeAll(async () => {
  t = await createTestApp({ superAdminEmails: [rootEmail] });
  root = await registerOrganizationOwner(t.app, { email: rootEmail });
  acme = await newOrganization(t.app, t.db);
  acmeMember = await signedInMember(t.app, acme);
  globex = await registerOrganizationOwner(t.app, { organizationName: 'Globex' });
});
afterAll(() => t.close());

const post = (body: Record<string, unknown>, cookie = root.cookie) =>
  call(t.app, 'POST', '/api/super-admin/system-updates', cookie, body);
const mine = async (who: SignedIn) => {
  const res = await call(t.app, 'GET', '/api/system-updates', who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: { id: string; title: string; isRead: boolean }[]; unreadCount: number };
};
const titles = (answer: { items: { title: string }[] }) => answer.items.map((item) => item.title);
const errorsOf = (res: { json: () => { errors: { path: string; message: string }[] } }) =>
  Object.fromEntries(res.json().errors.map((e) => [e.path, e.message]));

describe('posting announcements and the bell', () => {
  it('an announcement to everyone reaches every organization, unread until each user marks it', async () => {
    const res = await post({
      audience: 'everyone',
      title: 'Scheduled maintenance on Sunday',
      description: 'Locus is down 02:00–02:30 UTC. Save your work: a < b stays plain text.',
      category: 'maintenance',
      priority: 'high',
      iconType: 'warning',
      actionUrl: '/help',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      audience: 'everyone',
      organizationId: null,
      userId: null,
      title: 'Scheduled maintenance on Sunday',
      category: 'maintenance',
      priority: 'high',
      iconType: 'warning',
      actionUrl: '/help',
      expired: false,
      readCount: 0,
    });
    const audit = await t.db
      .select()
      .from(systemAuditLogs)
      .where(
        and(
          eq(systemAuditLogs.action, 'platform.announcement_posted'),
          eq(systemAuditLogs.resourceId, created.id),
        ),
      );
    expect(audit).toMatchObject([
      { organizationId: null, userId: root.user.id, details: { title: created.title, audience: 'everyone' } },
    ]);

    for (const who of [acme, acmeMember, globex, root]) {
      const bell = await mine(who);
      expect(bell.unreadCount).toBe(1);
      expect(bell.items).toMatchObject([
        { id: created.id, isRead: false, priority: 'high', actionUrl: '/help' },
      ]);
    }
    const read = await call(t.app, 'POST', `/api/system-updates/${created.id}/read`, globex.cookie);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ unreadCount: 0, items: [{ id: created.id, isRead: true }] });
    // Idempotent, and only the reader's own state changed.
    expect(
      (await call(t.app, 'POST', `/api/system-updates/${created.id}/read`, globex.cookie)).statusCode,
    ).toBe(200);
    expect((await mine(acme)).unreadCount).toBe(1);
    const listed = (await call(t.app, 'GET', '/api/super-admin/system-updates', root.cookie)).json();
    expect(listed.items.find((item: { id: string }) => item.id === created.id).readCount).toBe(1);
  });

  it('an announcement to one organization or one user reaches only them', async () => {
    const toAcme = await post({
      audience: 'organization',
      organizationId: acme.user.organizationId,
      title: 'Acme only',
    });
    expect(toAcme.statusCode, toAcme.body).toBe(201);
    expect(toAcme.json()).toMatchObject({ audience: 'organization', organizationName: 'Acme Recovery' });
    const toMember = await post({
      audience: 'user',
      userEmail: acmeMember.user.email.toUpperCase(),
      title: 'Just you',
    });
    expect(toMember.statusCode, toMember.body).toBe(201);
    expect(toMember.json()).toMatchObject({
      audience: 'user',
      userId: acmeMember.id,
      userEmail: acmeMember.user.email,
      organizationId: acme.user.organizationId,
    });
    const toOwnerById = await post({ audience: 'user', userId: globex.user.id, title: 'Globex owner' });
    expect(toOwnerById.statusCode).toBe(201);

    expect(titles(await mine(acmeMember))).toEqual([
      'Just you',
      'Acme only',
      'Scheduled maintenance on Sunday',
    ]);
    expect(titles(await mine(acme))).toEqual(['Acme only', 'Scheduled maintenance on Sunday']);
    expect(titles(await mine(globex))).toEqual(['Globex owner', 'Scheduled maintenance on Sunday']);

    // Someone else's announcement cannot be marked: it does not exist for them.
    const foreign = await call(t.app, 'POST', `/api/system-updates/${toMember.json().id}/read`, acme.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Announcement not found' });

    // Read all: everything shown to the member, the user-addressed row's own isRead too.
    const all = await call(t.app, 'POST', '/api/system-updates/read-all', acmeMember.cookie);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().unreadCount).toBe(0);
    expect(all.json().items.every((item: { isRead: boolean }) => item.isRead)).toBe(true);
    const [row] = await t.db.select().from(systemUpdates).where(eq(systemUpdates.id, toMember.json().id));
    expect(row.isRead).toBe(true);
    expect((await mine(acme)).unreadCount).toBe(2);
  });

  it('expired announcements leave the bell but stay in the super-admin list', async () => {
    const res = await post({
      audience: 'everyone',
      title: 'Short-lived',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(res.statusCode).toBe(201);
    expect(titles(await mine(globex))).toContain('Short-lived');
    await t.db
      .update(systemUpdates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(systemUpdates.id, res.json().id));
    expect(titles(await mine(globex))).not.toContain('Short-lived');
    const listed = (
      await call(t.app, 'GET', '/api/super-admin/system-updates?search=short', root.cookie)
    ).json();
    expect(listed).toMatchObject({ total: 1, items: [{ title: 'Short-lived', expired: true }] });
  });

  it('deleting takes it out of every bell, audited', async () => {
    const res = await post({ audience: 'everyone', title: 'Posted by mistake' });
    const id = res.json().id;
    expect(titles(await mine(acme))).toContain('Posted by mistake');
    const deleted = await call(t.app, 'DELETE', `/api/super-admin/system-updates/${id}`, root.cookie);
    expect(deleted.statusCode).toBe(204);
    expect(titles(await mine(acme))).not.toContain('Posted by mistake');
    const again = await call(t.app, 'DELETE', `/api/super-admin/system-updates/${id}`, root.cookie);
    expect(again.statusCode).toBe(404);
    expect(
      (await call(t.app, 'DELETE', '/api/super-admin/system-updates/nope', root.cookie)).statusCode,
    ).toBe(404);
    const audit = await t.db
      .select()
      .from(systemAuditLogs)
      .where(
        and(eq(systemAuditLogs.action, 'platform.announcement_deleted'), eq(systemAuditLogs.resourceId, id)),
      );
    expect(audit).toMatchObject([{ organizationId: null, details: { title: 'Posted by mistake' } }]);
  });
});

describe('bad input', () => {
  it('refuses markup and script with a clear message, posting nothing', async () => {
    const before = (await call(t.app, 'GET', '/api/super-admin/system-updates', root.cookie)).json().total;
    for (const body of [
      { title: '<script>alert(1)</script>' },
      { title: 'Hello', description: 'Click <a href="x">here</a>' },
      { title: 'Hello', description: '<img src=x onerror=alert(1)>' },
      { title: '</p>Broken' },
      { title: 'Comment <!-- hidden -->' },
    ]) {
      const res = await post({ audience: 'everyone', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.values(errorsOf(res))).toEqual(['Announcements are plain text: remove HTML tags']);
    }
    expect((await call(t.app, 'GET', '/api/super-admin/system-updates', root.cookie)).json().total).toBe(
      before,
    );
  });

  it('refuses unsafe or foreign action URLs and other bad fields', async () => {
    for (const actionUrl of [
      'javascript:alert(1)',
      '//evil.example/x',
      '/\\evil.example',
      'data:text/html,x',
      'ftp://x.example',
    ]) {
      const res = await post({ audience: 'everyone', title: 'Link', actionUrl });
      expect(res.statusCode, actionUrl).toBe(400);
      expect(errorsOf(res)).toEqual({
        actionUrl: 'Action URL must start with https://, http:// or / (a page of Locus)',
      });
    }
    expect(
      (await post({ audience: 'everyone', title: 'Link', actionUrl: 'https://status.example.com/x' }))
        .statusCode,
    ).toBe(201);

    const res = await post({
      audience: 'all',
      title: '',
      priority: 'asap',
      iconType: 'skull',
      category: 'gossip',
      expiresAt: 'soon',
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({
      audience: 'Audience must be everyone, one organization or one user',
      title: 'Title is required',
      priority: 'Priority must be low, normal, high or urgent',
      iconType: 'Invalid icon',
      category: 'Invalid category',
      expiresAt: 'Expires at must be a valid date',
    });
    expect(errorsOf(await post({ audience: 'everyone', title: 'x'.repeat(256) }))).toEqual({
      title: 'Title must be at most 255 characters',
    });
    expect(errorsOf(await post({ audience: 'everyone', title: 'Past', expiresAt: '2020-01-01' }))).toEqual({
      expiresAt: 'Expires at must be in the future',
    });
    expect(errorsOf(await post({ audience: 'organization', title: 'Who?' }))).toEqual({
      organizationId: 'Choose an organization',
    });
    expect(errorsOf(await post({ audience: 'user', title: 'Who?' }))).toEqual({
      userEmail: "Enter the user's e-mail",
    });
    expect(
      errorsOf(await post({ audience: 'organization', organizationId: crypto.randomUUID(), title: 'Who?' })),
    ).toEqual({ organizationId: 'Organization not found' });
    expect(
      errorsOf(await post({ audience: 'user', userEmail: 'nobody@example.com', title: 'Who?' })),
    ).toEqual({
      userEmail: 'No user has this e-mail',
    });
  });

  it('answers 403 to members on every super-admin route and 401 when signed out', async () => {
    expect((await post({ audience: 'everyone', title: 'Mine' }, acme.cookie)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/super-admin/system-updates', acme.cookie)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/system-updates')).statusCode).toBe(401);
  });
});

describe('posting with the columns of system_updates only', () => {
  it('infers the audience: a userId is one user, an organizationId one organization, neither everyone', async () => {
    const toOrg = await post({ organizationId: globex.user.organizationId, title: 'Globex only (inferred)' });
    expect(toOrg.statusCode, toOrg.body).toBe(201);
    expect(toOrg.json()).toMatchObject({
      audience: 'organization',
      organizationId: globex.user.organizationId,
    });
    const toUser = await post({ userId: acmeMember.id, title: 'Member only (inferred)' });
    expect(toUser.statusCode, toUser.body).toBe(201);
    expect(toUser.json()).toMatchObject({ audience: 'user', userId: acmeMember.id });
    expect(titles(await mine(globex))).toContain('Globex only (inferred)');
    expect(titles(await mine(acme))).not.toContain('Globex only (inferred)');
    expect(titles(await mine(acmeMember))).toContain('Member only (inferred)');
    expect(titles(await mine(acme))).not.toContain('Member only (inferred)');
    const toAll = await post({ title: 'Everyone (inferred)' });
    expect(toAll.statusCode, toAll.body).toBe(201);
    expect(toAll.json()).toMatchObject({ audience: 'everyone', organizationId: null, userId: null });
    expect(titles(await mine(acme))).toContain('Everyone (inferred)');
  });
});
