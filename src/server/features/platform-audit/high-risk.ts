import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AuditAction } from '../../../common/audit-actions';
import type { PlatformAuditCategory } from '../../../common/validation/platform-audit';
import { systemAuditLogs } from '../../db/schema/platform';

/*
 * What the super admins' screen calls out (issue 20 §4): repeated failed sign-ins (the catalogue
 * rates the third failure for an address within 15 minutes high), permission escalations (admin
 * handed out, a permission granted, a new super admin) and mass exports (data leaving in bulk).
 */

export const failedSignInActions: AuditAction[] = ['auth.sign_in_failed'];

/** Rated high by the catalogue when they hand out admin or a permission. */
export const escalationActions: AuditAction[] = [
  'user.created',
  'user.role_changed',
  'user.permissions_changed',
  'team.permissions_changed',
  'user.password_reset',
  'api_key.created',
  'platform.super_admin_created',
];

export const exportActions: AuditAction[] = [
  'records.exported',
  'platform.audit_exported',
  'platform.submissions_exported',
];

/** Why a high-risk row is high, in the screen's words. */
export function highRiskReason(action: string): string {
  if ((failedSignInActions as string[]).includes(action)) return 'Repeated failed sign-ins';
  if ((escalationActions as string[]).includes(action)) return 'Permission escalation';
  if ((exportActions as string[]).includes(action)) return 'Mass export';
  return 'High-risk change';
}

/** The rows of a category (`?category=`), as the summary counts them. */
export function categoryCondition(category: PlatformAuditCategory): SQL | undefined {
  const high = eq(systemAuditLogs.riskLevel, 'high');
  switch (category) {
    case 'failed_sign_ins':
      return and(inArray(systemAuditLogs.action, failedSignInActions), high);
    case 'permission_escalations':
      return and(inArray(systemAuditLogs.action, escalationActions), high);
    case 'exports':
      return inArray(systemAuditLogs.action, exportActions);
  }
}
