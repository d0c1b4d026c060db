import { eq } from 'drizzle-orm';
import type { ChangePasswordInput } from '../../../common/validation/auth';
import type { Database } from '../../db';
import { users } from '../../db/schema/identity';
import { invalidField } from '../../lib/app-error';
import type { RequestClient } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { hashPassword, verifyPassword } from './password';
import { destroyUserSessions } from './session-store';

export const wrongCurrentPasswordMessage = 'Current password is incorrect';

/** Sets a new password, clears the forced-change flag and ends the user's other sessions. */
export async function changePassword(
  db: Database,
  user: { id: string; organizationId: string; password: string },
  currentSessionId: string,
  input: ChangePasswordInput,
  client?: RequestClient,
) {
  if (!(await verifyPassword(user.password, input.currentPassword))) {
    throw invalidField('currentPassword', wrongCurrentPasswordMessage);
  }
  const password = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password, mustChangePassword: false }).where(eq(users.id, user.id));
    await destroyUserSessions(tx, user.id, currentSessionId);
    await recordAuditEvent(
      tx,
      { orgId: user.organizationId, actor: user, client },
      { action: 'auth.password_changed', resource: 'users', resourceId: user.id, details: null },
    );
  });
}
