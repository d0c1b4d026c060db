import { z } from 'zod';
import { AUDIT_RETENTION_MAX_DAYS, AUDIT_RETENTION_MIN_DAYS } from './platform-values';
import { booleanField, numberField } from './common';

/*
 * What PATCH /api/super-admin/system-config accepts (issue 20 §3): any subset of the platform's
 * settings. The bounds are the database's check constraints, said in words first.
 */

export const auditRetentionMessage = `Audit retention must be between ${AUDIT_RETENTION_MIN_DAYS} and ${AUDIT_RETENTION_MAX_DAYS} days`;

export const updateSystemConfigSchema = z.object({
  maintenanceMode: booleanField('Maintenance mode').optional(),
  allowRegistrations: booleanField('Allow registrations').optional(),
  emailNotifications: booleanField('Email notifications').optional(),
  maxOrganizations: numberField('Maximum organizations', { int: true, min: 1 }).optional(),
  maxUsersPerOrg: numberField('Maximum users per organization', { int: true, min: 1 }).optional(),
  auditRetentionDays: numberField('Audit retention', {
    int: true,
    min: AUDIT_RETENTION_MIN_DAYS,
    max: AUDIT_RETENTION_MAX_DAYS,
    rangeMessage: auditRetentionMessage,
  }).optional(),
});

export type UpdateSystemConfigInput = z.infer<typeof updateSystemConfigSchema>;

/** The settings a change may touch, in the order the screen shows them. */
export const systemConfigFields = [
  'maintenanceMode',
  'allowRegistrations',
  'maxOrganizations',
  'maxUsersPerOrg',
  'emailNotifications',
  'auditRetentionDays',
] as const satisfies readonly (keyof UpdateSystemConfigInput)[];

/** What GET /api/system-status tells anyone (the public site's banner, the sign-up form). */
export interface SystemStatus {
  maintenanceMode: boolean;
  allowRegistrations: boolean;
}

/** What the maintenance answer says (503, with Retry-After), here so the client knows it too. */
export const maintenanceMessage = 'Locus is down for maintenance. Please try again in a few minutes.';
