import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentFileMissingMessage, uploadedFileId } from '../../../common/validation/activities';
import {
  attachmentsTooLargeMessage,
  invalidAddressMessage,
  subjectRequiredMessage,
  tooManyRecipientsMessage,
} from '../../../common/validation/email';
import { activities, leadActivities } from '../../db/schema/crm';
import {
  emailAccounts,
  emails,
  emailSignatures,
  emailTemplates,
  emailThreads,
  emailTracking,
  organizationEmailSettings,
} from '../../db/schema/email';
import { files } from '../../db/schema/files';
import { outbox } from '../../db/schema/platform';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { storeEmail } from '../email/store-email';
import {
  type Caller,
  callerOf,
  created,
  fieldErrors as errorList,
  memberWith,
  organization,
} from '../leads/test-kit';

let t: TestApp;
let call: Caller;
let owner: SignedIn;
let other: SignedIn;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
  owner = await organization(t);
  other = await organization(t);
  ids.lead = (
    await created(t, '/api/leads', owner.cookie, { fullName: 'Mary Claimant', email: 'mary@example.com' })
  ).id;
  ids.client = (
    await created(t, '/api/clients', owner.cookie, { displayName: 'Hank Heir', email: 'hank@heirs.org' })
  ).id;
  ids.company = (
    await created(t, '/api/companies', owner.cookie, {
      companyName: 'Shady Title',
      website: 'https://shadytitle.com',
    })
  ).id;
  ids.deal = (
    await created(t, '/api/deals', owner.cookie, {
      dealName: 'Cook County surplus',
      stage: 'Research',
      relatedClient: ids.client,
    })
  ).id;
  ids.otherLead = (
    await created(t, '/api/leads', other.cookie, { fullName: 'Mary Elsewhere', email: 'mary@example.com' })
  ).id;
});
afterAll(() => t.close());

const orgOf = (who: SignedIn) => who.user.organizationId as string;

async function compose(who: SignedIn, body: Record<string, unknown>) {
  const res = await call('POST', '/api/emails', who.cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function threadsOf(who: SignedIn, entityType: string, entityId: string) {
  const res = await call(
    'GET',
    `/api/email-threads?entityType=${entityType}&entityId=${entityId}`,
    who.cookie,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Array<Record<string, any>>; nextCursor: string | null; total: number };
}

/** A message received from outside, stored as a sync would store it. */
function receive(
  orgId: string,
  message: Partial<Parameters<typeof storeEmail>[2]> & { messageId: string; fromEmail: string },
) {
  return t.db.transaction((tx) =>
    storeEmail(tx, orgId, {
      accountId: null,
      direction: 'inbound',
      toEmails: ['agent@acme.test'],
      receivedAt: new Date(),
      ...message,
    }),
  );
}

const countOf = async (table: typeof outbox | typeof emails | typeof leadActivities, orgId: string) =>
  (await t.db.select({ n: count() }).from(table).where(eq(table.organizationId, orgId)))[0].n;

describe('POST /api/emails (compose)', () => {
  it('stores the message as queued, threads it on the lead, puts it on the timeline and queues its delivery', async () => {
    const message = await compose(owner, {
      to: ['mary@example.com'],
      subject: 'Your surplus funds claim',
      bodyHtml: '<p>Dear Mary,</p><p>We found <b>$12,000</b> for you.</p>',
      entityType: 'lead',
      entityId: ids.lead,
    });
    expect(message).toMatchObject({
      sendStatus: 'queued',
      direction: 'outbound',
      subject: 'Your surplus funds claim',
      toEmails: ['mary@example.com'],
      bodyText: 'Dear Mary,\nWe found $12,000 for you.',
      tracking: null,
    });
    expect(message.messageId).toMatch(/^<[0-9a-f-]+@/);

    const [job] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.organizationId, orgOf(owner)));
    expect(job).toMatchObject({ kind: 'email.send', payload: { emailId: message.id }, status: 'pending' });

    const timeline = await t.db.select().from(leadActivities).where(eq(leadActivities.leadId, ids.lead));
    expect(timeline).toHaveLength(1);
    expect(timeline[0]).toMatchObject({
      type: 'email',
      subject: 'Your surplus funds claim',
      status: 'completed',
      emailContent: 'Dear Mary,\nWe found $12,000 for you.',
    });

    const list = await threadsOf(owner, 'lead', ids.lead);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      id: message.threadId,
      subject: 'Your surplus funds claim',
      messageCount: 1,
      lastMessage: { sendStatus: 'queued', snippet: 'Dear Mary, We found $12,000 for you.' },
    });
    expect(list.items[0].participantEmails).toContain('mary@example.com');

    // Another organization's lead with the same address sees nothing of it.
    expect((await threadsOf(other, 'lead', ids.otherLead)).items).toEqual([]);
  });

  it('a reply carries In-Reply-To and References, says "Re:" and stays in the thread', async () => {
    const original = await receive(orgOf(owner), {
      messageId: '<q-1@heirs.org>',
      references: ['<root-0@heirs.org>'],
      subject: 'Question about my claim',
      fromEmail: 'hank@heirs.org',
      bodyText: 'When will I be paid?',
    });
    const reply = await compose(owner, {
      to: ['hank@heirs.org'],
      bodyHtml: '<p>Next week.</p>',
      replyToEmailId: original.email.id,
      entityType: 'client',
      entityId: ids.client,
    });
    expect(reply).toMatchObject({
      subject: 'Re: Question about my claim',
      inReplyTo: '<q-1@heirs.org>',
      references: ['<root-0@heirs.org>', '<q-1@heirs.org>'],
      threadId: original.email.threadId,
    });
    const res = await call('GET', `/api/email-threads/${original.email.threadId}`, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages.map((m: { id: string }) => m.id)).toEqual([original.email.id, reply.id]);
    // The client's timeline has the reply; the deal (of that client) shows the thread.
    const onClient = await t.db.select().from(activities).where(eq(activities.clientId, ids.client));
    expect(onClient.map((a) => [a.type, a.subject])).toEqual([['email', 'Re: Question about my claim']]);
    expect((await threadsOf(owner, 'deal', ids.deal)).items.map((i) => i.id)).toContain(
      original.email.threadId,
    );
  });

  it('mail composed from a deal stays on the deal, even to an address no record has', async () => {
    const sent = await compose(owner, {
      to: ['county.clerk@cook.example'],
      subject: 'Claim filing for case 2024-123',
      bodyHtml: '<p>Please find the filing attached.</p>',
      entityType: 'deal',
      entityId: ids.deal,
    });
    expect(sent.labels).toEqual([`deal:${ids.deal}`]);
    expect((await threadsOf(owner, 'deal', ids.deal)).items.map((i) => i.id)).toContain(sent.threadId);
    const onDeal = await t.db.select().from(activities).where(eq(activities.dealId, ids.deal));
    expect(onDeal.map((a) => a.subject)).toContain('Claim filing for case 2024-123');
  });

  it('refuses malformed addresses, too many recipients and a missing subject with the spec messages', async () => {
    const before = await countOf(emails, orgOf(owner));
    const bad = await call('POST', '/api/emails', owner.cookie, {
      to: ['mary@example.com', 'not an address'],
      cc: ['a@b'],
      bodyHtml: '<p>x</p>',
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad)).toMatchObject({
      'to.1': invalidAddressMessage,
      'cc.0': invalidAddressMessage,
      subject: subjectRequiredMessage,
    });
    const many = await call('POST', '/api/emails', owner.cookie, {
      to: Array.from({ length: 30 }, (_, i) => `a${i}@example.com`),
      cc: Array.from({ length: 21 }, (_, i) => `c${i}@example.com`),
      subject: 'Hi',
      bodyHtml: '<p>x</p>',
    });
    expect(many.statusCode).toBe(400);
    expect(fieldErrors(many).to).toBe(tooManyRecipientsMessage);
    const empty = await call('POST', '/api/emails', owner.cookie, {
      to: [],
      subject: 'Hi',
      bodyHtml: '<p> </p>',
    });
    expect(fieldErrors(empty)).toMatchObject({
      to: 'Add at least one recipient',
      bodyHtml: 'Email content is required',
    });
    expect(await countOf(emails, orgOf(owner))).toBe(before);
  });

  it('attaches uploaded files, and a missing one or over 25 MB in all leaves nothing behind', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/files?name=claim.pdf&type=application/pdf',
      headers: { cookie: owner.cookie, 'content-type': 'application/octet-stream' },
      payload: Buffer.from('%PDF-1.4 claim'),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const fileId = uploadedFileId(upload.json().url) as string;
    const sent = await compose(owner, {
      to: ['mary@example.com'],
      subject: 'Your claim form',
      bodyHtml: '<p>Attached.</p>',
      attachmentFileIds: [fileId],
      entityType: 'lead',
      entityId: ids.lead,
    });
    expect(sent.attachments).toEqual([
      {
        fileId,
        name: 'claim.pdf',
        contentType: 'application/pdf',
        size: 14,
        url: `/api/files/${fileId}/claim.pdf`,
      },
    ]);

    const counts = async () => [
      await countOf(emails, orgOf(owner)),
      await countOf(outbox, orgOf(owner)),
      await countOf(leadActivities, orgOf(owner)),
      (
        await t.db
          .select()
          .from(emailTemplates)
          .where(eq(emailTemplates.organizationId, orgOf(owner)))
      )[0]?.usageCount,
    ];
    const [template] = await t.db
      .insert(emailTemplates)
      .values({
        organizationId: orgOf(owner),
        name: 'Intro',
        category: 'sales',
        subject: 'Hello',
        bodyHtml: '<p>Hi</p>',
      })
      .returning();
    const before = await counts();

    // Another organization's file is "not found", and the template use is rolled back with the rest.
    const [foreign] = await t.db
      .insert(files)
      .values({ organizationId: orgOf(other), name: 'x.pdf', contentType: 'application/pdf', size: 10 })
      .returning();
    const missing = await call('POST', '/api/emails', owner.cookie, {
      to: ['mary@example.com'],
      subject: 'Hello',
      bodyHtml: '<p>Hi</p>',
      templateId: template.id,
      attachmentFileIds: [fileId, foreign.id],
      entityType: 'lead',
      entityId: ids.lead,
    });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(fieldErrors(missing)).toEqual({ 'attachmentFileIds.1': attachmentFileMissingMessage });
    expect(await counts()).toEqual(before);

    const big = await t.db
      .insert(files)
      .values(
        [1, 2, 3].map((n) => ({
          organizationId: orgOf(owner),
          name: `scan-${n}.pdf`,
          contentType: 'application/pdf',
          size: 9 * 1024 * 1024,
        })),
      )
      .returning();
    const tooLarge = await call('POST', '/api/emails', owner.cookie, {
      to: ['mary@example.com'],
      subject: 'Scans',
      bodyHtml: '<p>Scans</p>',
      templateId: template.id,
      attachmentFileIds: big.map((f) => f.id),
      entityType: 'lead',
      entityId: ids.lead,
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(attachmentsTooLargeMessage);
    expect(await counts()).toEqual(before);

    // Two of them (18 MB) go, and the template and signature count their use.
    const [signature] = await t.db
      .insert(emailSignatures)
      .values({ organizationId: orgOf(owner), name: 'Ada', bodyHtml: '<p>Ada</p>', isDefault: true })
      .returning();
    await compose(owner, {
      to: ['mary@example.com'],
      subject: 'Scans',
      bodyHtml: '<p>Scans</p><p>Ada</p>',
      templateId: template.id,
      signatureId: signature.id,
      attachmentFileIds: big.slice(0, 2).map((f) => f.id),
      entityType: 'lead',
      entityId: ids.lead,
    });
    const [usedTemplate] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.id, template.id));
    const [usedSignature] = await t.db
      .select()
      .from(emailSignatures)
      .where(eq(emailSignatures.id, signature.id));
    expect([usedTemplate.usageCount, usedSignature.usageCount]).toEqual([1, 1]);
  });

  it('sends from the user’s own mailbox only; a colleague’s or foreign mailbox, template or record is 404', async () => {
    const [mine] = await t.db
      .insert(emailAccounts)
      .values({
        organizationId: orgOf(owner),
        userId: owner.user.id,
        provider: 'imap',
        email: 'ada@acme.test',
        displayName: 'Ada Owner',
      })
      .returning();
    const [theirs] = await t.db
      .insert(emailAccounts)
      .values({
        organizationId: orgOf(other),
        userId: other.user.id,
        provider: 'imap',
        email: 'x@other.test',
      })
      .returning();
    const base = { to: ['mary@example.com'], subject: 'From my mailbox', bodyHtml: '<p>Hi</p>' };
    const sent = await compose(owner, { ...base, accountId: mine.id });
    expect(sent).toMatchObject({ accountId: mine.id, fromEmail: 'ada@acme.test', fromName: 'Ada Owner' });
    expect(sent.messageId).toMatch(/@acme\.test>$/);

    const member = await memberWith(t, owner, {
      activities: { create: true, read: true },
      leads: { read: true },
    });
    const colleague = await call('POST', '/api/emails', member.cookie, { ...base, accountId: mine.id });
    expect(colleague.statusCode).toBe(404);
    expect(
      (await call('POST', '/api/emails', owner.cookie, { ...base, accountId: theirs.id })).statusCode,
    ).toBe(404);
    const [foreignTemplate] = await t.db
      .insert(emailTemplates)
      .values({
        organizationId: orgOf(other),
        name: 'Theirs',
        category: 'sales',
        subject: 'S',
        bodyHtml: '<p>x</p>',
      })
      .returning();
    expect(
      (await call('POST', '/api/emails', owner.cookie, { ...base, templateId: foreignTemplate.id }))
        .statusCode,
    ).toBe(404);
    const foreignRecord = await call('POST', '/api/emails', owner.cookie, {
      ...base,
      entityType: 'lead',
      entityId: ids.otherLead,
    });
    expect(foreignRecord.statusCode).toBe(404);
    expect(foreignRecord.json().message).toBe('Lead not found');
  });

  it('adds a tracking row when the organization tracks mail', async () => {
    await t.db
      .insert(organizationEmailSettings)
      .values({ organizationId: orgOf(owner), trackingEnabled: true });
    const sent = await compose(owner, {
      to: ['mary@example.com'],
      subject: 'Tracked',
      bodyHtml: '<p>Hi</p>',
    });
    expect(sent.tracking).toMatchObject({ deliveryStatus: 'sent', openCount: 0 });
    const [row] = await t.db.select().from(emailTracking).where(eq(emailTracking.emailId, sent.id));
    expect(row.trackingPixelId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await t.db
      .delete(organizationEmailSettings)
      .where(eq(organizationEmailSettings.organizationId, orgOf(owner)));
  });

  it('needs activities:create to send and read of the record', async () => {
    const noCreate = await memberWith(t, owner, { activities: { create: false }, leads: { read: true } });
    const denied = await call('POST', '/api/emails', noCreate.cookie, {
      to: ['mary@example.com'],
      subject: 'x',
      bodyHtml: '<p>x</p>',
    });
    expect(denied.statusCode).toBe(403);
    const noLeads = await memberWith(t, owner, { activities: { create: true }, leads: { read: false } });
    const hidden = await call('POST', '/api/emails', noLeads.cookie, {
      to: ['mary@example.com'],
      subject: 'x',
      bodyHtml: '<p>x</p>',
      entityType: 'lead',
      entityId: ids.lead,
    });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('GET /api/email-threads', () => {
  it('shows sanitised bodies: no script, handlers, javascript: links or remote images until asked', async () => {
    const received = await receive(orgOf(owner), {
      messageId: '<evil-1@heirs.org>',
      subject: 'Click me',
      fromEmail: 'hank@heirs.org',
      bodyHtml: `<style>body{background:url(https://t.example/s.gif)}</style>
        <p onclick="steal()" style="color: red; background-image: url(https://t.example/bg.gif)">Hello</p>
        <script>alert(1)</script><iframe src="https://evil.example"></iframe>
        <form action="https://evil.example"><input name="password"></form>
        <a href="javascript:alert(2)">bad link</a> <a href="https://ok.example/x">good link</a>
        <img src="https://t.example/pixel.gif" onerror="alert(3)" alt="logo">
        <img src="data:image/png;base64,iVBORw0KGgo=" alt="inline">
        <object data="x.swf"></object><svg onload="alert(4)"></svg>`,
    });
    const url = `/api/email-threads/${received.email.threadId}`;
    const res = await call('GET', url, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const thread = res.json();
    expect(thread.hasRemoteImages).toBe(true);
    const html: string = thread.messages[0].bodyHtml;
    for (const banned of [
      '<script',
      'alert(',
      'onclick',
      'onerror',
      'onload',
      '<iframe',
      '<form',
      '<input',
      '<object',
      '<style',
      'javascript:',
      'url(',
      '<svg',
    ]) {
      expect(html, banned).not.toContain(banned);
    }
    expect(html).toContain('style="color: red"');
    expect(html).toContain(
      '<a href="https://ok.example/x" target="_blank" rel="noopener noreferrer nofollow">good link</a>',
    );
    expect(html).toContain('<img alt="logo" data-src="https://t.example/pixel.gif" />');
    expect(html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(html).not.toMatch(/ src="https:/);

    // The frame's own document: the same sanitised body under a CSP that runs nothing and fetches only images.
    const body = await call('GET', `/api/emails/${received.email.id}/body`, owner.cookie);
    expect(body.statusCode).toBe(200);
    expect(body.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(body.headers['content-security-policy']).toContain("default-src 'none'");
    expect(body.headers['content-security-policy']).toContain('sandbox allow-popups');
    expect(body.body).toContain('data-src="https://t.example/pixel.gif"');
    expect(body.body).not.toContain('<script');
    expect((await call('GET', `/api/emails/${received.email.id}/body`, other.cookie)).statusCode).toBe(404);

    const shown = (await call('GET', `${url}?images=1`, owner.cookie)).json();
    expect(shown.messages[0].bodyHtml).toContain('<img alt="logo" src="https://t.example/pixel.gif" />');
    expect(shown.messages[0].bodyHtml).not.toContain('onerror');
  });

  it('answers 404 for another organization’s thread or record, and for a record the user may not read', async () => {
    const mine = await threadsOf(owner, 'lead', ids.lead);
    const threadId = mine.items[0].id;
    expect((await call('GET', `/api/email-threads/${threadId}`, other.cookie)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/email-threads/${threadId}`, other.cookie, { isRead: false })).statusCode,
    ).toBe(404);
    const foreign = await call(
      'GET',
      `/api/email-threads?entityType=lead&entityId=${ids.otherLead}`,
      owner.cookie,
    );
    expect(foreign.statusCode).toBe(404);

    // Reads clients but not leads: the lead's list is 404; a thread only on the lead is 404 too.
    const clientsOnly = await memberWith(t, owner, { leads: { read: false }, clients: { read: true } });
    const lead = await call(
      'GET',
      `/api/email-threads?entityType=lead&entityId=${ids.lead}`,
      clientsOnly.cookie,
    );
    expect(lead.statusCode).toBe(404);
    const leadOnly = mine.items.find((i) => i.participantEmails.every((p: string) => p !== 'hank@heirs.org'));
    expect((await call('GET', `/api/email-threads/${leadOnly?.id}`, clientsOnly.cookie)).statusCode).toBe(
      404,
    );
    const clientThreads = await threadsOf(clientsOnly, 'client', ids.client);
    expect(clientThreads.total).toBeGreaterThan(0);
    expect(
      (await call('GET', `/api/email-threads/${clientThreads.items[0].id}`, clientsOnly.cookie)).statusCode,
    ).toBe(200);

    const bad = await call('GET', '/api/email-threads?entityType=invoice&entityId=x', owner.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it('lists newest first, pages by cursor and marks a thread read', async () => {
    for (const n of [1, 2, 3]) {
      await receive(orgOf(owner), {
        messageId: `<page-${n}@example.com>`,
        subject: `Page ${n}`,
        fromEmail: 'mary@example.com',
        receivedAt: new Date(Date.UTC(2030, 0, n)),
        bodyText: `Body ${n}`,
      });
    }
    const first = (
      await call('GET', `/api/email-threads?entityType=lead&entityId=${ids.lead}&limit=2`, owner.cookie)
    ).json();
    expect(first.items.map((i: { subject: string }) => i.subject)).toEqual(['Page 3', 'Page 2']);
    expect(first.items[0]).toMatchObject({
      isRead: false,
      lastMessage: { fromEmail: 'mary@example.com', snippet: 'Body 3' },
    });
    const second = (
      await call(
        'GET',
        `/api/email-threads?entityType=lead&entityId=${ids.lead}&limit=2&cursor=${first.nextCursor}`,
        owner.cookie,
      )
    ).json();
    expect(second.items[0].subject).toBe('Page 1');

    const patched = await call('PATCH', `/api/email-threads/${first.items[0].id}`, owner.cookie, {
      isRead: true,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const [thread] = await t.db.select().from(emailThreads).where(eq(emailThreads.id, first.items[0].id));
    expect(thread.isRead).toBe(true);
    const unread = await t.db
      .select()
      .from(emails)
      .where(and(eq(emails.threadId, thread.id), eq(emails.isRead, false)));
    expect(unread).toEqual([]);
  });
});

describe('GET /api/email-addresses', () => {
  it('suggests the leads, clients and users the user may read, by name or address', async () => {
    const res = await call('GET', '/api/email-addresses?search=mar', owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([
      { name: 'Mary Claimant', email: 'mary@example.com', entityType: 'lead', entityId: ids.lead },
    ]);
    const byWord = (await call('GET', '/api/email-addresses?search=heir', owner.cookie)).json().items;
    expect(byWord.map((s: { email: string }) => s.email)).toEqual(['hank@heirs.org']);
    const noLeads = await memberWith(t, owner, { leads: { read: false }, activities: { create: true } });
    expect((await call('GET', '/api/email-addresses?search=mar', noLeads.cookie)).json().items).toEqual([]);
    // Another organization sees its own Mary only.
    const theirs = (await call('GET', '/api/email-addresses?search=mar', other.cookie)).json().items;
    expect(theirs.map((s: { entityId: string }) => s.entityId)).toEqual([ids.otherLead]);
  });
});

/** The 400's field errors by path (the first message of each). */
function fieldErrors(res: { statusCode: number; json(): unknown }): Record<string, string> {
  const byPath: Record<string, string> = {};
  for (const error of errorList(res)) byPath[error.path] ??= error.message;
  return byPath;
}
