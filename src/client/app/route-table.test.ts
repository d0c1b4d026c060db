import { describe, expect, it } from 'vitest';
import { findRoute, matchPath } from '../../common/match-path';
import { isAppPath, signedInPathPatterns } from '../../common/app-paths';
import { isSigningLinkPath, signingPaths } from '../../common/public-paths';
import { appRoutes } from './route-table';

const routeFor = (path: string) => findRoute(appRoutes, path);

describe('matchPath', () => {
  it('matches literal segments and named params', () => {
    expect(matchPath('/leads', '/leads')).toEqual({});
    expect(matchPath('/leads', '/leads/')).toEqual({});
    expect(matchPath('/leads/:id', '/leads/42')).toEqual({ id: '42' });
    expect(matchPath('/leads/:id', '/leads')).toBeNull();
    expect(matchPath('/leads/:id', '/leads/42/edit')).toBeNull();
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/sign/:token', '/sign/a%20b')).toEqual({ token: 'a b' });
  });
});

describe('signed-in routes (spec §2) and their guards (spec §6)', () => {
  it('serves the dashboard on /, /dashboard and its sections, without a guard', () => {
    for (const path of ['/', '/dashboard', '/dashboard/pipeline']) {
      expect(routeFor(path)?.route.screen).toBe('dashboard');
      expect(routeFor(path)?.route.access).toBeUndefined();
    }
  });

  it('guards the CRM lists and details with read', () => {
    for (const [path, category] of [
      ['/leads', 'leads'],
      ['/leads/7', 'leads'],
      ['/clients', 'clients'],
      ['/clients/7', 'clients'],
      ['/companies', 'companies'],
      ['/deals', 'deals'],
      ['/deals/7', 'deals'],
    ]) {
      expect(routeFor(path)?.route.access).toEqual({ permission: [category, 'read'] });
    }
  });

  it('guards documents by create, edit and view', () => {
    expect(routeFor('/clients/1/documents/create')?.route.access).toEqual({
      permission: ['documents', 'create'],
    });
    expect(routeFor('/clients/1/documents/2/edit')?.route.access).toEqual({
      permission: ['documents', 'edit'],
    });
    expect(routeFor('/documents/instances/2/edit')?.route.access).toEqual({
      permission: ['documents', 'edit'],
    });
    expect(routeFor('/documents/instances/2')?.route.access).toEqual({ permission: ['documents', 'view'] });
    expect(routeFor('/documents/management')?.route.access).toEqual({ permission: ['documents', 'view'] });
  });

  it('guards settings, integrations, users, editors and internal pages', () => {
    expect(routeFor('/settings')?.route.access).toEqual({ permission: ['settings', 'view'] });
    expect(routeFor('/settings/organization')?.params).toEqual({ section: 'organization' });
    expect(routeFor('/integrations')?.route.access).toEqual({ permission: ['settings', 'view'] });
    expect(routeFor('/integrations/import')?.route).toMatchObject({
      screen: 'importWizard',
      access: { permission: ['settings', 'view'] },
    });
    expect(routeFor('/users')?.route.access).toEqual({ permission: ['users', 'read'] });
    for (const path of [
      '/documents/visual-editor',
      // The visual editor of an existing document, like the blank one (issue 16).
      '/documents/2/edit',
      '/documents/templates/new',
      '/documents/templates/9',
      '/entity-mockups',
      '/entity-test',
    ]) {
      expect(routeFor(path)?.route.access).toEqual({ permission: ['settings', 'manage'] });
    }
    expect(routeFor('/super-admin')?.route.access).toEqual({ superAdmin: true });
    expect(routeFor('/super-admin/health')).toMatchObject({
      route: { screen: 'superAdmin', access: { superAdmin: true } },
      params: { section: 'health' },
    });
  });

  it('serves the custom object sandboxes as real screens, not placeholders', () => {
    expect(routeFor('/entity-mockups')?.route.screen).toBe('entityMockups');
    expect(routeFor('/entity-test')?.route.screen).toBe('entityTest');
    // Issue 19: /integrations is the real page (API keys, webhooks, imports), no longer "coming soon".
    expect(routeFor('/integrations')?.route.screen).toBe('integrations');
    expect(routeFor('/settings/objects')?.params).toEqual({ section: 'objects' });
  });

  it('serves the template and document editors as real screens', () => {
    expect(routeFor('/documents/templates/new')?.route.screen).toBe('templateEditor');
    expect(routeFor('/documents/templates/9')).toMatchObject({
      route: { screen: 'templateEditor' },
      params: { templateId: '9' },
    });
    expect(routeFor('/documents/visual-editor')?.route.screen).toBe('visualEditor');
    for (const path of ['/documents/2/edit', '/documents/instances/2/edit', '/clients/1/documents/2/edit'])
      expect(routeFor(path)?.route.screen, path).toBe('documentEditor');
  });

  it('leaves unknown paths and signing links to other routes', () => {
    expect(routeFor('/nope')).toBeNull();
    expect(routeFor('/leads/1/2')).toBeNull();
    expect(routeFor('/documents/instances/1/sign')).toBeNull();
    expect(signingPaths.some((pattern) => matchPath(pattern, '/documents/instances/1/sign'))).toBe(true);
    expect(signingPaths.some((pattern) => matchPath(pattern, '/share/abc'))).toBe(true);
  });

  it('opens e-mailed signing links in the lean signing entry and in-person signing in the app', () => {
    for (const path of ['/sign/abc', '/share/abc', '/sign/abc/'])
      expect(isSigningLinkPath(path), path).toBe(true);
    for (const path of ['/sign', '/sign/', '/sign/a/b', '/signup', '/documents/instances/1/sign']) {
      expect(isSigningLinkPath(path), path).toBe(false);
    }
  });
});

describe('the path list shared with the server', () => {
  it('gives every shared signed-in pattern exactly one screen, in the same order', () => {
    expect(appRoutes.map((route) => route.path)).toEqual([...signedInPathPatterns]);
  });

  it('knows the public, sign-in, signing and signed-in paths and nothing else', () => {
    for (const path of [
      '/',
      '/about',
      '/auth',
      '/change-password',
      '/sign/abc',
      '/leads/42',
      '/settings/tags',
      '/deals/',
    ]) {
      expect(isAppPath(path), path).toBe(true);
    }
    for (const path of ['/nope', '/leads/1/2', '/about/team', '/assets/x.js', '/auth/extra']) {
      expect(isAppPath(path), path).toBe(false);
    }
  });

  it("serves a custom object's list and records, each page guarding by the object's own category", () => {
    expect(routeFor('/objects/heir')).toMatchObject({
      route: { screen: 'objectRecords' },
      params: { entityType: 'heir' },
    });
    expect(routeFor('/objects/heir/7')).toMatchObject({
      route: { screen: 'objectRecord' },
      params: { entityType: 'heir', id: '7' },
    });
    // The category is known only once the object is loaded: the page checks it, not the route.
    expect(routeFor('/objects/heir')?.route.access).toBeUndefined();
    expect(isAppPath('/objects/heir/7')).toBe(true);
    expect(isAppPath('/objects/heir/7/x')).toBe(false);
  });
});
