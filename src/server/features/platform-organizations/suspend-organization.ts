import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { organizations, users } from '../../db/schema/identity';
import { sessions } from '../../db/schema/platform';
import { conflict } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { findPlatformOrganization, lockPlatformOrganization } from './get-organization';

export const lastSuperAdminOrganizationMessage =
  'This organization holds every super admin of the platform: suspending or deleting it would leave no one able to run Locus. Make a super admin in another organization first.';
export const ownOrganizationSuspendMessage = 'You cannot suspend your own organization';
export const alreadySuspendedMessage = 'This organization is already suspended';
export const notSuspendedMessage = 'This organization is not suspended';

/**
 * Refuses to lock out the platform: when every active super admin (flagged, or named in
 * SUPER_ADMIN_EMAILS) belongs to this organization, suspending or deleting it would leave none.
 */
export async function assertNotLastSuperAdminOrganization(
  tx: Database,
  orgId: string,
  superAdminEmails: readonly string[],
) {
  const emails = superAdminEmails.map((email) => email.trim().toLowerCase()).filter(Boolean);
  const isSuperAdmin =
    emails.length > 0
      ? or(eq(users.isSuperAdmin, true), inArray(users.email, emails))
      : eq(users.isSuperAdmin, true);
  const rows = await tx
    .select({
      here: sql<number>`count(*) filter (where ${users.organizationId} = ${orgId})`.mapWith(Number),
      elsewhere:
        sql<number>`count(*) filter (where ${users.organizationId} <> ${orgId} and ${organizations.status} = 'active')`.mapWith(
          Number,
        ),
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(isSuperAdmin, eq(users.status, 'active')));
  const { here, elsewhere } = rows[0] ?? { here: 0, elsewhere: 0 };
  if (here > 0 && elsewhere === 0) throw conflict(lastSuperAdminOrganizationMessage);
}

type OrganizationRow = Awaited<ReturnType<typeof lockPlatformOrganization>>;

/**
 * Moves a locked organization to `status` (from POST …/suspend, …/reactivate or a PATCH of
 * status). Leaving active, the organization stops: its members' sessions end at once (their rows
 * deleted; a suspended organization's sessions would be refused anyway, but a reactivation must
 * not bring them back) and their sign-in answers "This organization is suspended". Its data
 * stays. API keys stop too: their lookup requires an active organization.
 */
export async function changeOrganizationStatus(
  tx: Database,
  ctx: ServiceContext,
  row: OrganizationRow,
  status: OrganizationRow['status'],
  superAdminEmails: readonly string[],
) {
  if (status === row.status) return;
  const audit = { ...ctx, orgId: row.id };
  if (status === 'active') {
    await tx.update(organizations).set({ status }).where(eq(organizations.id, row.id));
    await recordAuditEvent(tx, audit, {
      action: 'platform.organization_reactivated',
      resource: 'organizations',
      resourceId: row.id,
      details: { organization: row.name },
    });
    return;
  }
  await assertNotLastSuperAdminOrganization(tx, row.id, superAdminEmails);
  if (row.id === ctx.orgId) throw conflict(ownOrganizationSuspendMessage);
  await tx.update(organizations).set({ status }).where(eq(organizations.id, row.id));
  const ended = await tx
    .delete(sessions)
    .where(
      inArray(
        sessions.userId,
        tx.select({ id: users.id }).from(users).where(eq(users.organizationId, row.id)),
      ),
    )
    .returning({ sid: sessions.sid });
  await recordAuditEvent(tx, audit, {
    action: 'platform.organization_suspended',
    resource: 'organizations',
    resourceId: row.id,
    details: { organization: row.name, sessionsEnded: ended.length },
  });
}

/** POST /api/super-admin/organizations/:id/suspend. */
export async function suspendPlatformOrganization(
  ctx: ServiceContext,
  id: string,
  superAdminEmails: readonly string[],
) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockPlatformOrganization(tx, id);
    if (row.status === 'suspended') throw conflict(alreadySuspendedMessage);
    await changeOrganizationStatus(tx, ctx, row, 'suspended', superAdminEmails);
  });
  return findPlatformOrganization(ctx.db, id);
}

/** POST /api/super-admin/organizations/:id/reactivate: back to active; members sign in again. */
export async function reactivatePlatformOrganization(ctx: ServiceContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockPlatformOrganization(tx, id);
    if (row.status === 'active') throw conflict(notSuspendedMessage);
    await changeOrganizationStatus(tx, ctx, row, 'active', []);
  });
  return findPlatformOrganization(ctx.db, id);
}
