import { users } from '../../db/schema/identity';

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
export function presentUser(row: UserFieldsRow) {
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
    phoneNumber: row.phoneNumber,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type UserItem = ReturnType<typeof presentUser>;
