import type { SystemConfig } from './get-system-config';

/** The row as the API shows it. */
export function presentSystemConfig(config: SystemConfig) {
  return {
    id: config.id,
    maintenanceMode: config.maintenanceMode,
    allowRegistrations: config.allowRegistrations,
    maxOrganizations: config.maxOrganizations,
    maxUsersPerOrg: config.maxUsersPerOrg,
    emailNotifications: config.emailNotifications,
    auditRetentionDays: config.auditRetentionDays,
    updatedAt: config.updatedAt.toISOString(),
  };
}

export type PresentedSystemConfig = ReturnType<typeof presentSystemConfig>;
