import { describe, expect, it } from 'vitest';
import { describeAuditEvent } from './describe-audit-event';

const line = (action: string, details: Record<string, unknown> | null, resource: string | null = null) =>
  describeAuditEvent({ action, resource, details });

describe('describeAuditEvent', () => {
  it('says what changed for each kind of event', () => {
    expect(line('user.role_changed', { email: 'a@x.com', from: 'user', to: 'admin' })).toBe(
      'a@x.com: user → admin',
    );
    expect(
      line('user.permissions_changed', {
        email: 'a@x.com',
        granted: ['leads:delete'],
        revoked: ['users:read'],
      }),
    ).toBe('a@x.com: granted leads:delete; removed users:read');
    expect(line('records.exported', { filters: { leadStatus: 'New' } }, 'leads')).toBe(
      'Leads · leadStatus: New',
    );
    expect(line('records.exported', { filters: {} }, 'system_audit_logs')).toBe('Audit log · all rows');
    expect(line('records.bulk_deleted', { count: 3, ids: [] }, 'deals')).toBe('Deals: 3 deleted');
    expect(line('auth.sign_in_failed', { email: 'who@x.com' })).toBe('who@x.com');
    expect(line('auth.sign_in', null)).toBe('');
    expect(line('certificate.issued', { serialNumber: 'AB12', algorithm: 'RSA', keySize: 2048 })).toBe(
      'RSA 2048 bits · serial AB12',
    );
    expect(
      line('certificate.rotated', {
        serialNumber: 'CD34',
        algorithm: 'ECDSA',
        keySize: 7680,
        replaced: 'AB12',
      }),
    ).toBe('ECDSA P-384 · serial CD34 · replaced AB12');
    expect(line('certificate.deactivated', { serialNumber: 'CD34' })).toBe('Serial CD34');
    expect(line('file.downloaded', { name: 'deed.pdf' })).toBe('deed.pdf');
    expect(line('document.created', { name: 'Fee agreement', templateId: null })).toBe('Fee agreement');
    expect(line('document.uploaded', { name: 'Claim form', pages: 3, size: 1200 })).toBe(
      'Claim form · 3 pages',
    );
    expect(line('document.updated', { name: 'Fee agreement', fields: ['status'], status: 'draft' })).toBe(
      'Fee agreement: changed status (now draft)',
    );
  });

  it('says what a platform event was about (issue 20)', () => {
    expect(line('platform.config_changed', { changes: { maintenanceMode: { from: false, to: true } } })).toBe(
      'maintenanceMode: false → true',
    );
    expect(
      line('platform.organization_updated', {
        organization: 'Acme',
        changes: { maxUsers: { from: 5, to: 10 } },
      }),
    ).toBe('Acme: maxUsers: 5 → 10');
    expect(line('platform.organization_suspended', { organization: 'Acme', sessionsEnded: 1 })).toBe(
      'Acme · 1 session ended',
    );
    expect(line('platform.audit_exported', { rows: 3, filters: { riskLevel: 'high' } })).toBe(
      '3 rows · riskLevel: high',
    );
    expect(line('platform.audit_exported', { rows: 1, filters: {} })).toBe('1 row · all events');
    expect(
      line('support_access.request', {
        superAdmin: 'root@x.com',
        user: 'a@x.com',
        method: 'GET',
        path: '/api/leads',
        status: 200,
      }),
    ).toBe('GET /api/leads → 200 · root@x.com as a@x.com');
  });
});
