import nodemailer from 'nodemailer';
import { expect, it } from 'vitest';
import { startTestSmtpServer } from './smtp-server';
it('works', async () => {
  const s = await startTestSmtpServer({ auth: { user: 'u', pass: 'p' }, failFirst: 1, dropFirst: 1 });
  const t = nodemailer.createTransport(s.url);
  await expect(t.sendMail({ from: 'a@x.test', to: 'b@y.test', subject: 'hi', text: 'x' })).rejects.toThrow();
  await expect(t.sendMail({ from: 'a@x.test', to: 'b@y.test', subject: 'hi', text: 'x' })).rejects.toThrow(
    /451|Try again/,
  );
  await t.sendMail({ from: 'a@x.test', to: 'b@y.test', subject: 'hi', text: 'x', messageId: '<m1@x.test>' });
  await s.waitFor(1);
  expect(s.received[0].parsed.messageId).toBe('<m1@x.test>');
  const bad = nodemailer.createTransport(`smtp://u:wrong@127.0.0.1:${s.port}`);
  await expect(bad.sendMail({ from: 'a@x.test', to: 'b@y.test', subject: 'hi', text: 'x' })).rejects.toThrow(
    /535|Invalid|credentials/,
  );
  await s.close();
});
