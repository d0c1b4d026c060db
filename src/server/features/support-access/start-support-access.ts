import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { StartSupportAccessInput } from '../../../common/validation/support-access';
import type { Database } from '../../db';
import { organizations, users } from '../../db/schema/identity';
import { supportAccessSessions } from '../../db/schema/platform';
import { conflict, notFound } from '../../lib/app-error';
import type { RequestClient } from '../../lib/service-context';
import type { SessionExtras } from '../auth/session-store';
import { recordAuditEvent } from '../audit/record-audit-event';

/** How long a visit lasts (issue 20: 30 minutes); it cannot be extended, only started again. */
export const supportAccessMinutes = 30;

export const supportAccessUserNotFoundMessage = 'User not found in this organization';
export const supportAccessOrganizationNotFoundMessage = 'Organization not found';
export const supportAccessOrganizationInactiveMessage =
  'This organization is not active: its users cannot be viewed';
export const supportAccessUserInactiveMessage = 'This user is inactive: choose an active user';
export const supportAccessUserPendingMessage =
  'This user has not chosen a password yet: choose a user who has signed in';
export const supportAccessSelfMessage = 'You cannot open support access as yourself';

export interface SupportAccessStart {
  id: string;
  target: { id: string; organizationId: string; email: string; name: string };
  organizationName: string;
  expiresAt: Date;
  /** Goes into the new session: it ends with the visit and returns to the super admin's own. */
  extras: SessionExtras;
}

/**
 * Checks who a super admin may view (an active user of an active organization, not themselves)
 * and plans the visit; the session and the visit's row are then written in one transaction.
 */
export async function planSupportAccess(
  db: Database,
  superAdmin: { id: string; sessionId: string },
  input: StartSupportAccessInput,
): Promise<SupportAccessStart> {
  const [organization] = await db
    .select({ id: organizations.id, name: organizations.name, status: organizations.status })
    .from(organizations)
    .where(eq(organizations.id, input.organizationId))
    .limit(1);
  if (!organization) throw notFound(supportAccessOrganizationNotFoundMessage);
  const [user] = await db.select().from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user || user.organizationId !== organization.id) throw notFound(supportAccessUserNotFoundMessage);
  if (user.id === superAdmin.id) throw conflict(supportAccessSelfMessage);
  if (organization.status !== 'active') throw conflict(supportAccessOrganizationInactiveMessage);
  if (user.status !== 'active') throw conflict(supportAccessUserInactiveMessage);
  if (user.mustChangePassword) throw conflict(supportAccessUserPendingMessage);
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + supportAccessMinutes * 60 * 1000);
  return {
    id,
    target: {
      id: user.id,
      organizationId: user.organizationId,
      email: user.email,
      name: `${user.firstName} ${user.lastName}`.trim(),
    },
    organizationName: organization.name,
    expiresAt,
    extras: {
      absoluteExpiry: expiresAt.getTime(),
      supportAccessId: id,
      returnSessionId: superAdmin.sessionId,
    },
  };
}

/** The visit's row and its start in the organization's audit log, with both identities. */
export async function recordSupportAccessStart(
  tx: Database,
  plan: SupportAccessStart,
  superAdmin: { id: string; email: string },
  reason: string,
  client: RequestClient,
) {
  await tx.insert(supportAccessSessions).values({
    id: plan.id,
    organizationId: plan.target.organizationId,
    userId: plan.target.id,
    superAdminId: superAdmin.id,
    reason,
    expiresAt: plan.expiresAt,
  });
  await recordAuditEvent(
    tx,
    { orgId: plan.target.organizationId, actor: { id: superAdmin.id }, client },
    {
      action: 'support_access.started',
      resource: 'support_access_sessions',
      resourceId: plan.id,
      details: {
        superAdmin: superAdmin.email,
        user: plan.target.email,
        reason,
        expiresAt: plan.expiresAt.toISOString(),
      },
    },
  );
}
