import { memoized, type OutboxHandler, PermanentJobError } from '../../jobs/outbox-handler';
import { createMailTransports, organizationServer, smtpErrorMessage } from './mail-transport';
import type { PlatformEmail } from './queue-platform-email';
import {
  mailServerWaitMs,
  messageIdHost,
  organizationSender,
  platformSender,
  waitingForMailServer,
} from './sender';

/**
 * Delivers a platform message (`email.send_platform`, payload `{ sealed }`): through the
 * organization's server when it names one that has it, else the platform's (SMTP_URL), else it
 * waits. Its Message-ID comes from the job's id, so every try sends the same message.
 */
export const sendPlatformEmailJob: OutboxHandler = async (job, context) => {
  const sealed = job.payload.sealed;
  if (typeof sealed !== 'string') throw new PermanentJobError('The job carries no message');
  let email: PlatformEmail;
  try {
    email = JSON.parse(context.secrets.open(sealed)) as PlatformEmail;
  } catch {
    // Sealed under another key (SECRET_KEY changed): no try can ever open it.
    throw new PermanentJobError("The queued message cannot be opened with this server's secret key");
  }
  const server = await memoized(context, `server:${job.organizationId ?? ''}`, () =>
    organizationServer(context, job.organizationId),
  );
  if (!server) return { waitUntil: new Date(Date.now() + mailServerWaitMs), reason: waitingForMailServer };
  const sender =
    server.source === 'organization'
      ? await memoized(context, `sender:${job.organizationId}`, () =>
          organizationSender(context, job.organizationId),
        )
      : { from: platformSender(context), replyTo: undefined };

  const transports = context.mail ?? createMailTransports(context.smtpTimeoutMs);
  try {
    await (await transports.get(server)).sendMail({
      messageId: `<${job.id}@${messageIdHost(context.appUrl)}>`,
      from: sender.from,
      replyTo: sender.replyTo,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      attachments: email.attachments?.map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        content: file.content,
        encoding: 'base64',
      })),
    });
  } catch (error) {
    throw new Error(smtpErrorMessage(error), { cause: error });
  } finally {
    if (!context.mail) transports.close();
  }
  return undefined;
};
