import { lazy } from 'react';
import { Redirect, useLocation } from 'wouter';
import { PermissionGuard } from '../components/permission-guard';
import { ToursRoot } from '../features/tours/tours-root';
import { AppLayout } from './layout/app-layout';
import { findRoute } from '../../common/match-path';
import { type AppRoute, appRoutes } from './route-table';
import { AppNotFoundPage } from './app-not-found-page';
import type { RecordListDescription, RecordListRow } from '../features/records/record-type';

/** A record type's list page (the record kit), loaded with its description when first shown. */
function lazyListPage<Row extends RecordListRow>(load: () => Promise<RecordListDescription<Row>>) {
  return lazy(async () => {
    const [{ RecordListPage }, description] = await Promise.all([
      import('../features/records/record-list-page'),
      load(),
    ]);
    return { default: () => <RecordListPage description={description} /> };
  });
}

const DashboardPage = lazy(() =>
  import('../features/dashboard/pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/pages/settings-page').then((m) => ({ default: m.SettingsPage })),
);
const UsersPage = lazy(() =>
  import('../features/users/pages/users-page').then((m) => ({ default: m.UsersPage })),
);
const DealsPage = lazy(() =>
  import('../features/deals/pages/deals-page').then((m) => ({ default: m.DealsPage })),
);
const DealDetailPage = lazy(() =>
  import('../features/deals/pages/deal-detail-page').then((m) => ({ default: m.DealDetailPage })),
);
const LeadsPage = lazyListPage(() =>
  import('../features/leads/lead-record-type').then((m) => m.leadListDescription),
);
const LeadDetailPage = lazy(() =>
  import('../features/leads/pages/lead-detail-page').then((m) => ({ default: m.LeadDetailPage })),
);
const ClientsPage = lazyListPage(() =>
  import('../features/clients/client-record-type').then((m) => m.clientListDescription),
);
const ClientDetailPage = lazy(() =>
  import('../features/clients/pages/client-detail-page').then((m) => ({ default: m.ClientDetailPage })),
);
const CompaniesPage = lazyListPage(() =>
  import('../features/companies/company-record-type').then((m) => m.companyListDescription),
);
const ObjectRecordsPage = lazy(() =>
  import('../features/objects/pages/object-records-page').then((m) => ({ default: m.ObjectRecordsPage })),
);
const ObjectRecordDetailPage = lazy(() =>
  import('../features/objects/pages/object-record-detail-page').then((m) => ({
    default: m.ObjectRecordDetailPage,
  })),
);
const EntityMockupsPage = lazy(() =>
  import('../features/objects/pages/entity-mockups-page').then((m) => ({ default: m.EntityMockupsPage })),
);
const EntityTestPage = lazy(() =>
  import('../features/objects/pages/entity-test-page').then((m) => ({ default: m.EntityTestPage })),
);
const DocumentsManagementPage = lazy(() =>
  import('../features/documents/pages/documents-management-page').then((m) => ({
    default: m.DocumentsManagementPage,
  })),
);
const DocumentCreatePage = lazy(() =>
  import('../features/documents/pages/document-create-page').then((m) => ({ default: m.DocumentCreatePage })),
);
const DocumentViewerPage = lazy(() =>
  import('../features/documents/pages/document-viewer-page').then((m) => ({ default: m.DocumentViewerPage })),
);
const TemplateEditorPage = lazy(() =>
  import('../features/document-templates/pages/template-editor-page').then((m) => ({
    default: m.TemplateEditorPage,
  })),
);
const DocumentEditPage = lazy(() =>
  import('../features/document-editor/pages/document-edit-page').then((m) => ({
    default: m.DocumentEditPage,
  })),
);
const VisualEditorPage = lazy(() =>
  import('../features/document-editor/pages/visual-editor-page').then((m) => ({
    default: m.VisualEditorPage,
  })),
);
const ImportWizardPage = lazy(() =>
  import('../features/imports/pages/import-wizard-page').then((m) => ({ default: m.ImportWizardPage })),
);
const IntegrationsPage = lazy(() =>
  import('../features/integrations/pages/integrations-page').then((m) => ({ default: m.IntegrationsPage })),
);
const SuperAdminPage = lazy(() =>
  import('../features/super-admin/pages/super-admin-page').then((m) => ({ default: m.SuperAdminPage })),
);

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

const hasAppRoute = (path: string) => findRoute(appRoutes, path) !== null;

/** Signed in (spec §2): the layout around the screen of the current path, behind its guard. */
export function SignedInApp() {
  const [path] = useLocation();
  if (path === '/auth') return <Redirect to="/dashboard" replace />;
  // Tours (and the welcome dialog) sit above the screens, so a running tour survives page changes.
  return (
    <ToursRoot hasRoute={hasAppRoute}>
      <SignedInScreen path={path} />
    </ToursRoot>
  );
}

function SignedInScreen({ path }: { path: string }) {
  const match = findRoute(appRoutes, path);
  if (!match) {
    return (
      <AppLayout>
        <AppNotFoundPage />
      </AppLayout>
    );
  }
  const { route, params } = match;
  return (
    <AppLayout>
      {/* Keyed by pattern: moving between screens starts the next one fresh. */}
      <PermissionGuard key={route.path} {...route.access}>
        <Screen route={route} params={params} />
      </PermissionGuard>
    </AppLayout>
  );
}
