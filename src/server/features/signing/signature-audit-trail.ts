import { and, asc, eq } from 'drizzle-orm';
import { enhancedSignatureRecipients, signatureAuditTrail } from '../../db/schema/signing';
import type { ServiceContext } from '../../lib/service-context';
import { verifyAuditRows } from './audit-chain';
import { requestRowOf } from './signing-records';

/** GET /:id/audit-trail: every event in order, who it concerns, and whether the chain still verifies. */
export async function signatureAuditTrailOf(ctx: ServiceContext, requestId: string) {
  await requestRowOf(ctx.db, ctx.orgId, requestId);
  const rows = await ctx.db
    .select({
      event: signatureAuditTrail,
      recipientName: enhancedSignatureRecipients.name,
      recipientEmail: enhancedSignatureRecipients.email,
    })
    .from(signatureAuditTrail)
    .leftJoin(
      enhancedSignatureRecipients,
      eq(enhancedSignatureRecipients.id, signatureAuditTrail.recipientId),
    )
    .where(
      and(
        eq(signatureAuditTrail.organizationId, ctx.orgId),
        eq(signatureAuditTrail.signatureRequestId, requestId),
      ),
    )
    .orderBy(asc(signatureAuditTrail.sequence));
  const verification = verifyAuditRows(rows.map((row) => row.event));
  return {
    items: rows.map(({ event, recipientName, recipientEmail }) => ({
      id: event.id,
      sequence: event.sequence,
      eventType: event.eventType,
      eventData: event.eventData,
      timestamp: event.timestamp,
      recipientId: event.recipientId,
      recipientName,
      recipientEmail,
      ipAddress: event.ipAddress,
      userAgent: event.userAgent,
      geolocation: event.geolocation,
      sessionId: event.sessionId,
      deviceFingerprint: event.deviceFingerprint,
      previousEventHash: event.previousEventHash,
      cryptoHash: event.cryptoHash,
    })),
    verification,
  };
}
