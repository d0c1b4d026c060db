import { eq } from 'drizzle-orm';
import { demoRequests, earlyAccessSignups, supportSubmissions } from '../../db/schema/public-submissions';
import type { OutboxContext, OutboxHandler } from '../../jobs/outbox-handler';
import { queuePlatformEmail } from '../email/queue-platform-email';

interface Notice {
  subject: string;
  lines: string[];
}

/**
 * Tells the platform team (SUPER_ADMIN_EMAILS) about a public submission by platform mail. The
 * notice is queued as its own platform message per address, so its delivery is retried and
 * idempotent like every other; with no team address configured there is no one to tell.
 */
function notifyTeam(
  read: (context: OutboxContext, id: string) => Promise<Notice | undefined>,
): OutboxHandler {
  return async (job, context) => {
    if (context.superAdminEmails.length === 0) return undefined;
    const id = job.payload.submissionId;
    if (typeof id !== 'string') return undefined;
    const notice = await read(context, id);
    // Removed since (a super admin deleted it): nothing to tell.
    if (!notice) return undefined;
    await context.db.transaction(async (tx) => {
      for (const to of context.superAdminEmails) {
        await queuePlatformEmail(tx, context.secrets, {
          to,
          subject: notice.subject,
          text: `${notice.lines.join('\n')}\n\n${context.appUrl}/super-admin\n`,
          purpose: 'notification',
        });
      }
    });
    return undefined;
  };
}

const line = (label: string, value: string | null | undefined) => `${label}: ${value || '—'}`;

export const notifyEarlyAccessSignupJob = notifyTeam(async ({ db }, id) => {
  const [row] = await db.select().from(earlyAccessSignups).where(eq(earlyAccessSignups.id, id)).limit(1);
  return row
    ? {
        subject: `Early access sign-up: ${row.name}`,
        lines: [
          line('Name', row.name),
          line('Email', row.email),
          line('Company', row.company),
          line('Persona', row.persona),
        ],
      }
    : undefined;
});

export const notifyDemoRequestJob = notifyTeam(async ({ db }, id) => {
  const [row] = await db.select().from(demoRequests).where(eq(demoRequests.id, id)).limit(1);
  return row
    ? {
        subject: `Demo request: ${row.name} (${row.company})`,
        lines: [
          line('Name', row.name),
          line('Email', row.email),
          line('Company', row.company),
          line('Persona', row.persona),
          line('Phone', row.phoneNumber),
          line('Preferred time', row.preferredTime),
          line('Message', row.message),
        ],
      }
    : undefined;
});

export const notifySupportSubmissionJob = notifyTeam(async ({ db }, id) => {
  const [row] = await db.select().from(supportSubmissions).where(eq(supportSubmissions.id, id)).limit(1);
  return row
    ? {
        subject: `${row.type === 'bug' ? 'Bug report' : 'Enhancement request'} from ${row.firstName} ${row.lastName}`,
        lines: [
          line('Name', `${row.firstName} ${row.lastName}`),
          line('Email', row.email),
          line('Type', row.type),
          '',
          row.description,
        ],
      }
    : undefined;
});
