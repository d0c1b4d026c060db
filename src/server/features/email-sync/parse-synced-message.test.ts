import { describe, expect, it } from 'vitest';
import { parseDeliveryStatus } from './delivery-status';
import { attachmentSkippedReason, parseSyncedMessage, syncAttachmentMaxBytes } from './parse-synced-message';
import { simpleParser } from 'mailparser';
import { describeSyncError } from './describe-sync-error';
import { uidRange } from './run-mailbox-sync';

const context = {
  accountId: '5f0c8f3e-0000-4000-8000-000000000001',
  accountEmail: 'agent@locus-test.com',
  folder: 'INBOX',
  uidValidity: '42',
  isSentFolder: false,
};

const dsn = (attachedType: string) =>
  [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.com>',
    'To: agent@locus-test.com',
    'Subject: Undelivered Mail Returned to Sender',
    'Message-ID: <dsn-1@mx.example.com>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
    '',
    '--B',
    'Content-Type: text/plain',
    '',
    'Your message could not be delivered.',
    '',
    '--B',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.com',
    '',
    'Final-Recipient: rfc822; nobody@example.com',
    'Action: failed',
    'Status: 5.1.1',
    'Diagnostic-Code: smtp; 550 5.1.1 <nobody@example.com>: Recipient address',
    '    rejected: User unknown',
    '',
    '--B',
    `Content-Type: ${attachedType}`,
    '',
    'From: agent@locus-test.com',
    'To: nobody@example.com',
    'Subject: Hello',
    'Message-ID: <orig-42@locus-test.com>',
    '',
    '--B--',
    '',
  ].join('\r\n');

describe('parseDeliveryStatus', () => {
  it.each(['text/rfc822-headers', 'message/rfc822'])(
    'reads the returned message id and the reason from a DSN whose original comes as %s',
    async (type) => {
      const parsed = await simpleParser(Buffer.from(dsn(type)));
      expect(parseDeliveryStatus(parsed)).toEqual({
        originalMessageId: '<orig-42@locus-test.com>',
        reason: '5.1.1 smtp; 550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown',
        failed: true,
      });
    },
  );

  it('is null for ordinary mail and a delay report is not a bounce', async () => {
    const plain = await simpleParser(Buffer.from('From: a@b.c\r\nSubject: hi\r\n\r\nhello\r\n'));
    expect(parseDeliveryStatus(plain)).toBeNull();
    const delayed = await simpleParser(
      Buffer.from(
        dsn('text/rfc822-headers')
          .replace('Action: failed', 'Action: delayed')
          .replace('Status: 5.1.1', 'Status: 4.4.1'),
      ),
    );
    expect(parseDeliveryStatus(delayed)).toMatchObject({
      failed: false,
      originalMessageId: '<orig-42@locus-test.com>',
    });
  });

  it('a synced DSN is automated (never a lead) and carries the delivery status', async () => {
    const synced = await parseSyncedMessage({ uid: 7, source: Buffer.from(dsn('message/rfc822')) }, context);
    expect(synced.automated).toBe(true);
    expect(synced.deliveryStatus?.originalMessageId).toBe('<orig-42@locus-test.com>');
    expect(synced.email).toMatchObject({ messageId: '<dsn-1@mx.example.com>', direction: 'inbound' });
  });
});

describe('parseSyncedMessage', () => {
  it('lists an attachment over 25 MB without keeping it', async () => {
    const big = Buffer.alloc(syncAttachmentMaxBytes + 1024, 65)
      .toString('base64')
      .replace(/.{76}/g, '$&\r\n');
    const source = Buffer.from(
      [
        'From: Mary <mary@example.com>',
        'To: agent@locus-test.com',
        'Subject: Scans',
        'Message-ID: <scans@example.com>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="B"',
        '',
        '--B',
        'Content-Type: text/plain',
        '',
        'All the scans.',
        '--B',
        'Content-Type: application/pdf; name="scans.pdf"',
        'Content-Disposition: attachment; filename="scans.pdf"',
        'Content-Transfer-Encoding: base64',
        '',
        big,
        '--B--',
        '',
      ].join('\r\n'),
    );
    const synced = await parseSyncedMessage({ uid: 1, source }, context);
    expect(synced.attachments).toEqual([
      {
        name: 'scans.pdf',
        contentType: 'application/pdf',
        size: syncAttachmentMaxBytes + 1024,
        skipped: attachmentSkippedReason,
      },
    ]);
    expect(synced.email.bodyText).toContain('All the scans.');
  }, 60_000);

  it('marks mail sent from the mailbox itself outbound and keeps flags as labels', async () => {
    const synced = await parseSyncedMessage(
      {
        uid: 3,
        source: Buffer.from(
          'From: Agent <AGENT@locus-test.com>\r\nTo: mary@example.com\r\nSubject: x\r\n\r\nhi\r\n',
        ),
        flags: new Set(['\\Seen', '\\Flagged']),
        internalDate: new Date('2026-11-02T10:00:00Z'),
      },
      context,
    );
    expect(synced.email).toMatchObject({
      direction: 'outbound',
      isRead: true,
      labels: ['flagged'],
      receivedAt: new Date('2026-11-02T10:00:00Z'),
      messageId: `<3.42.INBOX@${context.accountId}>`,
    });
  });
});

describe('describeSyncError', () => {
  const server = { host: 'imap.example.com', port: 993 };
  it('puts connection and sign-in trouble in words and says what to retry', () => {
    expect(
      describeSyncError(
        Object.assign(new Error('x'), {
          authenticationFailed: true,
          serverResponseCode: 'AUTHENTICATIONFAILED',
        }),
        server,
      ),
    ).toEqual({
      message: 'The server refused the password (AUTHENTICATIONFAILED)',
      retryable: false,
      authFailed: true,
    });
    expect(
      describeSyncError(Object.assign(new Error('x'), { code: 'CONNECT_TIMEOUT' }), server).message,
    ).toBe('Could not reach imap.example.com:993 (connection timed out after 20 s)');
    expect(
      describeSyncError(Object.assign(new Error('x'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }), server),
    ).toMatchObject({
      message: 'The certificate of imap.example.com is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT)',
      retryable: false,
    });
  });
});

describe('uidRange', () => {
  it('packs consecutive UIDs into ranges', () => {
    expect(uidRange([1, 2, 3, 7, 9, 10])).toBe('1:3,7,9:10');
    expect(uidRange([5])).toBe('5');
  });
});

describe('storable messages', () => {
  it('drops NUL characters and over-long ids that PostgreSQL or its indexes would refuse', async () => {
    const longId = `<${'x'.repeat(400)}@example.com>`;
    const synced = await parseSyncedMessage(
      {
        uid: 9,
        source: Buffer.from(
          `From: Nul\u0000 Sender <nul@example.com>\r\nSubject: a\u0000b\r\nMessage-ID: ${longId}\r\nIn-Reply-To: ${longId}\r\n\r\nbody\u0000text\r\n`,
        ),
      },
      context,
    );
    expect(synced.email.subject).toBe('ab');
    expect(synced.email.bodyText).not.toContain('\u0000');
    expect(synced.email.messageId).toBe(`<9.42.INBOX@${context.accountId}>`);
    expect(synced.email.inReplyTo).toBeNull();
  });
});

describe('textOfHtml', () => {
  it('gives an HTML-only message a readable text', async () => {
    const synced = await parseSyncedMessage(
      {
        uid: 4,
        source: Buffer.from(
          'From: a@example.com\r\nSubject: h\r\nMIME-Version: 1.0\r\nContent-Type: text/html\r\n\r\n<html><head><style>p{}</style></head><body><p>Dear Mary,</p><p>Your claim &amp; the county&#39;s answer.<script>alert(1)</script></p></body></html>\r\n',
        ),
      },
      context,
    );
    expect(synced.email.bodyText).toBe("Dear Mary,\nYour claim & the county's answer.");
  });
});
