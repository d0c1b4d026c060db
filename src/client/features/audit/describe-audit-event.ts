import { describeCertificateKey } from '../../../common/validation/certificates';

/*
 * One line saying what an audit event was about, from its details (the log's "Details" column).
 * The details are the catalogue's small facts (server: features/audit/audit-events.ts).
 */

const resourceNames: Record<string, string> = {
  leads: 'Leads',
  clients: 'Clients',
  companies: 'Companies',
  deals: 'Deals',
  system_audit_logs: 'Audit log',
  document_instances: 'Documents',
};

function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(text).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function describeAuditEvent(event: {
  action: string;
  resource: string | null;
  details: Record<string, unknown> | null;
}): string {
  const d = event.details ?? {};
  const resource = event.resource ? (resourceNames[event.resource] ?? event.resource) : '';
  switch (event.action) {
    case 'user.role_changed':
      return `${text(d.email)}: ${text(d.from)} → ${text(d.to)}`;
    case 'user.team_changed':
      return `${text(d.email)}: team ${d.to ? 'assigned' : 'removed'}`;
    case 'user.email_changed':
      return `${text(d.from)} → ${text(d.to)}`;
    case 'user.permissions_changed':
    case 'team.permissions_changed': {
      const who = text(d.email ?? d.team);
      const granted = Array.isArray(d.granted) && d.granted.length ? ` granted ${text(d.granted)}` : '';
      const revoked = Array.isArray(d.revoked) && d.revoked.length ? ` removed ${text(d.revoked)}` : '';
      return `${who}:${granted}${granted && revoked ? ';' : ''}${revoked}`;
    }
    case 'user.created':
      return `${text(d.email)} (${text(d.role)})`;
    case 'user.deleted':
      return `${text(d.name)} · ${text(d.email)}`;
    case 'organization.settings_changed':
      return `Changed: ${text(d.fields)}`;
    case 'records.exported': {
      const filters = Object.entries((d.filters as Record<string, unknown>) ?? {});
      const described = filters.map(([key, value]) => `${key}: ${text(value)}`).join(', ');
      return `${resource}${described ? ` · ${described}` : ' · all rows'}`;
    }
    case 'records.bulk_deleted':
      return `${resource}: ${text(d.count)} deleted`;
    case 'document.created':
    case 'document.deleted':
      return text(d.name);
    case 'document.uploaded':
      return `${text(d.name)} · ${text(d.pages)} ${d.pages === 1 ? 'page' : 'pages'}`;
    case 'document.updated':
      return `${text(d.name)}: changed ${text(d.fields)}${d.status ? ` (now ${text(d.status)})` : ''}`;
    case 'certificate.issued':
    case 'certificate.rotated': {
      const key = describeCertificateKey({ algorithm: text(d.algorithm), keySize: Number(d.keySize) });
      const replaced = d.replaced ? ` · replaced ${text(d.replaced)}` : '';
      return `${key} · serial ${text(d.serialNumber)}${replaced}`;
    }
    case 'certificate.deactivated':
      return `Serial ${text(d.serialNumber)}`;
    // The platform (issue 20): what changed, in a line.
    case 'platform.organization_updated':
    case 'platform.config_changed': {
      const changes = Object.entries((d.changes as Record<string, { from?: unknown; to?: unknown }>) ?? {});
      const described = changes.map(
        ([field, change]) => `${field}: ${text(change?.from)} → ${text(change?.to)}`,
      );
      const prefix = d.organization ? `${text(d.organization)}: ` : '';
      return `${prefix}${described.join(', ') || 'no change'}`;
    }
    case 'platform.organization_suspended':
      return `${text(d.organization)} · ${text(d.sessionsEnded)} ${d.sessionsEnded === 1 ? 'session' : 'sessions'} ended`;
    case 'platform.organization_deleted':
      return `${text(d.organization)} · ${text(d.users)} ${d.users === 1 ? 'user' : 'users'}`;
    case 'platform.audit_exported': {
      const filters = Object.entries((d.filters as Record<string, unknown>) ?? {});
      const described = filters.map(([key, value]) => `${key}: ${text(value)}`).join(', ');
      return `${text(d.rows)} ${d.rows === 1 ? 'row' : 'rows'}${described ? ` · ${described}` : ' · all events'}`;
    }
    case 'support_access.started':
      return `${text(d.superAdmin)} as ${text(d.user)} · ${text(d.reason)}`;
    case 'support_access.ended':
      return `${text(d.superAdmin)} as ${text(d.user)} · ${d.ended === 'expired' ? 'expired' : 'ended'}`;
    case 'support_access.request':
      return `${text(d.method)} ${text(d.path)} → ${text(d.status)} · ${text(d.superAdmin)} as ${text(d.user)}`;
    case 'sample_data.cleared':
      return `${text(d.leads)} leads, ${text(d.clients)} clients, ${text(d.companies)} companies, ${text(d.deals)} deals`;
    default: {
      const entries = Object.entries(d);
      return entries.length
        ? entries
            .map(([key, value]) =>
              key === 'email' || key === 'name' ? text(value) : `${key}: ${text(value)}`,
            )
            .join(' · ')
        : '';
    }
  }
}
