import { count, eq } from 'drizzle-orm';
import {
  deleteConfirmationMessage,
  type DeletePlatformOrganizationInput,
} from '../../../common/validation/platform-organizations';
import { organizations, users } from '../../db/schema/identity';
import { conflict, invalidField } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { assertNotLastSuperAdminOrganization } from './suspend-organization';
import { lockPlatformOrganization } from './get-organization';

export const ownOrganizationDeleteMessage = 'You cannot delete your own organization';

/**
 * DELETE /api/super-admin/organizations/:id {confirm: its name}: everything the organization owns
 * goes with it (foreign keys cascade: users, sessions, records, its own audit log), so the deletion
 * is recorded in the platform's log (organizationId null), naming it. Its stored file bytes are
 * removed by the next file sweep (a deleted organization's folder goes whole).
 */
export async function deletePlatformOrganization(
  ctx: ServiceContext,
  id: string,
  input: DeletePlatformOrganizationInput,
  superAdminEmails: readonly string[],
) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockPlatformOrganization(tx, id);
    if (input.confirm.trim() !== row.name.trim()) throw invalidField('confirm', deleteConfirmationMessage);
    if (id === ctx.orgId) throw conflict(ownOrganizationDeleteMessage);
    await assertNotLastSuperAdminOrganization(tx, id, superAdminEmails);
    const [{ members }] = await tx
      .select({ members: count() })
      .from(users)
      .where(eq(users.organizationId, id));
    await tx.delete(organizations).where(eq(organizations.id, id));
    await recordAuditEvent(
      tx,
      { ...ctx, orgId: null },
      {
        action: 'platform.organization_deleted',
        resource: 'organizations',
        resourceId: id,
        details: { organization: row.name, organizationId: id, users: members },
      },
    );
  });
}
