import type { AuditAction, AuditRiskLevel } from '../../../common/audit-actions';
import type { Role } from '../../../common/permissions';

/*
 * The audit log's catalogue: what each action records in `details` and how risky it is. The one
 * place these rules live; `recordAuditEvent` applies them. Details are small facts that identify
 * what changed (e-mail addresses, names, permission keys, counts), never a secret (no passwords,
 * tokens or keys) and never a whole record.
 */

/** Permission keys as `category:action`, e.g. `users:manage_permissions`. */
type PermissionKeys = string[];

export interface AuditDetails {
  'auth.sign_in': null;
  /** The e-mail tried (lower-cased); never the password. */
  'auth.sign_in_failed': { email: string };
  'auth.sign_out': null;
  'auth.password_changed': null;
  'auth.password_reset_by_link': null;
  'auth.invitation_accepted': null;
  'user.invited': { email: string; resent: boolean };
  'user.created': { email: string; role: Role; granted: PermissionKeys };
  'user.email_changed': { from: string; to: string };
  'user.role_changed': { email: string; from: Role; to: Role };
  /** Team ids (null: no team). */
  'user.team_changed': { email: string; from: string | null; to: string | null };
  'user.permissions_changed': { email: string; granted: PermissionKeys; revoked: PermissionKeys };
  'user.password_reset': { email: string };
  'user.deactivated': { email: string };
  'user.reactivated': { email: string };
  'user.deleted': { email: string; name: string; role: Role };
  'team.permissions_changed': { team: string; granted: PermissionKeys; revoked: PermissionKeys };
  /** The names of the settings changed, not their values (a signature can be long). */
  'organization.settings_changed': { fields: string[] };
  /** The list's filters and sort as asked (no paging). */
  'records.exported': { filters: Record<string, unknown> };
  /** The ids deleted (the first 50 are kept). */
  'records.bulk_deleted': { count: number; ids: string[] };
  'sample_data.cleared': { leads: number; clients: number; companies: number; deals: number };
  'file.downloaded': { name: string };
  /** Documents (issue 16): the document's name; an update names the fields changed. */
  'document.created': { name: string; templateId: string | null };
  'document.uploaded': { name: string; pages: number; size: number };
  'document.updated': { name: string; fields: string[]; status?: string };
  'document.deleted': { name: string };
  /** The template's name (and, for a change, the names of the fields changed, not their values). */
  'document_template.created': { name: string };
  'document_template.updated': { name: string; fields: string[] };
  'document_template.deleted': { name: string };
  /** Sealing certificates (issue 18): the certificate's serial and key; a rotation names the one it replaced. */
  'certificate.issued': { serialNumber: string; algorithm: string; keySize: number };
  'certificate.rotated': { serialNumber: string; algorithm: string; keySize: number; replaced: string };
  'certificate.deactivated': { serialNumber: string };
  /** The nightly re-check of a sealed request (issue 18): what no longer matches. */
  'signing.seal_integrity_failed': { requestId: string; verificationId: string | null; problems: string[] };
  /** Imports (issue 19): the import's name and record type; undo counts what it removed and restored. */
  'import.started': { name: string; entityType: string; sourceType: string };
  'import.cancelled': { name: string; entityType: string };
  'import.undone': { name: string; entityType: string; deleted: number; restored: number };
  /** API keys (issue 19): the key's name, prefix and levels; never the key. */
  'api_key.created': { name: string; keyPrefix: string; levels: string[]; expiresAt: string | null };
  'api_key.revoked': { name: string; keyPrefix: string };
  'api_key.deleted': { name: string; keyPrefix: string };
  /** Integrations (issue 19): a webhook's target is where the organization's data goes, so it is kept. */
  'integration.created': { name: string; type: string; url: string | null };
  'integration.updated': { name: string; type: string; fields: string[]; url: string | null };
  'integration.deleted': { name: string; type: string };
  'integration.secret_rotated': { name: string };
  /*
   * The platform (issue 20). Written with organizationId null when they concern the platform, or
   * the organization concerned (a deleted organization's own log goes with it, so its deletion is
   * a platform entry naming it).
   */
  'platform.super_admin_created': { email: string; created: boolean };
  'platform.organization_updated': {
    organization: string;
    changes: Record<string, { from: unknown; to: unknown }>;
  };
  'platform.organization_suspended': { organization: string; sessionsEnded: number };
  'platform.organization_reactivated': { organization: string };
  'platform.organization_deleted': { organization: string; organizationId: string; users: number };
  'platform.config_changed': { changes: Record<string, { from: unknown; to: unknown }> };
  /** The filters of the export and how many rows left. */
  'platform.audit_exported': { filters: Record<string, unknown>; rows: number };
  'platform.submissions_exported': { kind: string; rows: number };
  /** A demo request's follow-up by the platform team: who asked, what changed. */
  'platform.demo_request_updated': { email: string; fields: string[]; status?: string };
  'platform.jobs_retried': { kind: string | null; count: number };
  'platform.release_recorded': { version: string; environment: string; status: string };
  'platform.announcement_posted': { title: string; audience: 'everyone' | 'organization' | 'user' };
  'platform.announcement_deleted': { title: string };
  'service_request.created': { subject: string; priority: string; category: string | null };
  'service_request.updated': { subject: string; fields: string[]; status?: string };
  /** Both identities: the super admin's e-mail and the borrowed user's. */
  'support_access.started': { superAdmin: string; user: string; reason: string; expiresAt: string };
  'support_access.ended': {
    superAdmin: string;
    user: string;
    /** signed_out: its session went some other way (sign-out, the super admin's rights removed). */
    ended: 'by_super_admin' | 'expired' | 'signed_out';
  };
  'support_access.request': {
    superAdmin: string;
    user: string;
    method: string;
    path: string;
    status: number;
  };
}

/** How many events of the same kind and key came in the rule's window, this one included. */
export interface RiskFacts {
  repeats: number;
}

interface AuditRule<A extends AuditAction> {
  risk: AuditRiskLevel | ((details: AuditDetails[A], facts: RiskFacts) => AuditRiskLevel);
  /** Count earlier events of this action with the same `details[key]` within `withinMs`. */
  repeats?: { key: keyof NonNullable<AuditDetails[A]> & string; withinMs: number };
}

/** The third failed sign-in for an address within 15 minutes is a guess, not a typo. */
export const repeatedSignInFailures = { times: 3, withinMs: 15 * 60 * 1000 };

const grantsOrAdmin = (details: { role?: Role; to?: Role; granted?: PermissionKeys }): AuditRiskLevel =>
  details.role === 'admin' || details.to === 'admin' || (details.granted?.length ?? 0) > 0
    ? 'high'
    : 'medium';

/**
 * Risk by action: sign-ins low, a failure medium and repeated ones high; changes to who may do
 * what medium, and high when they hand out admin or a permission; anything that deletes or
 * resets someone else's password high; exports medium (data leaves the system); downloads low.
 */
export const auditRules: { [A in AuditAction]: AuditRule<A> } = {
  'auth.sign_in': { risk: 'low' },
  'auth.sign_in_failed': {
    risk: (_details, { repeats }) => (repeats >= repeatedSignInFailures.times ? 'high' : 'medium'),
    repeats: { key: 'email', withinMs: repeatedSignInFailures.withinMs },
  },
  'auth.sign_out': { risk: 'low' },
  'auth.password_changed': { risk: 'medium' },
  // Whoever holds the mailbox holds the account: a reset by link is worth a look.
  'auth.password_reset_by_link': { risk: 'medium' },
  'auth.invitation_accepted': { risk: 'low' },
  'user.invited': { risk: 'low' },
  'user.created': { risk: grantsOrAdmin },
  'user.email_changed': { risk: 'medium' },
  'user.role_changed': { risk: grantsOrAdmin },
  'user.team_changed': { risk: 'medium' },
  'user.permissions_changed': { risk: grantsOrAdmin },
  // Whoever sets someone's password can sign in as them until they choose their own.
  'user.password_reset': { risk: 'high' },
  'user.deactivated': { risk: 'medium' },
  'user.reactivated': { risk: 'medium' },
  'user.deleted': { risk: 'high' },
  'team.permissions_changed': { risk: grantsOrAdmin },
  'organization.settings_changed': { risk: 'medium' },
  'records.exported': { risk: 'medium' },
  'records.bulk_deleted': { risk: 'high' },
  'sample_data.cleared': { risk: 'high' },
  'file.downloaded': { risk: 'low' },
  'document.created': { risk: 'low' },
  'document.uploaded': { risk: 'low' },
  'document.updated': { risk: 'low' },
  'document.deleted': { risk: 'medium' },
  // What every generated agreement says: changes are worth a look, a deletion more so.
  'document_template.created': { risk: 'low' },
  'document_template.updated': { risk: 'low' },
  'document_template.deleted': { risk: 'medium' },
  // Who holds the sealing key seals in the organization's name: a new key is worth a look.
  'certificate.issued': { risk: 'low' },
  'certificate.rotated': { risk: 'medium' },
  'certificate.deactivated': { risk: 'medium' },
  // Evidence changed behind the application's back: someone must look now.
  'signing.seal_integrity_failed': { risk: 'high' },
  'import.started': { risk: 'low' },
  'import.cancelled': { risk: 'low' },
  'import.undone': { risk: 'high' },
  // A key acts as its creator without a password: an admin key is worth a look.
  'api_key.created': { risk: (details) => (details.levels.includes('admin') ? 'high' : 'medium') },
  'api_key.revoked': { risk: 'low' },
  'api_key.deleted': { risk: 'low' },
  // A webhook sends records out of Locus: a new target or a changed one is worth a look.
  'integration.created': { risk: (details) => (details.type === 'webhook' ? 'medium' : 'low') },
  'integration.updated': {
    risk: (details) => (details.fields.includes('config') && details.type === 'webhook' ? 'medium' : 'low'),
  },
  'integration.deleted': { risk: 'low' },
  'integration.secret_rotated': { risk: 'low' },
  // A new super admin can see every organization.
  'platform.super_admin_created': { risk: 'high' },
  'platform.organization_updated': { risk: 'medium' },
  'platform.organization_suspended': { risk: 'high' },
  'platform.organization_reactivated': { risk: 'medium' },
  'platform.organization_deleted': { risk: 'high' },
  'platform.config_changed': { risk: 'medium' },
  // A mass export of everyone's audit trail or submissions leaves the platform.
  'platform.audit_exported': { risk: 'high' },
  'platform.submissions_exported': { risk: 'medium' },
  'platform.demo_request_updated': { risk: 'low' },
  'platform.jobs_retried': { risk: 'low' },
  'platform.release_recorded': { risk: 'low' },
  'platform.announcement_posted': { risk: 'low' },
  'platform.announcement_deleted': { risk: 'low' },
  'service_request.created': { risk: 'low' },
  'service_request.updated': { risk: 'low' },
  // Someone from the platform looked at an organization's data as one of its users.
  'support_access.started': { risk: 'high' },
  'support_access.ended': { risk: 'low' },
  'support_access.request': { risk: 'medium' },
};

/** Permission keys set to true in `after` but not in `before`, and the reverse. */
export function permissionChanges(
  before: Record<string, Record<string, boolean | undefined> | undefined> | null | undefined,
  after: Record<string, Record<string, boolean | undefined> | undefined> | null | undefined,
): { granted: PermissionKeys; revoked: PermissionKeys } {
  const allowed = (set: typeof before) =>
    new Set(
      Object.entries(set ?? {}).flatMap(([category, actions]) =>
        Object.entries(actions ?? {})
          .filter(([, value]) => value === true)
          .map(([action]) => `${category}:${action}`),
      ),
    );
  const was = allowed(before);
  const is = allowed(after);
  return {
    granted: [...is].filter((key) => !was.has(key)).toSorted(),
    revoked: [...was].filter((key) => !is.has(key)).toSorted(),
  };
}
