/*
 * The audit log's actions (system_audit_logs.action) with the words the Security settings show.
 * Shared so the server's filter validation and the screen's filter offer the same list; the risk
 * rules and the details each action records live with the server (features/audit/audit-events.ts).
 * A later feature adds its events here first.
 */
export const auditActionLabels = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.sign_out': 'Signed out',
  'auth.password_changed': 'Password changed',
  'auth.password_reset_by_link': 'Password reset by e-mail link',
  'auth.invitation_accepted': 'Invitation accepted',
  'user.created': 'User created',
  'user.invited': 'Invitation sent',
  'user.email_changed': 'User e-mail changed',
  'user.role_changed': 'Role changed',
  'user.team_changed': 'Team changed',
  'user.permissions_changed': 'Permissions changed',
  'user.password_reset': 'Password set by an admin',
  'user.deactivated': 'User deactivated',
  'user.reactivated': 'User reactivated',
  'user.deleted': 'User deleted',
  'team.permissions_changed': 'Team permissions changed',
  'organization.settings_changed': 'Organization settings changed',
  'records.exported': 'Exported to CSV',
  'records.bulk_deleted': 'Bulk deleted',
  'sample_data.cleared': 'Sample data cleared',
  'file.downloaded': 'File downloaded',
  'document.created': 'Document created',
  'document.uploaded': 'PDF document uploaded',
  'document.updated': 'Document changed',
  'document.deleted': 'Document deleted',
  'document_template.created': 'Document template created',
  'document_template.updated': 'Document template changed',
  'document_template.deleted': 'Document template deleted',
  'certificate.issued': 'Sealing certificate issued',
  'certificate.rotated': 'Sealing certificate replaced',
  'certificate.deactivated': 'Sealing certificate deactivated',
  'signing.seal_integrity_failed': 'Sealed document failed its integrity check',
  'import.started': 'Import started',
  'import.cancelled': 'Import cancelled',
  'import.undone': 'Import undone',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'api_key.deleted': 'API key deleted',
  'integration.created': 'Integration created',
  'integration.updated': 'Integration changed',
  'integration.deleted': 'Integration deleted',
  'integration.secret_rotated': 'Webhook secret replaced',
  'platform.super_admin_created': 'Super admin created',
  'platform.organization_updated': 'Organization changed by the platform',
  'platform.organization_suspended': 'Organization suspended',
  'platform.organization_reactivated': 'Organization reactivated',
  'platform.organization_deleted': 'Organization deleted',
  'platform.config_changed': 'Platform configuration changed',
  'platform.audit_exported': 'Platform audit log exported',
  'platform.submissions_exported': 'Public submissions exported',
  'platform.demo_request_updated': 'Demo request changed',
  'platform.jobs_retried': 'Failed jobs retried',
  'platform.release_recorded': 'Release recorded',
  'platform.announcement_posted': 'Announcement posted',
  'platform.announcement_deleted': 'Announcement deleted',
  'service_request.created': 'Service request filed',
  'service_request.updated': 'Service request changed',
  'support_access.started': 'Support access started',
  'support_access.ended': 'Support access ended',
  'support_access.request': 'Request during support access',
} as const;

export type AuditAction = keyof typeof auditActionLabels;

export const auditActions = Object.keys(auditActionLabels) as AuditAction[];

export const auditRiskLevels = ['low', 'medium', 'high'] as const;
export type AuditRiskLevel = (typeof auditRiskLevels)[number];

export function auditActionLabel(action: string): string {
  return Object.hasOwn(auditActionLabels, action) ? auditActionLabels[action as AuditAction] : action;
}
