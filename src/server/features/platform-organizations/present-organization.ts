import { organizations } from '../../db/schema/identity';
import { currentApiCallsMonth } from './organization-usage';

export const organizationNotFoundMessage = 'Organization not found';

/** The columns an organization answer carries on the platform screens (no settings or mail identity). */
export const platformOrganizationFields = {
  id: organizations.id,
  name: organizations.name,
  subdomain: organizations.subdomain,
  domain: organizations.domain,
  industrySector: organizations.industrySector,
  planType: organizations.planType,
  maxUsers: organizations.maxUsers,
  status: organizations.status,
  billingEmail: organizations.billingEmail,
  contractStart: organizations.contractStart,
  contractEnd: organizations.contractEnd,
  lastActivity: organizations.lastActivity,
  totalUsers: organizations.totalUsers,
  storageUsed: organizations.storageUsed,
  apiCallsMonth: currentApiCallsMonth,
  createdAt: organizations.createdAt,
  updatedAt: organizations.updatedAt,
};

export type PlatformOrganizationRow = {
  [K in keyof typeof platformOrganizationFields]: K extends 'apiCallsMonth'
    ? number
    : (typeof organizations.$inferSelect)[K];
};

/** Picks the answered fields (the list's rows also carry its cursor value). */
export function presentPlatformOrganization(row: PlatformOrganizationRow) {
  return {
    id: row.id,
    name: row.name,
    subdomain: row.subdomain,
    domain: row.domain,
    industrySector: row.industrySector,
    planType: row.planType,
    maxUsers: row.maxUsers,
    status: row.status,
    billingEmail: row.billingEmail,
    contractStart: row.contractStart,
    contractEnd: row.contractEnd,
    lastActivity: row.lastActivity,
    totalUsers: row.totalUsers,
    storageUsed: row.storageUsed,
    apiCallsMonth: row.apiCallsMonth,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
