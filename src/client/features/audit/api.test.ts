import { describe, expect, it } from 'vitest';
import { auditLogExportUrl, auditLogParams, noAuditLogFilters } from './api';

describe('auditLogParams', () => {
  it('leaves blanks out and turns picked days into the local day edges', () => {
    expect(auditLogParams(noAuditLogFilters)).toEqual({});
    const params = auditLogParams({
      userId: 'u1',
      action: 'auth.sign_in',
      from: '2026-03-01',
      to: '2026-03-02',
    });
    expect(params.userId).toBe('u1');
    expect(params.action).toBe('auth.sign_in');
    expect(new Date(params.from).getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(params.to).getTime()).toBe(new Date(2026, 2, 2, 23, 59, 59, 999).getTime());
  });

  it('builds the CSV address from the same filters', () => {
    expect(auditLogExportUrl(noAuditLogFilters)).toBe('/api/system-audit-logs/export.csv');
    expect(auditLogExportUrl({ ...noAuditLogFilters, action: 'user.deleted' })).toBe(
      '/api/system-audit-logs/export.csv?action=user.deleted',
    );
  });
});
