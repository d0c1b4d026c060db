import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, leadActivities } from '../../db/schema/crm';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  type Caller,
  callerOf,
  created,
  fieldErrors,
  memberWith,
  organization,
  walkPages,
} from '../leads/test-kit';

let t: TestApp;
let call: Caller;
let owner: SignedIn;
let other: SignedIn;
let clientId: string;
let dealId: string;
let leadId: string;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
  owner = await organization(t);
  other = await organization(t);
  clientId = (await created(t, '/api/clients', owner.cookie, { displayName: 'Cleo Client' })).id;
  dealId = (
    await created(t, '/api/deals', owner.cookie, {
      dealName: 'Cleo claim',
      stage: 'Research',
      relatedClient: clientId,
    })
  ).id;
  leadId = (await created(t, '/api/leads', owner.cookie, { fullName: 'Lee Lead' })).id;
});
afterAll(() => t.close());

type Activity = Record<string, unknown> & { id: string };
const hour = 3_600_000;
const inHours = (n: number) => new Date(Date.now() + n * hour).toISOString();
/** The UTC calendar date (YYYY-MM-DD) a number of days from today. */
const day = (offset: number) => inHours(offset * 24).slice(0, 10);

async function storedActivity(id: string) {
  const [row] = await t.db.select().from(activities).where(eq(activities.id, id));
  return row;
}

describe('/api/activities', () => {
  it('logs an activity on a client (201) by the caller, completed by default, then reads, patches and deletes it', async () => {
    const res = await call('POST', '/api/activities', owner.cookie, {
      type: 'call',
      subject: ' Intro call ',
      description: 'Talked about the claim',
      attachments: [{ name: 'Notice.pdf', url: 'https://files.example.com/notice.pdf' }],
      clientId,
      organizationId: other.user.organizationId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const activity = res.json();
    expect(Object.keys(activity).toSorted()).toEqual(
      [
        'id',
        'organizationId',
        'clientId',
        'dealId',
        'userId',
        'type',
        'subject',
        'description',
        'emailContent',
        'attachments',
        'status',
        'dueDate',
        'completedAt',
        'overdue',
        'createdAt',
        'updatedAt',
      ].toSorted(),
    );
    expect(activity).toMatchObject({
      organizationId: owner.user.organizationId,
      clientId,
      dealId: null,
      userId: owner.user.id,
      type: 'call',
      subject: 'Intro call',
      status: 'completed',
      overdue: false,
      attachments: [{ name: 'Notice.pdf', url: 'https://files.example.com/notice.pdf' }],
    });
    expect(activity.completedAt).not.toBeNull();
    expect((await call('GET', `/api/activities/${activity.id}`, owner.cookie)).json()).toEqual(activity);

    const patch = await call('PATCH', `/api/activities/${activity.id}`, owner.cookie, {
      subject: 'Follow-up call',
      dealId,
    });
    expect(patch.json()).toMatchObject({ subject: 'Follow-up call', clientId, dealId, status: 'completed' });
    expect(patch.json().completedAt).toBe(activity.completedAt);

    expect((await call('DELETE', `/api/activities/${activity.id}`, owner.cookie)).statusCode).toBe(204);
    const gone = await call('GET', `/api/activities/${activity.id}`, owner.cookie);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Activity not found' });
  });

  it('records completedAt when a pending task is completed, and clears it when reopened', async () => {
    const task = await created<Activity>(t, '/api/activities', owner.cookie, {
      type: 'task',
      subject: 'Send contract',
      dealId,
      status: 'pending',
      dueDate: inHours(-2),
    });
    expect(task).toMatchObject({ status: 'pending', completedAt: null, overdue: true });
    const done = await call('PATCH', `/api/activities/${task.id}`, owner.cookie, { status: 'completed' });
    expect(done.json()).toMatchObject({ status: 'completed', overdue: false });
    expect(Date.now() - Date.parse(done.json().completedAt)).toBeLessThan(60_000);
    const reopened = await call('PATCH', `/api/activities/${task.id}`, owner.cookie, { status: 'pending' });
    expect(reopened.json()).toMatchObject({ status: 'pending', completedAt: null });
  });

  it('reads a due date-time sent without an offset as UTC', async () => {
    const task = await created<Activity>(t, '/api/activities', owner.cookie, {
      type: 'task',
      subject: 'Call the county clerk',
      dealId,
      status: 'pending',
      dueDate: '2031-05-06T14:30:00',
    });
    expect(task.dueDate).toBe('2031-05-06T14:30:00.000Z');
  });

  it('reads a date-only due date as the end of that day (UTC): due today is not overdue, due yesterday is', async () => {
    const today = await created<Activity>(t, '/api/activities', owner.cookie, {
      type: 'task',
      subject: 'Due today',
      clientId,
      status: 'pending',
      dueDate: day(0),
    });
    expect(today).toMatchObject({ dueDate: `${day(0)}T23:59:59.999Z`, overdue: false });
    const yesterday = await created<Activity>(t, '/api/activities', owner.cookie, {
      type: 'task',
      subject: 'Due yesterday',
      clientId,
      status: 'pending',
      dueDate: day(-1),
    });
    expect(yesterday).toMatchObject({ dueDate: `${day(-1)}T23:59:59.999Z`, overdue: true });
    const overdue = await call('GET', `/api/activities?clientId=${clientId}&overdue=true`, owner.cookie);
    const overdueSubjects = overdue.json().items.map((item: Activity) => item.subject);
    expect(overdueSubjects).toContain('Due yesterday');
    expect(overdueSubjects).not.toContain('Due today');

    // An update reads it the same way.
    const moved = await call('PATCH', `/api/activities/${yesterday.id}`, owner.cookie, { dueDate: day(0) });
    expect(moved.json()).toMatchObject({ dueDate: `${day(0)}T23:59:59.999Z`, overdue: false });

    const onLead = await created<Activity>(t, '/api/lead-activities', owner.cookie, {
      type: 'task',
      subject: 'Lead due today',
      leadId,
      status: 'pending',
      dueDate: day(0),
    });
    expect(onLead).toMatchObject({ dueDate: `${day(0)}T23:59:59.999Z`, overdue: false });
    const leadLate = await call('PATCH', `/api/lead-activities/${onLead.id}`, owner.cookie, {
      dueDate: day(-1),
    });
    expect(leadLate.json()).toMatchObject({ dueDate: `${day(-1)}T23:59:59.999Z`, overdue: true });
    expect((await call('DELETE', `/api/lead-activities/${onLead.id}`, owner.cookie)).statusCode).toBe(204);
  });

  it('answers every message of the activity schema', async () => {
    const res = await call('POST', '/api/activities', owner.cookie, {
      type: 'sms',
      subject: '',
      status: 'done',
      dueDate: 'next week',
      clientId: '42',
      dealId: 'x',
      attachments: 'file',
    });
    expect(fieldErrors(res)).toEqual(
      expect.arrayContaining([
        { path: 'type', message: 'Invalid activity type' },
        { path: 'subject', message: 'Subject is required' },
        { path: 'status', message: 'Invalid status' },
        { path: 'dueDate', message: 'Due date must be a valid date' },
        { path: 'clientId', message: 'Invalid client ID' },
        { path: 'dealId', message: 'Invalid deal ID' },
        { path: 'attachments', message: 'Attachments must be a list' },
      ]),
    );
    expect(res.json().errors).toHaveLength(7);
    expect(fieldErrors(await call('POST', '/api/activities', owner.cookie, { type: 'call' }))).toEqual([
      { path: 'subject', message: 'Subject is required' },
      { path: 'clientId', message: 'Either clientId or dealId is required' },
    ]);
    const attachments = await call('POST', '/api/activities', owner.cookie, {
      type: 'email',
      subject: 'Sent docs',
      clientId,
      attachments: [{ name: '', url: 'javascript:alert(1)' }, 'x'],
    });
    expect(fieldErrors(attachments)).toEqual([
      { path: 'attachments.0.name', message: 'Attachment name is required' },
      { path: 'attachments.0.url', message: 'Attachment URL must be a valid URL' },
      { path: 'attachments.1', message: 'Each attachment needs a name and a URL' },
    ]);
    const activity = await created<Activity>(t, '/api/activities', owner.cookie, {
      type: 'note',
      subject: 'N',
      clientId,
    });
    const orphan = await call('PATCH', `/api/activities/${activity.id}`, owner.cookie, { clientId: '' });
    expect(fieldErrors(orphan)).toEqual([
      { path: 'clientId', message: 'Either clientId or dealId is required' },
    ]);
  });

  it('links only a client or deal of the caller’s organization', async () => {
    const theirClient = await created(t, '/api/clients', other.cookie, { displayName: 'Their Client' });
    const theirDeal = await created(t, '/api/deals', other.cookie, {
      dealName: 'Their deal',
      stage: 'Research',
    });
    const onClient = await call('POST', '/api/activities', owner.cookie, {
      type: 'note',
      subject: 'x',
      clientId: theirClient.id,
    });
    expect(onClient.statusCode).toBe(404);
    expect(onClient.json()).toEqual({ message: 'Client not found' });
    const onDeal = await call('POST', '/api/activities', owner.cookie, {
      type: 'note',
      subject: 'x',
      dealId: theirDeal.id,
    });
    expect(onDeal.statusCode).toBe(404);
    expect(onDeal.json()).toEqual({ message: 'Deal not found' });
    const mine = await created<Activity>(t, '/api/activities', owner.cookie, {
      type: 'note',
      subject: 'Mine',
      clientId,
    });
    expect(
      (await call('PATCH', `/api/activities/${mine.id}`, owner.cookie, { dealId: theirDeal.id })).statusCode,
    ).toBe(404);
    expect((await storedActivity(mine.id)).dealId).toBeNull();
  });

  it('lists by client or deal with type, status, dueBefore and overdue filters; pages without gaps', async () => {
    const org = await organization(t);
    const client = (await created(t, '/api/clients', org.cookie, { displayName: 'List Client' })).id;
    const deal = (await created(t, '/api/deals', org.cookie, { dealName: 'List deal', stage: 'Signed' })).id;
    const rows = [
      { type: 'call', subject: 'A', clientId: client },
      { type: 'task', subject: 'B', clientId: client, status: 'pending', dueDate: inHours(-5) },
      { type: 'task', subject: 'C', clientId: client, status: 'pending', dueDate: inHours(24) },
      { type: 'email', subject: 'D', dealId: deal },
      { type: 'task', subject: 'E', dealId: deal, status: 'pending', dueDate: inHours(-1) },
      { type: 'meeting', subject: 'F', clientId: client, dealId: deal, dueDate: inHours(-3) },
      { type: 'note', subject: 'G', clientId: client },
    ];
    const ids: string[] = [];
    for (const row of rows) ids.push((await created<Activity>(t, '/api/activities', org.cookie, row)).id);
    const subjects = async (query: string) => {
      const res = await call('GET', `/api/activities${query}`, org.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as { subject: string }[]).map((a) => a.subject);
    };
    expect(await subjects(`?clientId=${client}`)).toEqual(['G', 'F', 'C', 'B', 'A']);
    expect(await subjects(`?dealId=${deal}&sort=createdAt`)).toEqual(['D', 'E', 'F']);
    expect(await subjects('?type=task&sort=dueDate')).toEqual(['B', 'E', 'C']);
    expect(await subjects('?status=pending&sort=-dueDate')).toEqual(['C', 'E', 'B']);
    expect(await subjects(`?dueBefore=${encodeURIComponent(inHours(0))}&sort=dueDate`)).toEqual([
      'B',
      'F',
      'E',
    ]);
    expect(await subjects('?overdue=true&sort=dueDate')).toEqual(['B', 'E']);
    expect(await subjects(`?overdue=true&clientId=${client}`)).toEqual(['B']);
    for (const sort of ['', '&sort=dueDate', '&sort=-dueDate', '&sort=type']) {
      expect(new Set(await walkPages(t, org.cookie, `/api/activities?x=1${sort}`, 3))).toEqual(new Set(ids));
    }
    expect(fieldErrors(await call('GET', '/api/activities?overdue=yes&type=sms', org.cookie))).toEqual([
      { path: 'type', message: 'Invalid activity type' },
      { path: 'overdue', message: 'Overdue must be true or false' },
    ]);
  });

  it('403 without the permission; 404 and unchanged for another organization’s activity', async () => {
    const reader = await memberWith(t, owner, { activities: { create: false, update: false } });
    expect(
      (await call('POST', '/api/activities', reader.cookie, { type: 'note', subject: 'x', clientId }))
        .statusCode,
    ).toBe(403);
    const noRead = await memberWith(t, owner, { activities: { read: false } });
    expect((await call('GET', `/api/activities?clientId=${clientId}`, noRead.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/lead-activities', noRead.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/tasks/mine', noRead.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/tasks/mine')).statusCode).toBe(401);

    const theirClient = await created(t, '/api/clients', other.cookie, { displayName: 'Their Client' });
    const theirs = await created<Activity>(t, '/api/activities', other.cookie, {
      type: 'note',
      subject: 'Theirs',
      clientId: theirClient.id,
    });
    expect((await call('GET', `/api/activities/${theirs.id}`, owner.cookie)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/activities/${theirs.id}`, owner.cookie, { subject: 'Mine now' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/activities/${theirs.id}`, owner.cookie)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/activities?clientId=${theirClient.id}`, owner.cookie)).json().items,
    ).toEqual([]);
    expect(await storedActivity(theirs.id)).toMatchObject({ subject: 'Theirs' });
  });
});

describe('/api/lead-activities', () => {
  it('logs, lists, completes and deletes activities on a lead', async () => {
    const res = await call('POST', '/api/lead-activities', owner.cookie, {
      type: 'task',
      subject: 'Call back',
      leadId,
      status: 'pending',
      dueDate: '2030-01-01',
    });
    expect(res.statusCode, res.body).toBe(201);
    const activity = res.json();
    expect(activity).toMatchObject({
      leadId,
      userId: owner.user.id,
      status: 'pending',
      completedAt: null,
      overdue: false,
    });
    expect(activity.dueDate).toBe('2030-01-01T23:59:59.999Z');
    const list = await call('GET', `/api/lead-activities?leadId=${leadId}`, owner.cookie);
    expect(list.json()).toMatchObject({ total: 1, nextCursor: null, items: [{ id: activity.id }] });
    // ?search= looks in the subject and the description.
    const note = await call('POST', '/api/lead-activities', owner.cookie, {
      type: 'note',
      subject: 'Clerk letter',
      description: 'The county mailed the 50% notice',
      leadId,
    });
    const search = async (term: string) =>
      (
        await call(
          'GET',
          `/api/lead-activities?leadId=${leadId}&search=${encodeURIComponent(term)}`,
          owner.cookie,
        )
      )
        .json()
        .items.map((item: { id: string }) => item.id);
    expect(await search('call BACK')).toEqual([activity.id]);
    expect(await search('50%')).toEqual([note.json().id]);
    expect(await search('nothing like it')).toEqual([]);
    await call('DELETE', `/api/lead-activities/${note.json().id}`, owner.cookie);
    const done = await call('PATCH', `/api/lead-activities/${activity.id}`, owner.cookie, {
      status: 'completed',
    });
    expect(done.json().completedAt).not.toBeNull();
    expect((await call('GET', `/api/lead-activities/${activity.id}`, owner.cookie)).json()).toEqual(
      done.json(),
    );
    expect((await call('DELETE', `/api/lead-activities/${activity.id}`, owner.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/lead-activities/${activity.id}`, owner.cookie)).statusCode).toBe(404);
  });

  it('validates and keeps to the caller’s leads', async () => {
    expect(
      fieldErrors(await call('POST', '/api/lead-activities', owner.cookie, { type: 'note', subject: ' ' })),
    ).toEqual([
      { path: 'subject', message: 'Subject is required' },
      { path: 'leadId', message: 'Lead ID is required' },
    ]);
    const theirLead = await created(t, '/api/leads', other.cookie, { fullName: 'Their Lead' });
    const res = await call('POST', '/api/lead-activities', owner.cookie, {
      type: 'note',
      subject: 'x',
      leadId: theirLead.id,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Lead not found' });
    const theirs = await created<Activity>(t, '/api/lead-activities', other.cookie, {
      type: 'note',
      subject: 'Theirs',
      leadId: theirLead.id,
    });
    expect(
      (await call('PATCH', `/api/lead-activities/${theirs.id}`, owner.cookie, { subject: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/lead-activities/${theirs.id}`, owner.cookie)).statusCode).toBe(404);
    const [row] = await t.db.select().from(leadActivities).where(eq(leadActivities.id, theirs.id));
    expect(row.subject).toBe('Theirs');
  });
});

describe('GET /api/tasks/mine', () => {
  it('lists the caller’s pending tasks on clients, deals and leads, soonest first, with overdue flags', async () => {
    const org = await organization(t);
    const agent = await memberWith(t, org, {});
    const client = (await created(t, '/api/clients', org.cookie, { displayName: 'Task Client' })).id;
    const deal = (
      await created(t, '/api/deals', org.cookie, {
        dealName: 'Task deal',
        stage: 'Research',
        relatedClient: client,
      })
    ).id;
    const lead = (await created(t, '/api/leads', org.cookie, { fullName: 'Task Lead' })).id;
    const add = (cookie: string, url: string, body: Record<string, unknown>) =>
      created<Activity>(t, url, cookie, { type: 'task', status: 'pending', ...body });

    const late = await add(agent.cookie, '/api/activities', {
      subject: 'Late',
      clientId: client,
      dueDate: inHours(-3),
    });
    const soon = await add(agent.cookie, '/api/lead-activities', {
      subject: 'Soon',
      leadId: lead,
      dueDate: inHours(2),
    });
    const later = await add(agent.cookie, '/api/activities', {
      subject: 'Later',
      clientId: client,
      dealId: deal,
      dueDate: inHours(48),
    });
    const undated = await add(agent.cookie, '/api/lead-activities', { subject: 'Someday', leadId: lead });
    // Not listed: completed, not a task, someone else's.
    await add(agent.cookie, '/api/activities', { subject: 'Done', clientId: client, status: 'completed' });
    await add(agent.cookie, '/api/activities', { subject: 'Call', type: 'call', clientId: client });
    await add(org.cookie, '/api/activities', { subject: 'Owner’s', clientId: client });

    const res = await call('GET', '/api/tasks/mine', agent.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items;
    expect(items.map((i: { id: string }) => i.id)).toEqual([late.id, soon.id, later.id, undated.id]);
    expect(items[0]).toMatchObject({
      source: 'activity',
      subject: 'Late',
      status: 'pending',
      overdue: true,
      related: { kind: 'client', id: client, name: 'Task Client' },
    });
    expect(items[1]).toMatchObject({
      source: 'lead-activity',
      overdue: false,
      related: { kind: 'lead', id: lead, name: 'Task Lead' },
    });
    expect(items[2].related).toEqual({ kind: 'deal', id: deal, name: 'Task deal' });
    expect(items[3]).toMatchObject({ dueDate: null, overdue: false });

    expect((await call('GET', '/api/tasks/mine?limit=1', agent.cookie)).json().items).toHaveLength(1);
    expect(
      (await call('GET', '/api/tasks/mine', org.cookie))
        .json()
        .items.map((i: { subject: string }) => i.subject),
    ).toEqual(['Owner’s']);
    expect((await call('GET', '/api/tasks/mine', other.cookie)).json().items).toEqual([]);
  });
});

const lastContact = async (path: string) =>
  (await call('GET', path, owner.cookie)).json().lastContactDate as string | null;

describe('lastContactDate follows logged contacts', () => {
  it('moves to when a call, e-mail or meeting was completed, on the lead, the client and a deal’s client', async () => {
    const lead = await created(t, '/api/leads', owner.cookie, { fullName: 'Contact Lead' });
    const client = await created(t, '/api/clients', owner.cookie, {
      displayName: 'Contact Client',
      lastContactDate: '2020-01-01T00:00:00Z',
    });
    const deal = await created(t, '/api/deals', owner.cookie, {
      dealName: 'Contact claim',
      stage: 'Research',
      relatedClient: client.id,
    });
    const bare = await created(t, '/api/deals', owner.cookie, { dealName: 'No client', stage: 'Research' });

    // A note, and a call still pending, are no contact.
    await created(t, '/api/lead-activities', owner.cookie, { leadId: lead.id, type: 'note', subject: 'n' });
    const pending = await created(t, '/api/lead-activities', owner.cookie, {
      leadId: lead.id,
      type: 'call',
      subject: 'Call back',
      status: 'pending',
    });
    expect(await lastContact(`/api/leads/${lead.id}`)).toBeNull();
    const done = await call('PATCH', `/api/lead-activities/${pending.id}`, owner.cookie, {
      status: 'completed',
    });
    expect(await lastContact(`/api/leads/${lead.id}`)).toBe(done.json().completedAt);

    const email = await created<Activity>(t, '/api/activities', owner.cookie, {
      clientId: client.id,
      type: 'email',
      subject: 'Sent the agreement',
    });
    expect(await lastContact(`/api/clients/${client.id}`)).toBe(email.completedAt);

    const meeting = await created<Activity>(t, '/api/activities', owner.cookie, {
      dealId: deal.id,
      type: 'meeting',
      subject: 'Signed at the kitchen table',
    });
    expect(await lastContact(`/api/clients/${client.id}`)).toBe(meeting.completedAt);
    // A deal without a client has nothing to update, and logging on it still works.
    await created(t, '/api/activities', owner.cookie, { dealId: bare.id, type: 'call', subject: 'x' });
    // Another organization's records are untouched by the same ids (the activity is 404 first).
    expect(await lastContact(`/api/leads/${leadId}`)).toBeNull();
  });

  it('never moves backwards', async () => {
    const client = await created(t, '/api/clients', owner.cookie, {
      displayName: 'Future Contact',
      lastContactDate: '2999-01-01T00:00:00Z',
    });
    await created(t, '/api/activities', owner.cookie, { clientId: client.id, type: 'call', subject: 'Call' });
    expect(await lastContact(`/api/clients/${client.id}`)).toBe('2999-01-01T00:00:00.000Z');
  });
});
