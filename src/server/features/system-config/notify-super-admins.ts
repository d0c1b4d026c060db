import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import type { OutboxHandler } from '../../jobs/outbox-handler';
import { enqueueOutbox, outboxKinds } from '../../lib/outbox';
import type { Transaction } from '../../lib/transaction';
import { queuePlatformEmail } from '../email/queue-platform-email';
import { getSystemConfig } from './get-system-config';

export interface SuperAdminNotice {
  subject: string;
  text: string;
}

/**
 * Tells the platform's super admins about an event (a new organization, a service request) by
 * platform e-mail, when system_config.emailNotifications is on. Queued in the caller's
 * transaction, so the notice exists exactly when the event does; the worker finds the recipients
 * when it runs (answers whether a notice was queued).
 */
export async function notifySuperAdmins(tx: Transaction, notice: SuperAdminNotice): Promise<boolean> {
  const { emailNotifications } = await getSystemConfig(tx);
  if (!emailNotifications) return false;
  await enqueueOutbox(tx, {
    kind: outboxKinds.notifySuperAdmins,
    payload: { subject: notice.subject.slice(0, 200), text: notice.text.slice(0, 20_000) },
  });
  return true;
}

/** Users marked super admin plus SUPER_ADMIN_EMAILS, each address once. */
export async function superAdminRecipients(tx: Transaction, configured: readonly string[]) {
  const marked = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isSuperAdmin, true), eq(users.status, 'active')));
  return [
    ...new Set([...configured, ...marked.map(({ email }) => email)].map((e) => e.trim().toLowerCase())),
  ].filter(Boolean);
}

/**
 * `notify.super_admins`: one platform message per recipient, each delivered (and retried) on its
 * own like every platform e-mail. With nobody to tell, the job simply ends.
 */
export const notifySuperAdminsJob: OutboxHandler = async (job, context) => {
  const { subject, text } = job.payload;
  if (typeof subject !== 'string' || typeof text !== 'string') return undefined;
  await context.db.transaction(async (tx) => {
    for (const to of await superAdminRecipients(tx, context.superAdminEmails)) {
      await queuePlatformEmail(tx, context.secrets, {
        to,
        subject,
        text: `${text}\n\n${context.appUrl}/super-admin\n`,
        purpose: 'notification',
      });
    }
  });
  return undefined;
};
