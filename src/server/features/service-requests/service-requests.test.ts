import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedServiceRequestMessage } from '../../../common/validation/service-requests';
import { outbox, serviceRequests, systemAuditLogs, systemConfig } from '../../db/schema/platform';
import { users } from '../../db/schema/identity';
import { getSystemConfig } from '../system-config/get-system-config';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { drainOutbox } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, signedInMember } from '../users/test-helpers';
import { assigneeNotSuperAdminMessage } from './update-service-request';

let t: TestApp;
let admin: SignedIn;
let manager: SignedIn;
let otherAdmin: SignedIn;
let root: SignedIn;
let marked: SignedIn;

const filing = {
  subject: 'Export stuck',
  description: 'The leads export never finishes for us.',
  category: 'technical',
};

beforeAll(async () => {
  t = await createTestApp({ superAdminEmails: ['root@example.com'] });
  admin = await registerOrganizationOwner(t.app, { organizationName: 'Filing Org' });
  otherAdmin = await registerOrganizationOwner(t.app, { organizationName: 'Other Org' });
  root = await registerOrganizationOwner(t.app, {
    organizationName: 'Locus Platform',
    email: 'root@example.com',
    firstName: 'Rita',
    lastName: 'Root',
  });
  // A second super admin, marked in the database rather than named in SUPER_ADMIN_EMAILS.
  marked = await registerOrganizationOwner(t.app, { organizationName: 'Ops', firstName: 'Mark' });
  await t.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, marked.user.id));
  manager = await signedInMember(t.app, admin, { role: 'manager' });
});
afterAll(() => t.close());

const file = (who: SignedIn, body: Record<string, unknown> = filing) =>
  call(t.app, 'POST', '/api/service-requests', who.cookie, body);
const patch = (id: string, body: Record<string, unknown>, who = root) =>
  call(t.app, 'PATCH', `/api/super-admin/service-requests/${id}`, who.cookie, body);
const platformMailTo = (to: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'email.send_platform'), sql`${outbox.payload}->>'to' = ${to}`));
const setNotifications = async (on: boolean) => {
  await getSystemConfig(t.db);
  await t.db.update(systemConfig).set({ emailNotifications: on });
};

describe('filing (organization admin)', () => {
  it('files a request with priority medium by default (201), audit-logged in the organization', async () => {
    const res = await file(admin);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      subject: 'Export stuck',
      description: 'The leads export never finishes for us.',
      category: 'technical',
      priority: 'medium',
      status: 'open',
      resolution: null,
      resolvedAt: null,
      filedBy: { id: admin.user.id, name: 'Ada Owner' },
    });
    const [row] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, created.id));
    expect(row).toMatchObject({ organizationId: admin.user.organizationId, userId: admin.user.id });
    const [audit] = await t.db
      .select()
      .from(systemAuditLogs)
      .where(
        and(
          eq(systemAuditLogs.action, 'service_request.created'),
          eq(systemAuditLogs.resourceId, created.id),
        ),
      );
    expect(audit).toMatchObject({
      organizationId: admin.user.organizationId,
      userId: admin.user.id,
      details: { subject: 'Export stuck', priority: 'medium', category: 'technical' },
    });
  });

  it('lists and reads only its own organization’s requests (another organization’s id is 404)', async () => {
    const mine = (await file(admin, { ...filing, subject: 'Mine only' })).json();
    const theirs = (await file(otherAdmin, { ...filing, subject: 'Theirs only' })).json();
    const list = await call(t.app, 'GET', '/api/service-requests?search=only', admin.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((r: { subject: string }) => r.subject)).toEqual(['Mine only']);
    expect(list.json()).toMatchObject({ total: 1, nextCursor: null });
    expect((await call(t.app, 'GET', `/api/service-requests/${mine.id}`, admin.cookie)).statusCode).toBe(200);
    const foreign = await call(t.app, 'GET', `/api/service-requests/${theirs.id}`, admin.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Service request not found');
    expect((await call(t.app, 'GET', '/api/service-requests/nope', admin.cookie)).statusCode).toBe(404);
  });

  it('pages with a keyset cursor', async () => {
    const org = await registerOrganizationOwner(t.app);
    for (const n of [1, 2, 3]) await file(org, { ...filing, subject: `Paged ${n}` });
    const first = (await call(t.app, 'GET', '/api/service-requests?limit=2', org.cookie)).json();
    expect(first.items.map((r: { subject: string }) => r.subject)).toEqual(['Paged 3', 'Paged 2']);
    expect(first.total).toBe(3);
    const next = await call(
      t.app,
      'GET',
      `/api/service-requests?limit=2&cursor=${first.nextCursor}`,
      org.cookie,
    );
    expect(next.json().items.map((r: { subject: string }) => r.subject)).toEqual(['Paged 1']);
    expect(next.json().nextCursor).toBeNull();
  });

  it('is refused to a manager (settings:manage is an administrator’s)', async () => {
    const res = await file(manager);
    expect(res.statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/service-requests', manager.cookie)).statusCode).toBe(403);
  });

  it.each([
    ['a short subject', { subject: 'ab' }, 'subject', 'Subject must be at least 3 characters'],
    ['a missing subject', { subject: undefined }, 'subject', 'Subject must be at least 3 characters'],
    ['a long subject', { subject: 'x'.repeat(256) }, 'subject', 'Subject must be at most 255 characters'],
    [
      'a short description',
      { description: 'too short' },
      'description',
      'Description must be at least 10 characters',
    ],
    [
      'a long description',
      { description: 'x'.repeat(10_001) },
      'description',
      'Description must be at most 10,000 characters',
    ],
    ['an unknown category', { category: 'gossip' }, 'category', 'Please select a category'],
    ['no category chosen', { category: '' }, 'category', 'Please select a category'],
    ['an unknown priority', { priority: 'whenever' }, 'priority', 'Please select a priority'],
  ])('refuses %s with a clear message, storing nothing', async (_name, change, path, message) => {
    const before = await t.db.$count(serviceRequests);
    const res = await file(admin, { ...filing, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Validation failed', errors: [{ path, message }] });
    expect(await t.db.$count(serviceRequests)).toBe(before);
  });

  it('files a request without a category as other, and with the default priority', async () => {
    const res = await file(admin, { subject: 'No category given', description: 'Filed through the API.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ category: 'other', priority: 'medium', status: 'open' });
  });
});

const noticeJobs = () => t.db.select().from(outbox).where(eq(outbox.kind, 'notify.super_admins'));

describe('e-mail to super admins on filing', () => {
  it('queues a notice for the super admins when emailNotifications is on, none when off', async () => {
    await setNotifications(false);
    const quietBefore = (await noticeJobs()).length;
    await file(admin, { ...filing, subject: 'Quiet filing' });
    expect(await noticeJobs()).toHaveLength(quietBefore);

    await setNotifications(true);
    try {
      const rootBefore = (await platformMailTo('root@example.com')).length;
      const markedBefore = (await platformMailTo(marked.user.email)).length;
      await file(admin, { ...filing, subject: 'Loud filing', priority: 'urgent' });
      const jobs = await noticeJobs();
      expect(jobs).toHaveLength(quietBefore + 1);
      expect(jobs.at(-1)?.payload).toMatchObject({ subject: 'Service request (Urgent): Loud filing' });
      // The worker e-mails each super admin (listed in SUPER_ADMIN_EMAILS or marked) once.
      await drainOutbox(t);
      const toRoot = await platformMailTo('root@example.com');
      expect(toRoot).toHaveLength(rootBefore + 1);
      expect(toRoot.at(-1)).toMatchObject({ organizationId: null, payload: { purpose: 'notification' } });
      const sealed = JSON.parse(
        t.secrets.open((toRoot[toRoot.length - 1].payload as { sealed: string }).sealed),
      );
      expect(sealed.subject).toBe('Service request (Urgent): Loud filing');
      expect(sealed.text).toContain('Organization: Filing Org');
      expect(sealed.text).toContain('/super-admin/service-requests');
      expect(await platformMailTo(marked.user.email)).toHaveLength(markedBefore + 1);
    } finally {
      await setNotifications(false);
    }
  });
});

describe('super-admin side', () => {
  it('lists every organization’s requests with filters and search; assignees are the super admins', async () => {
    const other = (
      await file(otherAdmin, { ...filing, subject: 'Billing mixup', category: 'billing', priority: 'high' })
    ).json();
    const res = await call(
      t.app,
      'GET',
      '/api/super-admin/service-requests?search=billing%20mixup',
      root.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toMatchObject([
      {
        id: other.id,
        organization: { id: otherAdmin.user.organizationId, name: 'Other Org' },
        filedBy: { id: otherAdmin.user.id, email: otherAdmin.user.email },
        assignee: null,
      },
    ]);
    const byOrg = await call(
      t.app,
      'GET',
      `/api/super-admin/service-requests?organizationId=${otherAdmin.user.organizationId}&priority=high`,
      root.cookie,
    );
    expect(byOrg.json().items.map((r: { id: string }) => r.id)).toEqual([other.id]);
    const byOrgName = await call(
      t.app,
      'GET',
      '/api/super-admin/service-requests?search=Other%20Org',
      root.cookie,
    );
    expect(byOrgName.json().items.map((r: { id: string }) => r.id)).toContain(other.id);
    const bad = await call(t.app, 'GET', '/api/super-admin/service-requests?status=lost', root.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'status', message: 'Invalid status' }]);
    const sorted = await call(t.app, 'GET', '/api/super-admin/service-requests?sort=-priority', root.cookie);
    expect(sorted.json().items[0].priority).toBe('urgent');

    const assignees = (
      await call(t.app, 'GET', '/api/super-admin/service-requests/assignees', root.cookie)
    ).json();
    expect(assignees.items.map((a: { email: string }) => a.email).toSorted()).toEqual(
      ['root@example.com', marked.user.email].toSorted(),
    );
    expect((await call(t.app, 'GET', '/api/super-admin/service-requests', admin.cookie)).statusCode).toBe(
      403,
    );
  });

  it('assigns, moves to in progress, resolves with a resolution: resolvedAt set, the filer e-mailed, each change audited', async () => {
    const created = (await file(admin, { ...filing, subject: 'Resolve me' })).json();
    const mailBefore = (await platformMailTo(admin.user.email)).length;

    const assigned = await patch(created.id, { assignedTo: marked.user.id, status: 'in_progress' });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({
      status: 'in_progress',
      resolvedAt: null,
      assignedTo: marked.user.id,
      assignee: { id: marked.user.id, email: marked.user.email },
    });
    expect(await platformMailTo(admin.user.email)).toHaveLength(mailBefore + 1);

    const resolved = await patch(created.id, {
      status: 'resolved',
      resolution: 'Re-ran the export for you.',
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved', resolution: 'Re-ran the export for you.' });
    expect(resolved.json().resolvedAt).not.toBeNull();
    const mails = await platformMailTo(admin.user.email);
    expect(mails).toHaveLength(mailBefore + 2);
    const sealed = JSON.parse(t.secrets.open((mails[mails.length - 1].payload as { sealed: string }).sealed));
    expect(sealed.subject).toBe('Your service request "Resolve me" is resolved');
    expect(sealed.text).toContain('Re-ran the export for you.');

    // The organization sees the answer.
    const seen = (await call(t.app, 'GET', `/api/service-requests/${created.id}`, admin.cookie)).json();
    expect(seen).toMatchObject({ status: 'resolved', resolution: 'Re-ran the export for you.' });
    expect(seen).not.toHaveProperty('assignee');

    // Closing keeps the first resolution time.
    const closed = await patch(created.id, { status: 'closed' });
    expect(closed.json().resolvedAt).toBe(resolved.json().resolvedAt);

    const audits = await t.db
      .select()
      .from(systemAuditLogs)
      .where(
        and(
          eq(systemAuditLogs.action, 'service_request.updated'),
          eq(systemAuditLogs.resourceId, created.id),
        ),
      );
    expect(audits.map((a) => [a.organizationId, a.userId, a.details])).toEqual([
      [
        admin.user.organizationId,
        root.user.id,
        { subject: 'Resolve me', fields: ['status', 'assignedTo'], status: 'in_progress' },
      ],
      [
        admin.user.organizationId,
        root.user.id,
        { subject: 'Resolve me', fields: ['status', 'resolution'], status: 'resolved' },
      ],
      [
        admin.user.organizationId,
        root.user.id,
        { subject: 'Resolve me', fields: ['status'], status: 'closed' },
      ],
    ]);
  });

  it('reopening a resolved request clears resolvedAt; a closed one cannot be reopened (409, unchanged)', async () => {
    const created = (await file(admin, { ...filing, subject: 'Reopen me' })).json();
    await patch(created.id, { status: 'resolved' });
    const reopened = await patch(created.id, { status: 'in_progress' });
    expect(reopened.json()).toMatchObject({ status: 'in_progress', resolvedAt: null });
    await patch(created.id, { status: 'closed' });
    const refused = await patch(created.id, { status: 'open' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(closedServiceRequestMessage);
    const [row] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, created.id));
    expect(row.status).toBe('closed');
    expect(row.resolvedAt).not.toBeNull();
  });

  it('refuses an assignee who is not a super admin, bad values and an empty change; 404 for unknown ids', async () => {
    const created = (await file(admin, { ...filing, subject: 'Bad triage' })).json();
    const notAdmin = await patch(created.id, { assignedTo: admin.user.id });
    expect(notAdmin.statusCode).toBe(400);
    expect(notAdmin.json().errors).toEqual([{ path: 'assignedTo', message: assigneeNotSuperAdminMessage }]);
    const badStatus = await patch(created.id, { status: 'done' });
    expect(badStatus.json().errors).toEqual([{ path: 'status', message: 'Please select a status' }]);
    const empty = await patch(created.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ path: 'status', message: 'Nothing to change' }]);
    const long = await patch(created.id, { resolution: 'x'.repeat(10_001) });
    expect(long.json().errors).toEqual([
      { path: 'resolution', message: 'Resolution must be at most 10,000 characters' },
    ]);
    expect((await patch('7a1e8f0e-1111-4111-8111-111111111111', { status: 'closed' })).statusCode).toBe(404);
    expect((await patch('nope', { status: 'closed' })).statusCode).toBe(404);
    // Unassigning with null.
    await patch(created.id, { assignedTo: root.user.id });
    const unassigned = await patch(created.id, { assignedTo: null });
    expect(unassigned.json()).toMatchObject({ assignedTo: null, assignee: null });
    const [row] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, created.id));
    expect(row).toMatchObject({ status: 'open', assignedTo: null });
  });
});
