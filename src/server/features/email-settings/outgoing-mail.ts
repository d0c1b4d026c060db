import { and, count, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { emails } from '../../db/schema/email';
import { outbox } from '../../db/schema/platform';
import { AppError, notFound } from '../../lib/app-error';
import { cursorField, keysetPage, listQuerySchema, planKeysetPage } from '../../lib/keyset-pagination';
import { outboxKinds } from '../../lib/outbox';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { waitingForMailServer } from '../email/sender';

/** How an outgoing message's job reads in the list: the outbox's states plus "waiting". */
export const outgoingMailStatuses = ['pending', 'waiting', 'processing', 'done', 'failed'] as const;
export type OutgoingMailStatus = (typeof outgoingMailStatuses)[number];

export const outgoingMailQuerySchema = listQuerySchema.extend({
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(outgoingMailStatuses, { error: `Status must be one of: ${outgoingMailStatuses.join(', ')}` })
      .optional(),
  ),
});
export type OutgoingMailQuery = z.infer<typeof outgoingMailQuerySchema>;

export interface OutgoingMail {
  id: string;
  kind: string;
  status: OutgoingMailStatus;
  attempts: number;
  runAt: Date;
  lastError: string | null;
  to: string[];
  subject: string | null;
  /** Platform mail (reset, invitation, test, notice) says what it is instead of a subject. */
  purpose: string | null;
  emailId: string | null;
  createdAt: Date;
}

const mailKinds = [outboxKinds.sendEmail, outboxKinds.sendPlatformEmail];

const isWaiting = and(eq(outbox.status, 'pending'), eq(outbox.lastError, waitingForMailServer)) as SQL;

function statusCondition(status: OutgoingMailStatus | undefined): SQL | undefined {
  if (!status) return undefined;
  if (status === 'waiting') return isWaiting;
  if (status === 'pending')
    return and(
      eq(outbox.status, 'pending'),
      or(isNull(outbox.lastError), ne(outbox.lastError, waitingForMailServer)),
    );
  return eq(outbox.status, status);
}

// The message an `email.send` job names (its payload holds the id as text).
const payloadEmailId = sql`case when ${outbox.kind} = ${outboxKinds.sendEmail} and ${outbox.payload}->>'emailId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then (${outbox.payload}->>'emailId')::uuid end`;

/** The organization's outgoing mail jobs, newest first (keyset), with each message's recipients. */
export async function listOutgoingMail(ctx: ServiceContext, query: OutgoingMailQuery) {
  const plan = planKeysetPage(query, {
    sortable: { createdAt: outbox.createdAt },
    defaultSort: '-createdAt',
    id: outbox.id,
  });
  const where = and(
    eq(outbox.organizationId, ctx.orgId),
    inArray(outbox.kind, mailKinds),
    statusCondition(query.status),
  );
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        id: outbox.id,
        kind: outbox.kind,
        status: outbox.status,
        attempts: outbox.attempts,
        runAt: outbox.runAt,
        lastError: outbox.lastError,
        payload: outbox.payload,
        createdAt: outbox.createdAt,
        emailId: emails.id,
        toEmails: emails.toEmails,
        ccEmails: emails.ccEmails,
        subject: emails.subject,
        sendError: emails.sendError,
        [cursorField]: plan.cursorValue,
      })
      .from(outbox)
      .leftJoin(emails, and(eq(emails.organizationId, ctx.orgId), eq(emails.id, payloadEmailId)))
      .where(and(where, plan.after))
      .orderBy(...plan.orderBy)
      .limit(plan.fetch),
    ctx.db.select({ total: count() }).from(outbox).where(where),
  ]);
  return keysetPage(rows, plan, total, (row): OutgoingMail => {
    const payload = (row.payload ?? {}) as { to?: unknown; purpose?: unknown };
    const waiting = row.status === 'pending' && row.lastError === waitingForMailServer;
    return {
      id: row.id,
      kind: row.kind,
      status: waiting ? 'waiting' : row.status,
      attempts: row.attempts,
      runAt: row.runAt,
      lastError: row.lastError,
      to: row.emailId
        ? [...(row.toEmails ?? []), ...(row.ccEmails ?? [])]
        : typeof payload.to === 'string'
          ? [payload.to]
          : [],
      subject: row.emailId ? row.subject : null,
      purpose: row.emailId ? null : typeof payload.purpose === 'string' ? payload.purpose : null,
      emailId: row.emailId,
      createdAt: row.createdAt,
    };
  });
}

/** A dead-lettered message gets a fresh set of tries, due now; its message is queued again. */
export async function retryOutgoingMail(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound('Message not found');
  return ctx.db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: outbox.id, status: outbox.status, kind: outbox.kind, payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.id, id), eq(outbox.organizationId, ctx.orgId), inArray(outbox.kind, mailKinds)))
      .for('update')
      .limit(1);
    if (!job) throw notFound('Message not found');
    if (job.status !== 'failed') throw new AppError(409, 'Only a failed message can be retried');
    await tx
      .update(outbox)
      .set({ status: 'pending', attempts: 0, runAt: sql`now()`, lastError: null, updatedAt: sql`now()` })
      .where(eq(outbox.id, id));
    const emailId = (job.payload as { emailId?: unknown } | null)?.emailId;
    if (job.kind === outboxKinds.sendEmail && typeof emailId === 'string' && isUuid(emailId)) {
      await tx
        .update(emails)
        .set({ sendStatus: 'queued', sendError: null, updatedAt: new Date() })
        .where(and(eq(emails.organizationId, ctx.orgId), eq(emails.id, emailId)));
    }
    return { id, status: 'pending' as const };
  });
}
