import { eq } from 'drizzle-orm';
import {
  type createServiceRequestSchema,
  serviceRequestCategoryLabels,
  serviceRequestPriorityLabels,
} from '../../../common/validation/service-requests';
import type { z } from 'zod';
import { organizations, users } from '../../db/schema/identity';
import { serviceRequests } from '../../db/schema/platform';
import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { SecretBox } from '../../lib/secret-box';
import { notifySuperAdmins } from '../system-config/notify-super-admins';
import { getOwnServiceRequest } from './service-request-rows';

export interface ServiceRequestDeps {
  /** Seals the filer's e-mails. */
  secrets: SecretBox;
  /** SUPER_ADMIN_EMAILS: with users marked isSuperAdmin, who a request can be assigned to. */
  superAdminEmails: readonly string[];
  appUrl: string;
}

/**
 * POST /api/service-requests: an organization admin asks the platform for help. The row, its
 * audit event and the super admins' e-mails (when the platform sends them) commit together.
 */
export async function fileServiceRequest(
  ctx: ServiceContext,
  deps: ServiceRequestDeps,
  input: z.infer<typeof createServiceRequestSchema>,
) {
  const id = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(serviceRequests)
      .values({
        organizationId: ctx.orgId,
        userId: ctx.actor.id,
        subject: input.subject,
        description: input.description,
        category: input.category,
        priority: input.priority,
      })
      .returning({ id: serviceRequests.id });
    await recordAuditEvent(tx, ctx, {
      action: 'service_request.created',
      resource: 'service_requests',
      resourceId: created.id,
      details: { subject: input.subject, priority: input.priority, category: input.category },
    });
    const [who] = await tx
      .select({
        organization: organizations.name,
        name: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(eq(users.id, ctx.actor.id))
      .limit(1);
    await notifySuperAdmins(tx, {
      subject: `Service request (${serviceRequestPriorityLabels[input.priority]}): ${input.subject}`,
      text: [
        `Organization: ${who?.organization ?? ctx.orgId}`,
        `Filed by: ${who ? `${who.name} ${who.lastName} <${who.email}>` : ctx.actor.id}`,
        `Category: ${serviceRequestCategoryLabels[input.category]}`,
        `Priority: ${serviceRequestPriorityLabels[input.priority]}`,
        '',
        input.description,
        '',
        // The notice's worker adds the screen's address after this one.
        `Answer it: ${deps.appUrl}/super-admin/service-requests`,
      ].join('\n'),
    });
    return created.id;
  });
  return getOwnServiceRequest(ctx, id);
}
