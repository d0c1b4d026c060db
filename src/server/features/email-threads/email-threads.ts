import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { emailThreadsQuerySchema } from '../../../common/validation/email';
import { emails, emailThreads, emailTracking } from '../../db/schema/email';
import { notFound } from '../../lib/app-error';
import {
  cursorField,
  type KeysetSpec,
  keysetPage,
  listTotal,
  planKeysetPage,
} from '../../lib/keyset-pagination';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { inOrganization, rowInOrganization } from '../../lib/tenant-scope';
import { loadEmailSanitizer, presentEmail } from './present-email';
import { assertReadableRecord, linkedToRecord, visibleToActor } from './record-access';
import { messageDocument } from './message-frame';

export const threadNotFoundMessage = 'Email thread not found';
export const emailNotFoundMessage = 'Email not found';

const threadListSpec: KeysetSpec = {
  sortable: { lastMessageAt: emailThreads.lastMessageAt },
  defaultSort: '-lastMessageAt',
  id: emailThreads.id,
};

/** A list shows the start of each body: the database cuts it, so a 10 MB message costs the same as a short one. */
const snippetSource = {
  text: sql<string | null>`left(${emails.bodyText}, 600)`,
  html: sql<string | null>`left(${emails.bodyHtml}, 8000)`,
};

/** GET /api/email-threads?entityType=&entityId=: the record's threads, newest first (404 for a record the user may not read). */
export async function listEmailThreads(ctx: ServiceContext, query: z.infer<typeof emailThreadsQuerySchema>) {
  await assertReadableRecord(ctx, query.entityType, query.entityId);
  const linked = ctx.db
    .select({ threadId: emails.threadId })
    .from(emails)
    .where(inOrganization(emails, ctx.orgId, linkedToRecord(ctx.orgId, query.entityType, query.entityId)));
  const where = inOrganization(emailThreads, ctx.orgId, inArray(emailThreads.id, linked));
  const plan = planKeysetPage({ limit: query.limit, cursor: query.cursor }, threadListSpec);
  const [rows, total] = await Promise.all([
    ctx.db
      .select({
        id: emailThreads.id,
        subject: emailThreads.subject,
        participantEmails: emailThreads.participantEmails,
        lastMessageAt: emailThreads.lastMessageAt,
        messageCount: emailThreads.messageCount,
        isRead: emailThreads.isRead,
        [cursorField]: plan.cursorValue,
      })
      .from(emailThreads)
      .where(and(where, plan.after))
      .orderBy(...plan.orderBy)
      .limit(plan.fetch),
    listTotal(ctx.db, emailThreads, where),
  ]);
  const ids = rows.map((row) => row.id);
  const lasts =
    ids.length === 0
      ? []
      : await ctx.db
          .selectDistinctOn([emails.threadId], {
            threadId: emails.threadId,
            fromName: emails.fromName,
            fromEmail: emails.fromEmail,
            direction: emails.direction,
            sendStatus: emails.sendStatus,
            sendError: emails.sendError,
            ...snippetSource,
          })
          .from(emails)
          .where(inOrganization(emails, ctx.orgId, inArray(emails.threadId, ids)))
          .orderBy(
            emails.threadId,
            sql`coalesce(${emails.receivedAt}, ${emails.sentAt}, ${emails.createdAt}) desc`,
          );
  const lastOf = new Map(lasts.map((last) => [last.threadId, last]));
  const { snippetOf } = await loadEmailSanitizer();
  return keysetPage(rows, plan, total, (row) => {
    const last = lastOf.get(row.id);
    return {
      id: row.id,
      subject: row.subject,
      participantEmails: row.participantEmails,
      lastMessageAt: row.lastMessageAt,
      messageCount: row.messageCount,
      isRead: row.isRead,
      lastMessage: last
        ? {
            fromName: last.fromName,
            fromEmail: last.fromEmail,
            direction: last.direction,
            sendStatus: last.sendStatus,
            sendError: last.sendError,
            snippet: snippetOf(last.text, last.html),
          }
        : null,
    };
  });
}

/** The thread if the user may see it (one of its messages on a record they read, or their own mailbox's), else 404. */
export async function findVisibleThread(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(threadNotFoundMessage);
  const [thread] = await ctx.db
    .select()
    .from(emailThreads)
    .where(
      and(
        rowInOrganization(emailThreads, ctx.orgId, id),
        sql`exists (select 1 from ${emails} where ${emails.organizationId} = ${ctx.orgId} and ${emails.threadId} = ${emailThreads.id} and ${visibleToActor(ctx)})`,
      ),
    )
    .limit(1);
  if (!thread) throw notFound(threadNotFoundMessage);
  return thread;
}

/** GET /api/email-threads/:id: the thread and its messages, oldest first, bodies sanitised. */
export async function getEmailThread(ctx: ServiceContext, id: string, options: { showImages: boolean }) {
  const thread = await findVisibleThread(ctx, id);
  const rows = await ctx.db
    .select({ email: emails, tracking: emailTracking })
    .from(emails)
    .leftJoin(
      emailTracking,
      and(eq(emailTracking.organizationId, ctx.orgId), eq(emailTracking.emailId, emails.id)),
    )
    .where(inOrganization(emails, ctx.orgId, eq(emails.threadId, thread.id)))
    .orderBy(
      asc(sql`coalesce(${emails.receivedAt}, ${emails.sentAt}, ${emails.createdAt})`),
      asc(emails.createdAt),
    );
  const messages = await Promise.all(
    rows.map(({ email, tracking }) => presentEmail(email, tracking, options)),
  );
  return {
    id: thread.id,
    subject: thread.subject,
    participantEmails: thread.participantEmails,
    lastMessageAt: thread.lastMessageAt,
    messageCount: thread.messageCount,
    isRead: thread.isRead,
    labels: thread.labels,
    hasRemoteImages: messages.some((message) => message.hasRemoteImages),
    messages,
  };
}

/** PATCH /api/email-threads/:id {isRead}: the thread and its messages together. */
export async function updateEmailThread(ctx: ServiceContext, id: string, input: { isRead: boolean }) {
  const thread = await findVisibleThread(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(emailThreads)
      .set({ isRead: input.isRead, updatedAt: new Date() })
      .where(rowInOrganization(emailThreads, ctx.orgId, thread.id));
    await tx
      .update(emails)
      .set({ isRead: input.isRead, updatedAt: new Date() })
      .where(inOrganization(emails, ctx.orgId, eq(emails.threadId, thread.id)));
  });
  return { id: thread.id, isRead: input.isRead };
}

/**
 * GET /api/emails/:id/body: one message's sanitised body as the document the sandboxed frame
 * loads (its own CSP; a srcdoc frame would inherit the app's, which refuses the mail's inline styles).
 */
export async function emailBodyDocument(ctx: ServiceContext, id: string, options: { showImages: boolean }) {
  if (!isUuid(id)) throw notFound(emailNotFoundMessage);
  const [row] = await ctx.db
    .select({ threadId: emails.threadId, bodyHtml: emails.bodyHtml, bodyText: emails.bodyText })
    .from(emails)
    .where(rowInOrganization(emails, ctx.orgId, id))
    .limit(1);
  if (!row?.threadId) throw notFound(emailNotFoundMessage);
  try {
    await findVisibleThread(ctx, row.threadId);
  } catch {
    throw notFound(emailNotFoundMessage);
  }
  const { sanitizeEmailHtml } = await loadEmailSanitizer();
  const safe = row.bodyHtml ? sanitizeEmailHtml(row.bodyHtml, options).html : null;
  return messageDocument(safe, row.bodyText);
}
