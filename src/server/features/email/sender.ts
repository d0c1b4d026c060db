import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { organizations } from '../../db/schema/identity';

/** Shown on a message (and its outbox job) while no server can send it. */
export const waitingForMailServer = 'Waiting for a mail server';

/** How long a message without a server waits before looking again (configuring one releases it at once). */
export const mailServerWaitMs = 60_000;

export interface Sender {
  from: { name: string; address: string } | string;
  replyTo?: string;
}

/** The platform's own sender: SMTP_FROM, else no-reply@ the host users reach the app at. */
export function platformSender(context: { smtpFrom?: string; appUrl: string }): string {
  if (context.smtpFrom) return context.smtpFrom;
  let host = 'localhost';
  try {
    host = new URL(context.appUrl).hostname || host;
  } catch {
    // appUrl comes from config; a malformed one still sends, from no-reply@localhost.
  }
  return `no-reply@${host}`;
}

/** The organization's sender (Settings › Email Configuration), else the platform's. */
export async function organizationSender(
  context: { db: Database; smtpFrom?: string; appUrl: string },
  organizationId: string | null | undefined,
): Promise<Sender> {
  if (organizationId) {
    const [org] = await context.db
      .select({
        name: organizations.name,
        fromName: organizations.emailFromName,
        fromAddress: organizations.emailFromAddress,
        replyTo: organizations.emailReplyTo,
      })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .limit(1);
    if (org) {
      const address = org.fromAddress || platformSender(context);
      return {
        from: { name: org.fromName || org.name, address },
        replyTo: org.replyTo || undefined,
      };
    }
  }
  return { from: platformSender(context) };
}

/** The host part of Message-IDs the platform makes. */
export function messageIdHost(appUrl: string) {
  try {
    return new URL(appUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}
