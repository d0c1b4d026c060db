import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '../features/auth/api';
import { hasAccess, PermissionGuard, permissionDeniedMessage } from './permission-guard';

const reader = { permissions: { leads: { read: true }, settings: { view: true } } };

describe('hasAccess', () => {
  it('needs a signed-in subject', () => {
    expect(hasAccess(null, {})).toBe(false);
    expect(hasAccess(reader, {})).toBe(true);
  });

  it('checks one permission, exactly true', () => {
    expect(hasAccess(reader, { permission: ['leads', 'read'] })).toBe(true);
    expect(hasAccess(reader, { permission: ['leads', 'delete'] })).toBe(false);
    expect(
      hasAccess({ permissions: { leads: { read: 'yes' as never } } }, { permission: ['leads', 'read'] }),
    ).toBe(false);
  });

  it('supports any-of and all-of checks', () => {
    expect(
      hasAccess(reader, {
        anyOf: [
          ['deals', 'read'],
          ['leads', 'read'],
        ],
      }),
    ).toBe(true);
    expect(hasAccess(reader, { anyOf: [['deals', 'read']] })).toBe(false);
    expect(
      hasAccess(reader, {
        allOf: [
          ['leads', 'read'],
          ['settings', 'view'],
        ],
      }),
    ).toBe(true);
    expect(
      hasAccess(reader, {
        allOf: [
          ['leads', 'read'],
          ['deals', 'read'],
        ],
      }),
    ).toBe(false);
  });

  it('lets super admins through everything, and only them through superAdmin', () => {
    const superAdmin = { isSuperAdmin: true, permissions: {} };
    expect(hasAccess(superAdmin, { superAdmin: true, permission: ['settings', 'manage'] })).toBe(true);
    expect(hasAccess(reader, { superAdmin: true })).toBe(false);
  });
});

function render(node: ReactNode, user: unknown) {
  const client = new QueryClient();
  client.setQueryData(currentUserQueryKey, user);
  return renderToStaticMarkup(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

describe('PermissionGuard', () => {
  it('shows the children when the permission holds', () => {
    const html = render(
      <PermissionGuard permission={['leads', 'read']}>
        <p>Lead list</p>
      </PermissionGuard>,
      reader,
    );
    expect(html).toContain('Lead list');
  });

  it('shows the permission message by default when denied', () => {
    const html = render(
      <PermissionGuard permission={['deals', 'read']}>
        <p>Deal list</p>
      </PermissionGuard>,
      reader,
    );
    expect(html).not.toContain('Deal list');
    expect(html).toContain(permissionDeniedMessage);
  });

  it('shows a given fallback, or nothing with fallback={null}', () => {
    const denied = { permission: ['deals', 'read'] as [string, string] };
    expect(
      render(
        <PermissionGuard {...denied} fallback={<p>Ask an admin</p>}>
          <p>Deal list</p>
        </PermissionGuard>,
        reader,
      ),
    ).toBe('<p>Ask an admin</p>');
    expect(
      render(
        <PermissionGuard {...denied} fallback={null}>
          <p>Deal list</p>
        </PermissionGuard>,
        reader,
      ),
    ).toBe('');
  });

  it('denies when nobody is signed in', () => {
    expect(render(<PermissionGuard fallback={null}>secret</PermissionGuard>, null)).toBe('');
  });
});
