import { and, eq, exists, ilike, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { organizationPlanTypes, organizationStatuses } from '../../../common/allowed-values';
import type { Database } from '../../db';
import { organizations, users } from '../../db/schema/identity';
import {
  containsPattern,
  type KeysetSpec,
  listQuerySchema,
  paginate,
  sortCaseInsensitively,
} from '../../lib/keyset-pagination';
import { currentApiCallsMonth } from './organization-usage';
import { platformOrganizationFields, presentPlatformOrganization } from './present-organization';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** GET /api/super-admin/organizations: paging, `?search=`, `?status=`, `?planType=`. */
export const listPlatformOrganizationsQuerySchema = listQuerySchema.extend({
  status: optional(z.enum(organizationStatuses, { error: 'Invalid status' })),
  planType: optional(z.enum(organizationPlanTypes, { error: 'Invalid plan type' })),
});

export type ListPlatformOrganizationsQuery = z.infer<typeof listPlatformOrganizationsQuerySchema>;

export const platformOrganizationListSpec: KeysetSpec = {
  sortable: {
    name: sortCaseInsensitively(organizations.name),
    planType: organizations.planType,
    status: organizations.status,
    totalUsers: organizations.totalUsers,
    storageUsed: organizations.storageUsed,
    lastActivity: organizations.lastActivity,
    apiCallsMonth: currentApiCallsMonth,
    createdAt: organizations.createdAt,
  },
  defaultSort: 'name',
  id: organizations.id,
};

/**
 * Every organization on the platform. The search matches the name, subdomain, domain, billing
 * e-mail and any member's e-mail (a super admin is often asked about "the account of x@y").
 */
export async function listPlatformOrganizations(db: Database, query: ListPlatformOrganizationsQuery) {
  const filters: (SQL | undefined)[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(
      or(
        ilike(organizations.name, pattern),
        ilike(organizations.subdomain, pattern),
        ilike(organizations.domain, pattern),
        ilike(organizations.billingEmail, pattern),
        exists(
          db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.organizationId, organizations.id), ilike(users.email, pattern))),
        ),
      ),
    );
  }
  if (query.status) filters.push(eq(organizations.status, query.status));
  if (query.planType) filters.push(eq(organizations.planType, query.planType));
  return paginate(
    {
      db,
      from: organizations,
      fields: platformOrganizationFields,
      where: and(...filters),
      spec: platformOrganizationListSpec,
      query,
    },
    (row) => presentPlatformOrganization(row as never),
  );
}
