import { sql } from 'drizzle-orm';
import { users, userTokens } from '../../db/schema/identity';

/**
 * Whether the user was invited and has not accepted yet (an unused invitation token exists), in
 * a select from `users`. The outer column is spelt out: drizzle leaves a lone table's columns
 * unqualified, and inside the subquery a bare "id" would be the token's own id.
 */
export const invitationPendingOf = () => sql<boolean>`exists (
  select 1 from ${userTokens} as ut
  where ut.user_id = ${users}.id and ut.purpose = 'invitation' and ut.used_at is null
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
