import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  canMoveServiceRequest,
  closedServiceRequestMessage,
  type ServiceRequestStatus,
  serviceRequestStatusLabels,
  type updateServiceRequestSchema,
} from '../../../common/validation/service-requests';
import { users } from '../../db/schema/identity';
import { serviceRequests } from '../../db/schema/platform';
import { conflict, invalidField, notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { queuePlatformEmail } from '../email/queue-platform-email';
import type { ServiceRequestDeps } from './file-service-request';
import { listSuperAdmins } from './list-super-admins';
import { getServiceRequest, serviceRequestNotFoundMessage } from './service-request-rows';

export const assigneeNotSuperAdminMessage = 'Assignee must be a super admin';

const isDone = (status: string) => status === 'resolved' || status === 'closed';

/**
 * PATCH /api/super-admin/service-requests/:id: a super admin assigns, moves, reprioritises or
 * answers a request. Resolving or closing stamps resolvedAt (kept if it was already resolved);
 * reopening clears it. The filer is e-mailed when the status or the resolution changes, in the
 * same transaction as the change and its audit event (in the organization's log, whose request it is).
 */
export async function updateServiceRequest(
  ctx: ServiceContext,
  deps: ServiceRequestDeps,
  id: string,
  input: z.infer<typeof updateServiceRequestSchema>,
) {
  if (!isUuid(id)) throw notFound(serviceRequestNotFoundMessage);
  if (input.assignedTo) {
    const [assignee] = await listSuperAdmins(ctx.db, deps.superAdminEmails, input.assignedTo);
    if (!assignee) throw invalidField('assignedTo', assigneeNotSuperAdminMessage);
  }
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.id, id))
      .for('update')
      .limit(1);
    if (!row) throw notFound(serviceRequestNotFoundMessage);
    const from = row.status as ServiceRequestStatus;
    const to = input.status ?? from;
    if (!canMoveServiceRequest(from, to)) throw conflict(closedServiceRequestMessage);
    const changes = {
      ...(input.status !== undefined && input.status !== row.status ? { status: input.status } : {}),
      ...(input.priority !== undefined && input.priority !== row.priority
        ? { priority: input.priority }
        : {}),
      ...(input.assignedTo !== undefined && input.assignedTo !== row.assignedTo
        ? { assignedTo: input.assignedTo }
        : {}),
      ...(input.resolution !== undefined && input.resolution !== row.resolution
        ? { resolution: input.resolution }
        : {}),
    };
    const fields = Object.keys(changes);
    if (fields.length === 0) return;
    const resolvedAt = isDone(to) ? (isDone(from) && row.resolvedAt ? row.resolvedAt : new Date()) : null;
    await tx
      .update(serviceRequests)
      .set({ ...changes, resolvedAt, updatedAt: sql`now()` })
      .where(eq(serviceRequests.id, row.id));
    await recordAuditEvent(
      tx,
      { orgId: row.organizationId, actor: ctx.actor, client: ctx.client },
      {
        action: 'service_request.updated',
        resource: 'service_requests',
        resourceId: row.id,
        details: { subject: row.subject, fields, ...(changes.status ? { status: changes.status } : {}) },
      },
    );
    if (!changes.status && changes.resolution === undefined) return;
    const [filer] = row.userId
      ? await tx
          .select({ email: users.email, firstName: users.firstName, status: users.status })
          .from(users)
          .where(eq(users.id, row.userId))
          .limit(1)
      : [];
    // A filer removed or deactivated since has no one to tell.
    if (!filer || filer.status !== 'active') return;
    const resolution = changes.resolution !== undefined ? changes.resolution : row.resolution;
    await queuePlatformEmail(tx, deps.secrets, {
      to: filer.email,
      subject: `Your service request "${row.subject}" is ${serviceRequestStatusLabels[to].toLowerCase()}`,
      text: [
        `Hello ${filer.firstName},`,
        '',
        `Your service request "${row.subject}" is now ${serviceRequestStatusLabels[to].toLowerCase()}.`,
        ...(resolution ? ['', 'Resolution:', resolution] : []),
        '',
        `See your requests in the help panel's Support tab: ${deps.appUrl}/dashboard`,
        '',
      ].join('\n'),
      purpose: 'notification',
    });
  });
  return getServiceRequest(ctx.db, id);
}
