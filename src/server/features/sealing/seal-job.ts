import { and, isNull, ne, or } from 'drizzle-orm';
import { enhancedSignatureRequests } from '../../db/schema/signing';
import { AppError } from '../../lib/app-error';
import { type OutboxDeadLetterHook, type OutboxHandler, PermanentJobError } from '../../jobs/outbox-handler';
import { rowInOrganization } from '../../lib/tenant-scope';
import { sealSignatureRequest } from './seal-signature-request';

const payloadOf = (job: Parameters<OutboxHandler>[0]) => {
  const requestId = job.payload.requestId;
  if (typeof requestId !== 'string' || !job.organizationId)
    throw new PermanentJobError('The job names no request');
  return { requestId, orgId: job.organizationId };
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/** Records why the seal is not done yet (or failed), unless it got sealed meanwhile. */
async function recordSealError(
  context: Parameters<OutboxHandler>[1],
  orgId: string,
  requestId: string,
  values: { sealStatus?: 'failed'; sealError: string },
) {
  await context.db
    .update(enhancedSignatureRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        rowInOrganization(enhancedSignatureRequests, orgId, requestId),
        or(isNull(enhancedSignatureRequests.sealStatus), ne(enhancedSignatureRequests.sealStatus, 'sealed')),
      ),
    );
}

/**
 * `signing.seal` (payload `{ requestId }`), queued by the completion and by a retry: seals the
 * request. A failure is retried with backoff, its message kept in sealError meanwhile (status still
 * 'pending': the sender sees it retrying and why); a request that is gone or not completed cannot
 * get better and ends the job at once.
 */
export const sealSignatureRequestJob: OutboxHandler = async (job, context) => {
  const { requestId, orgId } = payloadOf(job);
  try {
    await sealSignatureRequest(context, orgId, requestId);
  } catch (error) {
    const message = messageOf(error);
    await recordSealError(context, orgId, requestId, { sealError: message });
    if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 409)) {
      // A missing document file is worth retrying (it may be restored); a missing request is not.
      const request = await context.db
        .select({ id: enhancedSignatureRequests.id })
        .from(enhancedSignatureRequests)
        .where(rowInOrganization(enhancedSignatureRequests, orgId, requestId))
        .limit(1);
      if (request.length === 0 || error.statusCode === 409) throw new PermanentJobError(message);
    }
    throw error;
  }
  return undefined;
};

/** The last try failed: the seal is 'failed' with the reason, never left 'pending' silently. */
export const sealSignatureRequestDeadLettered: OutboxDeadLetterHook = async (job, message, context) => {
  const requestId = job.payload.requestId;
  if (typeof requestId !== 'string' || !job.organizationId) return;
  await recordSealError(context, job.organizationId, requestId, { sealStatus: 'failed', sealError: message });
};
