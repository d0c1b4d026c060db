import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailContactMappings, emails, emailThreads, emailTracking } from '../../db/schema/email';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type EmailToStore, normalizeAddress, storeEmail, threadSubject } from './store-email';
import { newMessageId, parseMessageIds } from './message-id';

describe('storeEmail', () => {
  let t: TestApp;
  let owner: SignedIn;
  let other: SignedIn;
  let orgId: string;
  const ids: Record<string, string> = {};

  const post = async (session: SignedIn, url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: { cookie: session.cookie } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const store = (message: EmailToStore, ownAddresses = ['agent@locus-test.com'], org = orgId) =>
    t.db.transaction((tx) => storeEmail(tx, org, message, { ownAddresses }));
  const mappingsOf = (emailId: string) =>
    t.db.select().from(emailContactMappings).where(eq(emailContactMappings.emailId, emailId));

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerOrganizationOwner(t.app);
    other = await registerOrganizationOwner(t.app);
    orgId = owner.user.organizationId;
    ids.lead = await post(owner, '/api/leads', { fullName: 'Mary Claimant', email: 'Mary@Example.com' });
    ids.client = await post(owner, '/api/clients', {
      displayName: 'Hank Heir',
      email: 'hank@heirs.org',
    });
    ids.company = await post(owner, '/api/companies', {
      companyName: 'Shady Title Co',
      website: 'https://www.shadytitle.com/about',
    });
    ids.otherLead = await post(other, '/api/leads', {
      fullName: 'Mary Elsewhere',
      email: 'mary@example.com',
    });
  });
  afterAll(() => t?.close());

  it('threads a conversation, stores each message once and links it to the contacts among its participants', async () => {
    const first = await store({
      accountId: null,
      messageId: '<root-1@locus-test.com>',
      subject: 'Your surplus funds claim',
      fromEmail: 'Agent@locus-test.com',
      toEmails: ['Mary Claimant <mary@example.com>'],
      ccEmails: ['hank@heirs.org'],
      bccEmails: ['closer@shadytitle.com'],
      direction: 'outbound',
      sentAt: new Date('2026-11-01T10:00:00Z'),
      sendStatus: 'queued',
    });
    expect(first.created).toBe(true);
    expect(first.email).toMatchObject({ fromEmail: 'agent@locus-test.com', toEmails: ['mary@example.com'] });
    const mapped = await mappingsOf(first.email.id);
    expect(mapped.map((m) => [m.entityType, m.entityId, m.mappingType, m.confidence]).toSorted()).toEqual(
      [
        ['client', ids.client, 'cc', '1.00'],
        ['company', ids.company, 'bcc', '0.50'],
        ['lead', ids.lead, 'primary', '1.00'],
      ].toSorted(),
    );
    await t.db
      .insert(emailTracking)
      .values({ organizationId: orgId, emailId: first.email.id, trackingPixelId: 'px-1' });

    // The reply arrives in a mailbox: same thread, the original marked replied.
    const reply = await store({
      accountId: null,
      messageId: '<reply-1@example.com>',
      inReplyTo: '<root-1@locus-test.com>',
      references: ['<root-1@locus-test.com>'],
      subject: 'RE: Your surplus funds claim',
      fromEmail: 'mary@example.com',
      toEmails: ['agent@locus-test.com'],
      direction: 'inbound',
      receivedAt: new Date('2026-11-02T09:00:00Z'),
    });
    expect(reply.email.threadId).toBe(first.email.threadId);
    expect(reply.unknownSender).toBe(false);
    const [thread] = await t.db.select().from(emailThreads).where(eq(emailThreads.id, first.email.threadId!));
    expect(thread).toMatchObject({ messageCount: 2, subject: 'Your surplus funds claim', isRead: false });
    expect(thread.lastMessageAt?.toISOString()).toBe('2026-11-02T09:00:00.000Z');
    expect(thread.participantEmails.toSorted()).toEqual(
      ['agent@locus-test.com', 'closer@shadytitle.com', 'hank@heirs.org', 'mary@example.com'].toSorted(),
    );
    const [tracking] = await t.db
      .select()
      .from(emailTracking)
      .where(eq(emailTracking.trackingPixelId, 'px-1'));
    expect(tracking.deliveryStatus).toBe('replied');
    expect(tracking.repliedAt?.toISOString()).toBe('2026-11-02T09:00:00.000Z');

    // Syncing the same message again stores nothing new.
    const again = await store({
      ...reply.email,
      accountId: null,
      messageId: '<reply-1@example.com>',
      fromEmail: 'mary@example.com',
      direction: 'inbound',
      folder: 'INBOX',
      uid: 7,
    } as EmailToStore);
    expect(again.created).toBe(false);
    expect(again.email).toMatchObject({ id: reply.email.id, folder: 'INBOX', uid: 7 });
    const [count] = await t.db
      .select()
      .from(emails)
      .where(and(eq(emails.organizationId, orgId), eq(emails.messageId, '<reply-1@example.com>')));
    expect(count.id).toBe(reply.email.id);
  });

  it('joins a reply that arrives before its parent to the thread named by its root', async () => {
    const late = await store({
      accountId: null,
      messageId: '<c@example.com>',
      references: ['<a@example.com>', '<b@example.com>'],
      inReplyTo: '<b@example.com>',
      subject: 'Re: Re: Documents',
      fromEmail: 'stranger@unknown.test',
      toEmails: ['agent@locus-test.com'],
      direction: 'inbound',
    });
    expect(late.unknownSender).toBe(true);
    const root = await store({
      accountId: null,
      messageId: '<a@example.com>',
      subject: 'Documents',
      fromEmail: 'agent@locus-test.com',
      toEmails: ['stranger@unknown.test'],
      direction: 'outbound',
    });
    expect(root.email.threadId).toBe(late.email.threadId);
    expect(await mappingsOf(late.email.id)).toEqual([]);
  });

  it('never links another organization’s contacts', async () => {
    const message = await store(
      {
        accountId: null,
        messageId: '<x@example.com>',
        fromEmail: 'mary@example.com',
        toEmails: ['someone@other.test'],
        direction: 'inbound',
      },
      [],
      other.user.organizationId,
    );
    const mapped = await mappingsOf(message.email.id);
    expect(mapped.map((m) => m.entityId)).toEqual([ids.otherLead]);
  });

  it('reads addresses, subjects and Message-ID headers', () => {
    expect(normalizeAddress(' "Mary C" <Mary@Example.COM> ')).toBe('mary@example.com');
    expect(threadSubject('RE: Fwd: re[2]: Claim')).toBe('Claim');
    expect(threadSubject('Re:')).toBe('Re:');
    expect(parseMessageIds('<a@x> <b@y>\n <a@x>')).toEqual(['<a@x>', '<b@y>']);
    expect(newMessageId('Ann <ann@Locus-Test.com>'.replace(/.*</, '').replace('>', ''))).toMatch(
      /^<[0-9a-f-]{36}@locus-test\.com>$/,
    );
  });
});
