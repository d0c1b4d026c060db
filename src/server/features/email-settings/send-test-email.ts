import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { ServiceContext } from '../../lib/service-context';
import { organizationServer, transportOptions } from '../email/mail-transport';
import { organizationSender } from '../email/sender';

/** The user waits for the verdict, so a silent server is given up on after this long. */
export const testEmailTimeoutMs = 10_000;

export const noMailServerMessage =
  'No mail server is configured: enter your SMTP server, or ask the platform team to set SMTP_URL';

/**
 * Sends a test message right away (not through the outbox) through the server the organization
 * would use, and answers the verdict in the server's own words.
 */
export async function sendTestEmail(
  ctx: ServiceContext,
  options: { secrets: SecretBox; smtpUrl?: string; smtpFrom?: string; appUrl: string; timeoutMs?: number },
  to: string | null | undefined,
): Promise<{ ok: true; message: string }> {
  const timeoutMs = options.timeoutMs ?? testEmailTimeoutMs;
  const server = await organizationServer(
    { db: ctx.db, secrets: options.secrets, smtpUrl: options.smtpUrl },
    ctx.orgId,
  );
  if (!server) throw new AppError(422, noMailServerMessage);
  let recipient = to ?? undefined;
  if (!recipient) {
    const [user] = await ctx.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, ctx.actor.id))
      .limit(1);
    recipient = user.email;
  }
  // The organization's sender, as its real mail will carry (the platform's when it has none).
  const sender = await organizationSender(
    { db: ctx.db, smtpFrom: options.smtpFrom, appUrl: options.appUrl },
    ctx.orgId,
  );
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(transportOptions(server, timeoutMs));
  const seconds = Math.round(timeoutMs / 1000);
  const timedOut = `The mail server did not answer in ${seconds} second${seconds === 1 ? '' : 's'}`;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      transport.sendMail({
        from: sender.from,
        replyTo: sender.replyTo,
        to: recipient,
        subject: 'Locus test email',
        text: `This is a test email from Locus. Your outgoing mail server (${server.host}:${server.port}) works.`,
      }),
      new Promise((_resolve, reject) => {
        timer = setTimeout(
          () => reject(Object.assign(new Error(timedOut), { code: 'ETIMEDOUT' })),
          timeoutMs,
        );
      }),
    ]);
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = code === 'ETIMEDOUT' ? timedOut : error instanceof Error ? error.message : String(error);
    throw new AppError(422, message);
  } finally {
    clearTimeout(timer);
    transport.close();
  }
  return { ok: true, message: `Test email sent to ${recipient}` };
}
