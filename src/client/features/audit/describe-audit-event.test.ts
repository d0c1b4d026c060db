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
});
