import type { SignedInPathPattern } from '../../common/app-paths';
import type { AccessRequirement } from '../components/permission-guard';

export type AppScreen =
  | 'dashboard'
  | 'settings'
  | 'users'
  | 'deals'
  | 'deal'
  | 'leads'
  | 'lead'
  | 'clients'
  | 'client'
  | 'companies'
  | 'objectRecords'
  | 'objectRecord'
  | 'entityMockups'
  | 'entityTest'
  | 'documentsManagement'
  | 'documentCreate'
  | 'documentViewer'
  | 'templateEditor'
  | 'documentEditor'
  | 'visualEditor'
  | 'importWizard'
  | 'integrations'
  | 'superAdmin';

export interface AppRoute {
  /** One of the shared list, so the server knows this path too. */
  path: SignedInPathPattern;
  screen: AppScreen;
  /** Route guard of spec §6; the screen shows the permission message when it fails. */
  access?: AccessRequirement;
}

const read = (category: string): AccessRequirement => ({ permission: [category, 'read'] });
const settingsView: AccessRequirement = { permission: ['settings', 'view'] };
const settingsManage: AccessRequirement = { permission: ['settings', 'manage'] };
const documents = (action: string): AccessRequirement => ({ permission: ['documents', action] });

/** The signed-in screens of spec §2 with their guards of spec §6, first match wins. */
export const appRoutes: AppRoute[] = [
  { path: '/', screen: 'dashboard' },
  { path: '/dashboard', screen: 'dashboard' },
  { path: '/dashboard/:section', screen: 'dashboard' },
  { path: '/leads', screen: 'leads', access: read('leads') },
  { path: '/leads/:id', screen: 'lead', access: read('leads') },
  { path: '/clients', screen: 'clients', access: read('clients') },
  { path: '/clients/:id', screen: 'client', access: read('clients') },
  { path: '/clients/:clientId/documents/create', screen: 'documentCreate', access: documents('create') },
  {
    path: '/clients/:clientId/documents/:documentId/edit',
    screen: 'documentEditor',
    access: documents('edit'),
  },
  { path: '/companies', screen: 'companies', access: read('companies') },
  { path: '/deals', screen: 'deals', access: read('deals') },
  { path: '/deals/:id', screen: 'deal', access: read('deals') },
  // Each object's records follow its permission category: the page checks it once the object is known.
  { path: '/objects/:entityType', screen: 'objectRecords' },
  { path: '/objects/:entityType/:id', screen: 'objectRecord' },
  { path: '/settings', screen: 'settings', access: settingsView },
  { path: '/settings/:section', screen: 'settings', access: settingsView },
  { path: '/users', screen: 'users', access: read('users') },
  { path: '/integrations', screen: 'integrations', access: settingsView },
  { path: '/integrations/import', screen: 'importWizard', access: settingsView },
  { path: '/documents/visual-editor', screen: 'visualEditor', access: settingsManage },
  // The visual editor for an existing document: settings manage (spec §6), like the blank one.
  { path: '/documents/:documentId/edit', screen: 'documentEditor', access: settingsManage },
  { path: '/documents/templates/new', screen: 'templateEditor', access: settingsManage },
  { path: '/documents/templates/:templateId', screen: 'templateEditor', access: settingsManage },
  { path: '/documents/instances/:id', screen: 'documentViewer', access: documents('view') },
  { path: '/documents/instances/:id/edit', screen: 'documentEditor', access: documents('edit') },
  { path: '/documents/management', screen: 'documentsManagement', access: documents('view') },
  { path: '/entity-mockups', screen: 'entityMockups', access: settingsManage },
  { path: '/entity-test', screen: 'entityTest', access: settingsManage },
  // Its code loads only once the guard has let a super admin through (a lazy screen).
  { path: '/super-admin', screen: 'superAdmin', access: { superAdmin: true } },
  { path: '/super-admin/:section', screen: 'superAdmin', access: { superAdmin: true } },
];
