import { and, eq, sql } from 'drizzle-orm';
import { emails, emailTracking } from '../../db/schema/email';
import type { Database } from '../../db';
import { newTrackingPixelId } from './apply-tracking';

export interface Bounce {
  organizationId: string;
  /** The Message-ID of our outgoing message the DSN reports on (with or without <>). */
  originalMessageId: string;
  reason: string;
}

/** Longest bounce reason kept: a DSN's diagnostic line, not the whole report. */
const maxReasonLength = 1000;

/**
 * Marks an outgoing message as bounced (the sync calls it when it reads a delivery status
 * notification). Bounced wins over every other delivery status. Answers whether a tracked
 * message of the organization matched.
 */
export async function recordBounce(tx: Database, bounce: Bounce): Promise<boolean> {
  const bare = bounce.originalMessageId.trim().replace(/^<|>$/g, '');
  const candidates = [bare, `<${bare}>`];
  const [email] = await tx
    .select({ id: emails.id })
    .from(emails)
    .where(
      and(
        eq(emails.organizationId, bounce.organizationId),
        eq(emails.direction, 'outbound'),
        sql`${emails.messageId} in (${sql.join(
          candidates.map((c) => sql`${c}`),
          sql`, `,
        )})`,
      ),
    )
    .limit(1);
  if (!email) return false;
  const reason = bounce.reason.slice(0, maxReasonLength);
  const updated = await tx
    .update(emailTracking)
    .set({
      bounced: true,
      bouncedAt: sql`coalesce(${emailTracking.bouncedAt}, now())`,
      bounceReason: reason,
      deliveryStatus: 'bounced',
    })
    .where(and(eq(emailTracking.organizationId, bounce.organizationId), eq(emailTracking.emailId, email.id)))
    .returning({ id: emailTracking.id });
  if (updated.length > 0) return true;
  // Untracked mail (tracking off) still gets a row, so the message shows it bounced.
  await tx.insert(emailTracking).values({
    organizationId: bounce.organizationId,
    emailId: email.id,
    trackingPixelId: newTrackingPixelId(),
    bounced: true,
    bouncedAt: new Date(),
    bounceReason: reason,
    deliveryStatus: 'bounced',
  });
  return true;
}
