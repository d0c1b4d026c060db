/*
 * The platform's allowed value sets (issue 20), shared by the database's check constraints, the
 * super-admin routes' validation and the screens' pickers. The spec names only the defaults
 * (service request status open, priority medium; deployment environment production, status
 * success; announcement icon info, priority normal; demo request status pending).
 */
export const serviceRequestStatuses = ['open', 'in_progress', 'resolved', 'closed'] as const;
export const serviceRequestPriorities = ['low', 'medium', 'high', 'urgent'] as const;
export const serviceRequestCategories = [
  'technical',
  'billing',
  'account',
  'feature_request',
  'other',
] as const;

export const deploymentStatuses = ['success', 'failed', 'in_progress', 'rolled_back'] as const;
export const deploymentEnvironments = ['production', 'staging', 'development'] as const;

export const systemUpdatePriorities = ['low', 'normal', 'high', 'urgent'] as const;
export const systemUpdateIconTypes = ['info', 'success', 'warning', 'alert', 'release'] as const;
export const systemUpdateCategories = [
  'announcement',
  'release',
  'maintenance',
  'feature',
  'security',
] as const;

export const demoRequestStatuses = ['pending', 'contacted', 'scheduled', 'closed'] as const;

/** How long a super admin's read-only support access lasts (issue 20 §9). */
export const SUPPORT_ACCESS_MINUTES = 30;
/** The bounds of system_config.auditRetentionDays. */
export const AUDIT_RETENTION_MIN_DAYS = 1;
export const AUDIT_RETENTION_MAX_DAYS = 3650;
