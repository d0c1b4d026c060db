import { sql } from 'drizzle-orm';
import { users, userTokens } from '../../db/schema/identity';

/** Whether the user was invited and has not accepted yet (an unused invitation token exists). */
export const invitationPendingOf = (userId: typeof users.id) => sql<boolean>`exists (
  select 1 from ${userTokens}
  where ${userTokens.userId} = ${userId} and ${userTokens.purpose} = 'invitation' and ${userTokens.usedAt} is null
)`;

/** The columns a user answer carries: never the password hash. */
export const userFields = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  status: users.status,
  teamId: users.teamId,
  permissions: users.permissions,
  isOwner: users.isOwner,
  mustChangePassword: users.mustChangePassword,
  phoneNumber: users.phoneNumber,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

type UserFieldsRow = { [K in keyof typeof userFields]: (typeof users.$inferSelect)[K] };

/** A user as the users API answers it (list items and single records alike). */
export function presentUser(row: UserFieldsRow & { invitationPending?: boolean }) {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    status: row.status,
    teamId: row.teamId,
    permissions: row.permissions ?? null,
    isOwner: row.isOwner,
    mustChangePassword: row.mustChangePassword,
    /** Invited by e-mail and not joined yet: the users page shows "Invited" and offers a resend. */
    invitationPending: row.invitationPending ?? false,
    phoneNumber: row.phoneNumber,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type UserItem = ReturnType<typeof presentUser>;
