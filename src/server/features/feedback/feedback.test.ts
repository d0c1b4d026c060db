import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../../db/schema/public-submissions';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let owner: SignedIn;
let root: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ superAdminEmails: ['root@example.com'] });
  owner = await registerOrganizationOwner(t.app, { organizationName: 'Feedback Senders' });
  root = await registerOrganizationOwner(t.app, { organizationName: 'Platform', email: 'root@example.com' });
});
afterAll(() => t.close());

const send = (payload: Record<string, unknown>, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/feedback',
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    payload,
  });
const list = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/feedback', headers: cookie ? { cookie } : {} });

const valid = {
  type: 'general',
  message: '  Love the pipeline view  ',
  page: '/deals',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  timestamp: '2025-05-01T12:00:00.000Z',
};

describe('feedback routes', () => {
  it('declare who may call them', () => {
    expect(t.app.routeTable.filter((r) => r.url === '/api/feedback')).toEqual([
      { method: 'POST', url: '/api/feedback', access: 'authenticated' },
      { method: 'GET', url: '/api/feedback', access: 'superAdmin' },
    ]);
  });
});

describe('POST /api/feedback', () => {
  it('stores the feedback for the caller and answers 201 with its id', async () => {
    const res = await send(valid, owner.cookie);
    expect(res.statusCode).toBe(201);
    const { success, id } = res.json();
    expect(success).toBe(true);
    const [row] = await t.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row).toMatchObject({
      organizationId: owner.user.organizationId,
      userId: owner.user.id,
      type: 'general',
      message: 'Love the pipeline view',
      page: '/deals',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    });
    expect(Math.abs(row.submittedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('takes the organization and user from the session, never from the body', async () => {
    const res = await send(
      { ...valid, organizationId: root.user.organizationId, userId: root.user.id },
      owner.cookie,
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(feedback).where(eq(feedback.id, res.json().id));
    expect(row.organizationId).toBe(owner.user.organizationId);
    expect(row.userId).toBe(owner.user.id);
  });

  it('accepts a message alone: type defaults to general, the user agent comes from the request', async () => {
    const res = await send({ message: 'Short and sweet' }, owner.cookie, { 'user-agent': 'TestAgent/1.0' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(feedback).where(eq(feedback.id, res.json().id));
    expect(row).toMatchObject({
      type: 'general',
      message: 'Short and sweet',
      page: null,
      userAgent: 'TestAgent/1.0',
    });
  });

  it('answers 401 when signed out and stores nothing', async () => {
    const before = await t.db.$count(feedback);
    const res = await send(valid);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized: please sign in' });
    expect(await t.db.$count(feedback)).toBe(before);
  });

  it.each([
    ['an empty message', { ...valid, message: '' }, 'message', 'Message is required'],
    ['a whitespace-only message', { ...valid, message: ' \n\t ' }, 'message', 'Message is required'],
    ['no message', { type: 'general' }, 'message', 'Message is required'],
    ['an unknown type', { ...valid, type: 'bug' }, 'type', 'Invalid feedback type'],
    [
      'a timestamp that is not a date',
      { ...valid, timestamp: 'yesterday' },
      'timestamp',
      'Timestamp must be a valid date',
    ],
  ])('refuses %s with the validation message', async (_name, payload, path, message) => {
    const before = await t.db.$count(feedback);
    const res = await send(payload, owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Validation failed', errors: [{ path, message }] });
    expect(await t.db.$count(feedback)).toBe(before);
  });
});

describe('GET /api/feedback', () => {
  it('answers 401 signed out and 403 to anyone but a super admin', async () => {
    expect((await list()).statusCode).toBe(401);
    const res = await list(owner.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "You don't have permission to access this feature." });
  });

  it('lists the newest feedback first with the organization name and the sender e-mail', async () => {
    const last = await send({ message: 'The newest one', page: '/leads' }, owner.cookie);
    const res = await list(root.cookie);
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(items[0]).toEqual({
      id: last.json().id,
      type: 'general',
      message: 'The newest one',
      page: '/leads',
      userAgent: 'lightMyRequest',
      submittedAt: expect.any(String),
      organizationId: owner.user.organizationId,
      organizationName: 'Feedback Senders',
      userId: owner.user.id,
      userEmail: owner.user.email,
    });
    const times = items.map((i: { submittedAt: string }) => Date.parse(i.submittedAt));
    expect(times).toEqual(times.toSorted((a: number, b: number) => b - a));
  });

  it('shows at most the latest 200', async () => {
    await t.db.insert(feedback).values(
      Array.from({ length: 205 }, (_, i) => ({
        organizationId: owner.user.organizationId,
        userId: owner.user.id,
        message: `Bulk ${i}`,
        submittedAt: new Date(Date.UTC(2020, 0, 1, 0, 0, i)),
      })),
    );
    const { items } = (await list(root.cookie)).json();
    expect(items).toHaveLength(200);
    expect(items.at(-1).message).toBe('Bulk 9');
  });
});
