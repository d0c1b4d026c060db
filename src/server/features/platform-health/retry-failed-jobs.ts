import { and, eq, inArray, sql } from 'drizzle-orm';
import { unknownJobKindMessage } from '../../../common/validation/platform-health';
import { emails } from '../../db/schema/email';
import { outbox } from '../../db/schema/platform';
import { invalidField } from '../../lib/app-error';
import { outboxKinds } from '../../lib/outbox';
import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';

const knownKinds = new Set<string>(Object.values(outboxKinds));

/**
 * Dead-lettered outbox jobs (all, or one kind's) get a fresh set of tries, due at once; the
 * messages they carry show as queued again in their organization's outgoing mail. One
 * transaction: the jobs, their messages and the audit entry change together.
 */
export async function retryFailedJobs(ctx: ServiceContext, kind: string | undefined) {
  if (kind !== undefined && !knownKinds.has(kind)) throw invalidField('kind', unknownJobKindMessage);
  return ctx.db.transaction(async (tx) => {
    const retried = await tx
      .update(outbox)
      .set({ status: 'pending', attempts: 0, runAt: sql`now()`, updatedAt: new Date() })
      .where(and(eq(outbox.status, 'failed'), kind ? eq(outbox.kind, kind) : undefined))
      .returning({ id: outbox.id, kind: outbox.kind, payload: outbox.payload });
    const emailIds = retried
      .filter((job) => job.kind === outboxKinds.sendEmail)
      .map((job) => (job.payload as { emailId?: unknown }).emailId)
      .filter((id): id is string => typeof id === 'string');
    if (emailIds.length > 0) {
      await tx
        .update(emails)
        .set({ sendStatus: 'queued', sendError: null, updatedAt: new Date() })
        .where(and(inArray(emails.id, emailIds), eq(emails.sendStatus, 'failed')));
    }
    if (retried.length > 0) {
      await recordAuditEvent(
        tx,
        { orgId: null, actor: ctx.actor, client: ctx.client },
        {
          action: 'platform.jobs_retried',
          resource: 'outbox',
          details: { kind: kind ?? null, count: retried.length },
        },
      );
    }
    return { retried: retried.length };
  });
}
