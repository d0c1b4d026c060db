import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { userRoles, userStatuses } from '../../../common/allowed-values';
import { users } from '../../db/schema/identity';
import { containsPattern, type KeysetSpec, listQuerySchema, paginate } from '../../lib/keyset-pagination';
import type { ServiceContext } from '../../lib/service-context';
import { invitationPendingOf, presentUser, userFields } from './present-user';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** GET /api/users: paging, `?search=` and filters by field name. */
export const listUsersQuerySchema = listQuerySchema.extend({
  status: optional(z.enum(userStatuses, { error: 'Invalid status' })),
  role: optional(z.enum(userRoles, { error: 'Invalid role' })),
  teamId: optional(z.guid({ error: 'Invalid team ID' })),
});

export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

export const userListSpec: KeysetSpec = {
  sortable: {
    createdAt: users.createdAt,
    updatedAt: users.updatedAt,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    role: users.role,
    status: users.status,
  },
  defaultSort: '-createdAt',
  id: users.id,
};

export async function listUsers(ctx: ServiceContext, query: ListUsersQuery) {
  const filters: (SQL | undefined)[] = [eq(users.organizationId, ctx.orgId)];
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(
      or(
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.email, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      ),
    );
  }
  if (query.status) filters.push(eq(users.status, query.status));
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.teamId) filters.push(eq(users.teamId, query.teamId));
  return paginate(
    {
      db: ctx.db,
      from: users,
      fields: { ...userFields, invitationPending: invitationPendingOf() },
      where: and(...filters),
      spec: userListSpec,
      query,
    },
    presentUser,
  );
}
