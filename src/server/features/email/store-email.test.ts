import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailContactMappings, emails, emailThreads, emailTracking } from '../../db/schema/email';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type EmailToStore, normalizeAddress, storeEmail, storeEmails, threadSubject } from './store-email';
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
  const storeChunk = (messages: EmailToStore[], ownAddresses = ['agent@locus-test.com']) =>
    t.db.transaction((tx) => storeEmails(tx, orgId, messages, { ownAddresses }));
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

  describe('a chunk at once (storeEmails)', () => {
    it('threads a reply with its root stored in the same chunk, and counts the thread once per message', async () => {
      const [root, reply, unrelated] = await storeChunk([
        {
          accountId: null,
          messageId: '<chunk-root@locus-test.com>',
          // Its thread is named after an ancestor never seen: the reply can only find it through this message.
          references: ['<chunk-ancestor@locus-test.com>'],
          subject: 'Chunk claim',
          fromEmail: 'agent@locus-test.com',
          toEmails: ['mary@example.com'],
          direction: 'outbound',
          sentAt: new Date('2026-11-03T10:00:00Z'),
        },
        {
          accountId: null,
          // In-Reply-To only (no References): found through the root stored just before it.
          messageId: '<chunk-reply@example.com>',
          inReplyTo: '<chunk-root@locus-test.com>',
          subject: 'Re: Chunk claim',
          fromEmail: 'mary@example.com',
          toEmails: ['agent@locus-test.com'],
          direction: 'inbound',
          receivedAt: new Date('2026-11-04T10:00:00Z'),
        },
        {
          accountId: null,
          messageId: '<chunk-other@example.com>',
          subject: 'Something else',
          fromEmail: 'nobody@nowhere.test',
          toEmails: ['agent@locus-test.com'],
          direction: 'inbound',
        },
      ]);
      expect([root.created, reply.created, unrelated.created]).toEqual([true, true, true]);
      expect(reply.email.threadId).toBe(root.email.threadId);
      expect(unrelated.email.threadId).not.toBe(root.email.threadId);
      expect([root.unknownSender, reply.unknownSender, unrelated.unknownSender]).toEqual([
        false,
        false,
        true,
      ]);
      const [thread] = await t.db
        .select()
        .from(emailThreads)
        .where(eq(emailThreads.id, root.email.threadId!));
      expect(thread).toMatchObject({
        messageCount: 2,
        subject: 'Chunk claim',
        threadId: '<chunk-ancestor@locus-test.com>',
        isRead: false,
      });
      expect(thread.lastMessageAt?.toISOString()).toBe('2026-11-04T10:00:00.000Z');
      expect(thread.participantEmails.toSorted()).toEqual(['agent@locus-test.com', 'mary@example.com']);
    });

    it('stores a Message-ID given twice in a chunk once, filling its place from the second copy', async () => {
      const copy: EmailToStore = {
        accountId: null,
        messageId: '<chunk-twice@example.com>',
        subject: 'Twice',
        fromEmail: 'mary@example.com',
        toEmails: ['agent@locus-test.com'],
        direction: 'inbound',
      };
      const [first, second] = await storeChunk([copy, { ...copy, folder: 'INBOX', uid: 42 }]);
      expect(first.created).toBe(true);
      expect(second.created).toBe(false);
      expect(second.email.id).toBe(first.email.id);
      const rows = await t.db
        .select()
        .from(emails)
        .where(and(eq(emails.organizationId, orgId), eq(emails.messageId, '<chunk-twice@example.com>')));
      expect(rows.map((r) => [r.id, r.folder, r.uid])).toEqual([[first.email.id, 'INBOX', 42]]);
      const [thread] = await t.db
        .select()
        .from(emailThreads)
        .where(eq(emailThreads.id, first.email.threadId!));
      expect(thread.messageCount).toBe(1);
      expect(await mappingsOf(first.email.id)).toHaveLength(1);

      // Stored already: a chunk answers the stored row and fills in a missing place.
      const [again] = await storeChunk([
        { ...copy, messageId: '<chunk-other@example.com>', folder: 'Archive', uid: 3 },
      ]);
      expect(again.created).toBe(false);
      expect(again.email).toMatchObject({
        messageId: '<chunk-other@example.com>',
        folder: 'Archive',
        uid: 3,
      });
    });

    it('maps many messages to their contacts at once and marks tracked originals replied', async () => {
      const original = await store({
        accountId: null,
        messageId: '<chunk-tracked@locus-test.com>',
        subject: 'Tracked',
        fromEmail: 'agent@locus-test.com',
        toEmails: ['hank@heirs.org'],
        direction: 'outbound',
      });
      await t.db
        .insert(emailTracking)
        .values({ organizationId: orgId, emailId: original.email.id, trackingPixelId: 'px-chunk' });
      const chunk: EmailToStore[] = Array.from({ length: 30 }, (_, i) => ({
        accountId: null,
        messageId: `<chunk-many-${i}@example.com>`,
        fromEmail: ['Mary@Example.com', 'hank@heirs.org', 'closer@shadytitle.com'][i % 3],
        toEmails: ['agent@locus-test.com'],
        ccEmails: i % 2 === 0 ? ['hank@heirs.org'] : [],
        inReplyTo: i === 4 ? '<chunk-tracked@locus-test.com>' : null,
        direction: 'inbound' as const,
        receivedAt: new Date(Date.UTC(2026, 10, 5, 0, i)),
      }));
      const results = await storeChunk(chunk);
      expect(results.every((r) => r.created && !r.unknownSender)).toBe(true);
      const mapped = await t.db
        .select()
        .from(emailContactMappings)
        .where(
          inArray(
            emailContactMappings.emailId,
            results.map((r) => r.email.id),
          ),
        );
      const expected = results.flatMap((r, i) => {
        const from = [
          ['lead', ids.lead, 'primary', '1.00'],
          ['client', ids.client, 'primary', '1.00'],
          ['company', ids.company, 'primary', '0.50'],
        ][i % 3];
        const cc = i % 2 === 0 && i % 3 !== 1 ? [['client', ids.client, 'cc', '1.00']] : [];
        return [from, ...cc].map((m) => [r.email.id, ...m].join(' '));
      });
      expect(
        mapped
          .map((m) => [m.emailId, m.entityType, m.entityId, m.mappingType, m.confidence].join(' '))
          .toSorted(),
      ).toEqual(expected.toSorted());
      const [tracking] = await t.db
        .select()
        .from(emailTracking)
        .where(eq(emailTracking.trackingPixelId, 'px-chunk'));
      expect(tracking.deliveryStatus).toBe('replied');
      expect(tracking.repliedAt?.toISOString()).toBe('2026-11-05T00:04:00.000Z');
    });
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
