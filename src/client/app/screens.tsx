import type { RecordListDescription, RecordListRow } from '../features/records/record-type';
import { findRoute } from '../../common/match-path';
import { PageLoader } from '../components/page-loader';
import { lazyWithPreload, usePreloaded } from '../lib/lazy-with-preload';
import { type AppRoute, appRoutes } from './route-table';

/*
 * The signed-in screens, each loaded on first use. The screen of the address the app starts on,
 * and of a link the pointer rests on, is preloaded, so it renders without a loading state
 * (lib/lazy-with-preload.ts).
 */

/** A record type's list page (the record kit), loaded with its description when first shown. */
function lazyListPage<Row extends RecordListRow>(load: () => Promise<RecordListDescription<Row>>) {
  return lazyWithPreload(async () => {
    const [{ RecordListPage }, description] = await Promise.all([
      import('../features/records/record-list-page'),
      load(),
    ]);
    return () => <RecordListPage description={description} />;
  });
}

const DashboardPage = lazyWithPreload(() =>
  import('../features/dashboard/pages/dashboard-page').then((m) => m.DashboardPage),
);
const SettingsPage = lazyWithPreload(() =>
  import('../features/settings/pages/settings-page').then((m) => m.SettingsPage),
);
const UsersPage = lazyWithPreload(() =>
  import('../features/users/pages/users-page').then((m) => m.UsersPage),
);
const DealsPage = lazyWithPreload(() =>
  import('../features/deals/pages/deals-page').then((m) => m.DealsPage),
);
const DealDetailPage = lazyWithPreload(() =>
  import('../features/deals/pages/deal-detail-page').then((m) => m.DealDetailPage),
);
const LeadsPage = lazyListPage(() =>
  import('../features/leads/lead-record-type').then((m) => m.leadListDescription),
);
const LeadDetailPage = lazyWithPreload(() =>
  import('../features/leads/pages/lead-detail-page').then((m) => m.LeadDetailPage),
);
const ClientsPage = lazyListPage(() =>
  import('../features/clients/client-record-type').then((m) => m.clientListDescription),
);
const ClientDetailPage = lazyWithPreload(() =>
  import('../features/clients/pages/client-detail-page').then((m) => m.ClientDetailPage),
);
const CompaniesPage = lazyListPage(() =>
  import('../features/companies/company-record-type').then((m) => m.companyListDescription),
);
const ObjectRecordsPage = lazyWithPreload(() =>
  import('../features/objects/pages/object-records-page').then((m) => m.ObjectRecordsPage),
);
const ObjectRecordDetailPage = lazyWithPreload(() =>
  import('../features/objects/pages/object-record-detail-page').then((m) => m.ObjectRecordDetailPage),
);
const EntityMockupsPage = lazyWithPreload(() =>
  import('../features/objects/pages/entity-mockups-page').then((m) => m.EntityMockupsPage),
);
const EntityTestPage = lazyWithPreload(() =>
  import('../features/objects/pages/entity-test-page').then((m) => m.EntityTestPage),
);
const DocumentsManagementPage = lazyWithPreload(() =>
  import('../features/documents/pages/documents-management-page').then((m) => m.DocumentsManagementPage),
);
const DocumentCreatePage = lazyWithPreload(() =>
  import('../features/documents/pages/document-create-page').then((m) => m.DocumentCreatePage),
);
const DocumentViewerPage = lazyWithPreload(() =>
  import('../features/documents/pages/document-viewer-page').then((m) => m.DocumentViewerPage),
);
const TemplateEditorPage = lazyWithPreload(() =>
  import('../features/document-templates/pages/template-editor-page').then((m) => m.TemplateEditorPage),
);
const DocumentEditPage = lazyWithPreload(() =>
  import('../features/document-editor/pages/document-edit-page').then((m) => m.DocumentEditPage),
);
const VisualEditorPage = lazyWithPreload(() =>
  import('../features/document-editor/pages/visual-editor-page').then((m) => m.VisualEditorPage),
);
const ImportWizardPage = lazyWithPreload(() =>
  import('../features/imports/pages/import-wizard-page').then((m) => m.ImportWizardPage),
);
const IntegrationsPage = lazyWithPreload(() =>
  import('../features/integrations/pages/integrations-page').then((m) => m.IntegrationsPage),
);
const SuperAdminPage = lazyWithPreload(() =>
  import('../features/super-admin/pages/super-admin-page').then((m) => m.SuperAdminPage),
);

/** Each screen's page, for preloading. */
const screenPages = {
  dashboard: DashboardPage,
  settings: SettingsPage,
  users: UsersPage,
  deals: DealsPage,
  deal: DealDetailPage,
  leads: LeadsPage,
  lead: LeadDetailPage,
  clients: ClientsPage,
  client: ClientDetailPage,
  companies: CompaniesPage,
  objectRecords: ObjectRecordsPage,
  objectRecord: ObjectRecordDetailPage,
  entityMockups: EntityMockupsPage,
  entityTest: EntityTestPage,
  documentsManagement: DocumentsManagementPage,
  documentCreate: DocumentCreatePage,
  documentViewer: DocumentViewerPage,
  templateEditor: TemplateEditorPage,
  documentEditor: DocumentEditPage,
  visualEditor: VisualEditorPage,
  importWizard: ImportWizardPage,
  integrations: IntegrationsPage,
  superAdmin: SuperAdminPage,
} satisfies Record<AppRoute['screen'], { preload: () => Promise<unknown> }>;

/**
 * Starts loading the screen at `path` (an app address), if there is one and it is not in yet.
 * Super-admin screens only for a super admin: their code loads for nobody else.
 */
export function preloadScreenAt(path: string, viewer: { isSuperAdmin?: boolean } = {}): Promise<unknown> {
  const match = findRoute(appRoutes, path.split(/[?#]/)[0] ?? path);
  if (!match || (match.route.access?.superAdmin && viewer.isSuperAdmin !== true)) return Promise.resolve();
  return screenPages[match.route.screen].preload();
}

/**
 * The screen of a route, given its parameters, with a loader in the layout while its code
 * arrives (instead of suspending the whole application, which React would then hold for 300 ms).
 */
export function LoadedScreen({ route, params }: { route: AppRoute; params: Record<string, string> }) {
  return usePreloaded(screenPages[route.screen]) ? <Screen route={route} params={params} /> : <PageLoader />;
}

function Screen({ route, params }: { route: AppRoute; params: Record<string, string> }) {
  switch (route.screen) {
    case 'dashboard':
      return <DashboardPage />;
    case 'settings':
      return <SettingsPage section={params.section} />;
    case 'users':
      return <UsersPage />;
    case 'deals':
      return <DealsPage />;
    case 'deal':
      return <DealDetailPage key={params.id} id={params.id} />;
    case 'leads':
      return <LeadsPage />;
    case 'lead':
      return <LeadDetailPage key={params.id} id={params.id} />;
    case 'clients':
      return <ClientsPage />;
    case 'client':
      return <ClientDetailPage key={params.id} id={params.id} />;
    case 'companies':
      return <CompaniesPage />;
    case 'objectRecords':
      return <ObjectRecordsPage key={params.entityType} entityType={params.entityType} />;
    case 'objectRecord':
      return <ObjectRecordDetailPage key={params.id} entityType={params.entityType} id={params.id} />;
    case 'entityMockups':
      return <EntityMockupsPage />;
    case 'entityTest':
      return <EntityTestPage />;
    case 'documentsManagement':
      return <DocumentsManagementPage />;
    case 'documentCreate':
      return <DocumentCreatePage key={params.clientId} clientId={params.clientId} />;
    case 'documentViewer':
      return <DocumentViewerPage key={params.id} id={params.id} />;
    case 'templateEditor':
      return <TemplateEditorPage key={params.templateId ?? 'new'} templateId={params.templateId ?? null} />;
    case 'documentEditor': {
      const documentId = params.documentId ?? params.id;
      return <DocumentEditPage key={documentId} documentId={documentId} clientId={params.clientId} />;
    }
    case 'visualEditor':
      return <VisualEditorPage />;
    case 'importWizard':
      return <ImportWizardPage />;
    case 'integrations':
      return <IntegrationsPage />;
    case 'superAdmin':
      return <SuperAdminPage section={params.section} />;
  }
}
