import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDovecot, type TestDovecot } from './dovecot';

describe('test IMAP server (dovecot)', () => {
  let dovecot: TestDovecot;
  beforeAll(async () => {
    dovecot = await startDovecot();
    dovecot.addUser('ann@example.test', 'app-pass');
  });
  afterAll(async () => dovecot?.stop());

  it('delivers through LMTP and serves the message over IMAP, refusing a wrong password', async () => {
    await dovecot.deliver('ann@example.test', {
      from: 'claimant@example.test',
      to: 'ann@example.test',
      subject: 'About the surplus',
      text: 'Hello',
      messageId: '<m1@example.test>',
    });
    const client = new ImapFlow({
      host: dovecot.host,
      port: dovecot.port,
      secure: false,
      auth: { user: 'ann@example.test', pass: 'app-pass' },
      logger: false,
    });
    await client.connect();
    const lock = await client.getMailboxLock('INBOX');
    try {
      const messages = [];
      for await (const message of client.fetch('1:*', { envelope: true, uid: true })) messages.push(message);
      expect(messages.map((m) => m.envelope?.messageId)).toEqual(['<m1@example.test>']);
    } finally {
      lock.release();
    }
    const folders = (await client.list()).map((f) => f.path);
    expect(folders).toEqual(expect.arrayContaining(['INBOX', 'Sent']));
    await client.logout();

    const wrong = new ImapFlow({
      host: dovecot.host,
      port: dovecot.port,
      secure: false,
      auth: { user: 'ann@example.test', pass: 'nope' },
      logger: false,
    });
    await expect(wrong.connect()).rejects.toThrow();
  });
});
