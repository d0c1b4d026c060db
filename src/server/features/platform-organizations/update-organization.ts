import { and, count, eq } from 'drizzle-orm';
import {
  contractEndBeforeStartMessage,
  maxUsersBelowActiveMessage,
  type UpdatePlatformOrganizationInput,
} from '../../../common/validation/platform-organizations';
import { organizations, users } from '../../db/schema/identity';
import { invalidFields } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { findPlatformOrganization, lockPlatformOrganization } from './get-organization';
import { changeOrganizationStatus } from './suspend-organization';

const dateText = (value: string | null) => (value === null ? null : value.slice(0, 10));

/**
 * PATCH /api/super-admin/organizations/:id: plan, seats, contract and billing. `maxUsers` may
 * not drop below the users already active (they would keep their seats yet no new one could be
 * added, and the plan would lie). The change and its audit entry (in the organization's own
 * log, where its admins see it) commit together. A `status` sent along suspends or reactivates
 * as the actions of their own do (suspend-organization.ts).
 */
export async function updatePlatformOrganization(
  ctx: ServiceContext,
  id: string,
  input: UpdatePlatformOrganizationInput,
  superAdminEmails: readonly string[],
) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockPlatformOrganization(tx, id);
    const errors: { path: string; message: string }[] = [];
    if (input.maxUsers !== undefined) {
      const [{ active }] = await tx
        .select({ active: count() })
        .from(users)
        .where(and(eq(users.organizationId, id), eq(users.status, 'active')));
      if (input.maxUsers < active)
        errors.push({ path: 'maxUsers', message: maxUsersBelowActiveMessage(active) });
    }
    const start = input.contractStart !== undefined ? dateText(input.contractStart) : row.contractStart;
    const end = input.contractEnd !== undefined ? dateText(input.contractEnd) : row.contractEnd;
    if (start && end && end < start)
      errors.push({ path: 'contractEnd', message: contractEndBeforeStartMessage });
    if (errors.length > 0) throw invalidFields(errors);

    const next = {
      name: input.name,
      planType: input.planType,
      maxUsers: input.maxUsers,
      billingEmail:
        input.billingEmail === undefined ? undefined : (input.billingEmail?.toLowerCase() ?? null),
      contractStart: input.contractStart === undefined ? undefined : start,
      contractEnd: input.contractEnd === undefined ? undefined : end,
    };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, to] of Object.entries(next)) {
      if (to === undefined) continue;
      const from = row[key as keyof typeof next];
      if (from !== to) changes[key] = { from, to };
    }
    if (input.status !== undefined)
      await changeOrganizationStatus(tx, ctx, row, input.status, superAdminEmails);
    if (Object.keys(changes).length === 0) return;
    const set = Object.fromEntries(Object.entries(changes).map(([key, { to }]) => [key, to]));
    await tx.update(organizations).set(set).where(eq(organizations.id, id));
    await recordAuditEvent(
      tx,
      { ...ctx, orgId: id },
      {
        action: 'platform.organization_updated',
        resource: 'organizations',
        resourceId: id,
        details: { organization: next.name ?? row.name, changes },
      },
    );
  });
  return findPlatformOrganization(ctx.db, id);
}
