import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemAuditLogs } from '../../db/schema/platform';
import { registerOrganizationOwner, type SignedIn, uniqueEmail } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call } from '../users/test-helpers';

let t: TestApp;
let root: SignedIn;
let member: SignedIn;
let lastOctet = 0;

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, remoteAddress: `198.51.100.${++lastOctet}`, payload });

// A 1x1 transparent PNG.
const png =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

beforeAll(async () => {
  t = await createTestApp({ superAdminEmails: ['root@example.com'] });
  root = await registerOrganizationOwner(t.app, { organizationName: 'Platform', email: 'root@example.com' });
  member = await registerOrganizationOwner(t.app, { organizationName: 'Feedback Org' });
  for (const name of ['Alma Early', 'Bert Early', 'Cleo Early']) {
    await post('/api/early-access', {
      email: uniqueEmail('early'),
      name,
      company: 'Acme',
      persona: 'Wholesaler',
    });
  }
  for (const company of ['Demo One', 'Demo Two']) {
    await post('/api/demo-request', {
      email: uniqueEmail('demo'),
      name: 'Dana Demo',
      company,
      persona: 'Investor',
      message: `=cmd|' /C calc'!A0 for ${company}`,
    });
  }
  await post('/api/support-submission', {
    firstName: 'Sue',
    lastName: 'Shot',
    email: uniqueEmail('support'),
    type: 'bug',
    description: 'The board freezes when I drag.',
    imageUrl: png,
  });
  await post('/api/support-submission', {
    firstName: 'Lin',
    lastName: 'Link',
    email: uniqueEmail('support'),
    type: 'enhancement',
    description: 'Please add a dark theme to the app.',
  });
  await call(t.app, 'POST', '/api/feedback', member.cookie, {
    message: 'Lovely pipeline board',
    page: '/deals',
  });
});
afterAll(() => t.close());

const get = (url: string, who = root) => call(t.app, 'GET', url, who.cookie);

describe('paged lists', () => {
  it('early access: newest first, keyset pages, search', async () => {
    const first = (await get('/api/super-admin/early-access-signups?limit=2')).json();
    expect(first.total).toBe(3);
    expect(first.items.map((r: { name: string }) => r.name)).toEqual(['Cleo Early', 'Bert Early']);
    const next = (
      await get(`/api/super-admin/early-access-signups?limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(next.items.map((r: { name: string }) => r.name)).toEqual(['Alma Early']);
    expect(next.nextCursor).toBeNull();
    const found = (await get('/api/super-admin/early-access-signups?search=bert')).json();
    expect(found).toMatchObject({ total: 1, items: [{ name: 'Bert Early', company: 'Acme' }] });
    const byName = (await get('/api/super-admin/early-access-signups?sort=name')).json();
    expect(byName.items.map((r: { name: string }) => r.name)).toEqual([
      'Alma Early',
      'Bert Early',
      'Cleo Early',
    ]);
    const badSort = await get('/api/super-admin/early-access-signups?sort=password');
    expect(badSort.statusCode).toBe(400);
  });

  it('support submissions: screenshots are flagged, not inlined, and served by the image route', async () => {
    const list = (await get('/api/super-admin/support-submissions?type=bug')).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ firstName: 'Sue', hasImage: true, imageUrl: null });
    const image = await get(`/api/support-submissions/${list.items[0].id}/image`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const search = (await get('/api/super-admin/support-submissions?search=dark%20theme')).json();
    expect(search.items).toMatchObject([{ firstName: 'Lin', hasImage: false }]);
  });

  it('feedback: with the organization and sender, searchable by organization name', async () => {
    const list = (await get('/api/super-admin/feedback?search=feedback%20org')).json();
    expect(list.items).toMatchObject([
      {
        message: 'Lovely pipeline board',
        page: '/deals',
        organizationName: 'Feedback Org',
        userEmail: member.user.email,
      },
    ]);
  });

  it('every list and export is refused (403) to a member', async () => {
    for (const kind of ['early-access-signups', 'demo-requests', 'support-submissions', 'feedback']) {
      expect((await get(`/api/super-admin/${kind}`, member)).statusCode).toBe(403);
      expect((await get(`/api/super-admin/${kind}/export`, member)).statusCode).toBe(403);
    }
  });
});

describe('demo requests', () => {
  it('moves through the statuses with notes (audit-logged at platform level) and filters by status', async () => {
    const [demo] = (await get('/api/super-admin/demo-requests?search=Demo%20One')).json().items;
    expect(demo).toMatchObject({ status: 'pending', notes: null });
    const res = await call(t.app, 'PATCH', `/api/super-admin/demo-requests/${demo.id}`, root.cookie, {
      status: 'contacted',
      notes: 'Called, wants Tuesday',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'contacted', notes: 'Called, wants Tuesday' });
    const scheduled = await call(t.app, 'PATCH', `/api/super-admin/demo-requests/${demo.id}`, root.cookie, {
      status: 'scheduled',
    });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', notes: 'Called, wants Tuesday' });
    const filtered = (await get('/api/super-admin/demo-requests?status=scheduled')).json();
    expect(filtered.items.map((r: { id: string }) => r.id)).toEqual([demo.id]);
    const audits = await t.db
      .select()
      .from(systemAuditLogs)
      .where(
        and(
          eq(systemAuditLogs.action, 'platform.demo_request_updated'),
          eq(systemAuditLogs.resourceId, demo.id),
        ),
      );
    expect(audits.map((a) => [a.organizationId, a.userId, a.details])).toEqual([
      [null, root.user.id, { email: demo.email, fields: ['status', 'notes'], status: 'contacted' }],
      [null, root.user.id, { email: demo.email, fields: ['status'], status: 'scheduled' }],
    ]);
  });

  it('refuses an unknown status, too-long notes and an empty change; 404 for an unknown id', async () => {
    const [demo] = (await get('/api/super-admin/demo-requests?search=Demo%20Two')).json().items;
    const patch = (body: Record<string, unknown>, id = demo.id) =>
      call(t.app, 'PATCH', `/api/super-admin/demo-requests/${id}`, root.cookie, body);
    expect((await patch({ status: 'won' })).json().errors).toEqual([
      { path: 'status', message: 'Please select a status' },
    ]);
    expect((await patch({ notes: 'x'.repeat(10_001) })).json().errors).toEqual([
      { path: 'notes', message: 'Notes must be at most 10,000 characters' },
    ]);
    expect((await patch({})).statusCode).toBe(400);
    expect((await patch({ status: 'closed' }, '7a1e8f0e-1111-4111-8111-111111111111')).statusCode).toBe(404);
    expect((await patch({ status: 'closed' }, 'nope')).statusCode).toBe(404);
  });
});

describe('CSV export', () => {
  it('exports the filtered rows, formula-guarded, and records the export at platform level', async () => {
    const res = await get('/api/super-admin/demo-requests/export?search=Demo%20Two');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="demo-requests-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Requested,Name,E-mail,Company,Role,Phone,Preferred time,Message,Status,Notes');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("'=cmd|' /C calc'!A0 for Demo Two");
    const [audit] = await t.db
      .select()
      .from(systemAuditLogs)
      .where(eq(systemAuditLogs.action, 'platform.submissions_exported'));
    expect(audit).toMatchObject({
      organizationId: null,
      userId: root.user.id,
      riskLevel: 'medium',
      details: { kind: 'demo-requests', rows: 1 },
    });
  });

  it('exports every kind with its header', async () => {
    const heads: Record<string, string> = {
      'early-access-signups': 'Signed up,Name,E-mail,Company,Role',
      'support-submissions': 'Sent,First name,Last name,E-mail,Type,Description,Image',
      feedback: 'Sent,Organization,Sender,Type,Page,Message,Browser',
    };
    for (const [kind, head] of Object.entries(heads)) {
      const res = await get(`/api/super-admin/${kind}/export`);
      expect(res.statusCode).toBe(200);
      expect(res.body.split('\r\n')[0]).toBe(head);
    }
    const support = (await get('/api/super-admin/support-submissions/export')).body;
    expect(support).toContain('uploaded image');
    expect(support).not.toContain('data:image');
  });
});
