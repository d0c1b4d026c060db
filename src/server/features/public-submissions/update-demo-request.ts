import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateDemoRequestSchema } from '../../../common/validation/public-submissions';
import { demoRequests } from '../../db/schema/public-submissions';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';

export const demoRequestNotFoundMessage = 'Demo request not found';

/**
 * PATCH /api/super-admin/demo-requests/:id: the team's follow-up (pending → contacted → scheduled
 * → closed, any order: a call can be rescheduled or a closed lead come back) and its notes.
 * Recorded in the platform's log (organizationId null): the visitor belongs to no organization.
 */
export async function updateDemoRequest(
  ctx: ServiceContext,
  id: string,
  input: z.infer<typeof updateDemoRequestSchema>,
) {
  if (!isUuid(id)) throw notFound(demoRequestNotFoundMessage);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(demoRequests).where(eq(demoRequests.id, id)).for('update').limit(1);
    if (!row) throw notFound(demoRequestNotFoundMessage);
    const changes = {
      ...(input.status !== undefined && input.status !== row.status ? { status: input.status } : {}),
      ...(input.notes !== undefined && input.notes !== row.notes ? { notes: input.notes } : {}),
    };
    const fields = Object.keys(changes);
    if (fields.length === 0) return row;
    const [updated] = await tx
      .update(demoRequests)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(demoRequests.id, row.id))
      .returning();
    await recordAuditEvent(
      tx,
      { orgId: null, actor: ctx.actor, client: ctx.client },
      {
        action: 'platform.demo_request_updated',
        resource: 'demo_requests',
        resourceId: row.id,
        details: { email: row.email, fields, ...(changes.status ? { status: changes.status } : {}) },
      },
    );
    return updated;
  });
}
