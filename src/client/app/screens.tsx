import type { RecordListDescription, RecordListRow } from '../features/records/record-type';
import { findRoute } from '../../common/match-path';
import { PageLoader } from '../components/page-loader';
import type { ReactNode } from 'react';
import { lazyWithPreload, type PreloadableComponent, usePreloaded } from '../lib/lazy-with-preload';
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

type ScreenParams = Record<string, string>;

/** A screen: its page, loaded on first use, and how a route's parameters become the page's props. */
interface Screen {
  page: Pick<PreloadableComponent<unknown>, 'preload' | 'isLoaded'>;
  render: (params: ScreenParams) => ReactNode;
}

function screen<P>(
  page: PreloadableComponent<P>,
  render: (Page: PreloadableComponent<P>, params: ScreenParams) => ReactNode,
): Screen {
  return { page, render: (params) => render(page, params) };
}

const screens = {
  dashboard: screen(
    lazyWithPreload(() => import('../features/dashboard/pages/dashboard-page').then((m) => m.DashboardPage)),
    (Page) => <Page />,
  ),
  settings: screen(
    lazyWithPreload(() => import('../features/settings/pages/settings-page').then((m) => m.SettingsPage)),
    (Page, params) => <Page section={params.section} />,
  ),
  users: screen(
    lazyWithPreload(() => import('../features/users/pages/users-page').then((m) => m.UsersPage)),
    (Page) => <Page />,
  ),
  deals: screen(
    lazyWithPreload(() => import('../features/deals/pages/deals-page').then((m) => m.DealsPage)),
    (Page) => <Page />,
  ),
  deal: screen(
    lazyWithPreload(() => import('../features/deals/pages/deal-detail-page').then((m) => m.DealDetailPage)),
    (Page, params) => <Page key={params.id} id={params.id} />,
  ),
  leads: screen(
    lazyListPage(() => import('../features/leads/lead-record-type').then((m) => m.leadListDescription)),
    (Page) => <Page />,
  ),
  lead: screen(
    lazyWithPreload(() => import('../features/leads/pages/lead-detail-page').then((m) => m.LeadDetailPage)),
    (Page, params) => <Page key={params.id} id={params.id} />,
  ),
  clients: screen(
    lazyListPage(() => import('../features/clients/client-record-type').then((m) => m.clientListDescription)),
    (Page) => <Page />,
  ),
  client: screen(
    lazyWithPreload(() =>
      import('../features/clients/pages/client-detail-page').then((m) => m.ClientDetailPage),
    ),
    (Page, params) => <Page key={params.id} id={params.id} />,
  ),
  companies: screen(
    lazyListPage(() =>
      import('../features/companies/company-record-type').then((m) => m.companyListDescription),
    ),
    (Page) => <Page />,
  ),
  objectRecords: screen(
    lazyWithPreload(() =>
      import('../features/objects/pages/object-records-page').then((m) => m.ObjectRecordsPage),
    ),
    (Page, params) => <Page key={params.entityType} entityType={params.entityType} />,
  ),
  objectRecord: screen(
    lazyWithPreload(() =>
      import('../features/objects/pages/object-record-detail-page').then((m) => m.ObjectRecordDetailPage),
    ),
    (Page, params) => <Page key={params.id} entityType={params.entityType} id={params.id} />,
  ),
  entityMockups: screen(
    lazyWithPreload(() =>
      import('../features/objects/pages/entity-mockups-page').then((m) => m.EntityMockupsPage),
    ),
    (Page) => <Page />,
  ),
  entityTest: screen(
    lazyWithPreload(() => import('../features/objects/pages/entity-test-page').then((m) => m.EntityTestPage)),
    (Page) => <Page />,
  ),
  documentsManagement: screen(
    lazyWithPreload(() =>
      import('../features/documents/pages/documents-management-page').then((m) => m.DocumentsManagementPage),
    ),
    (Page) => <Page />,
  ),
  documentCreate: screen(
    lazyWithPreload(() =>
      import('../features/documents/pages/document-create-page').then((m) => m.DocumentCreatePage),
    ),
    (Page, params) => <Page key={params.clientId} clientId={params.clientId} />,
  ),
  documentViewer: screen(
    lazyWithPreload(() =>
      import('../features/documents/pages/document-viewer-page').then((m) => m.DocumentViewerPage),
    ),
    (Page, params) => <Page key={params.id} id={params.id} />,
  ),
  templateEditor: screen(
    lazyWithPreload(() =>
      import('../features/document-templates/pages/template-editor-page').then((m) => m.TemplateEditorPage),
    ),
    (Page, params) => <Page key={params.templateId ?? 'new'} templateId={params.templateId ?? null} />,
  ),
  documentEditor: screen(
    lazyWithPreload(() =>
      import('../features/document-editor/pages/document-edit-page').then((m) => m.DocumentEditPage),
    ),
    (Page, params) => {
      const documentId = params.documentId ?? params.id;
      return <Page key={documentId} documentId={documentId} clientId={params.clientId} />;
    },
  ),
  visualEditor: screen(
    lazyWithPreload(() =>
      import('../features/document-editor/pages/visual-editor-page').then((m) => m.VisualEditorPage),
    ),
    (Page) => <Page />,
  ),
  importWizard: screen(
    lazyWithPreload(() =>
      import('../features/imports/pages/import-wizard-page').then((m) => m.ImportWizardPage),
    ),
    (Page) => <Page />,
  ),
  integrations: screen(
    lazyWithPreload(() =>
      import('../features/integrations/pages/integrations-page').then((m) => m.IntegrationsPage),
    ),
    (Page) => <Page />,
  ),
  superAdmin: screen(
    lazyWithPreload(() =>
      import('../features/super-admin/pages/super-admin-page').then((m) => m.SuperAdminPage),
    ),
    (Page, params) => <Page section={params.section} />,
  ),
} satisfies Record<AppRoute['screen'], Screen>;

/**
 * Starts loading the screen at `path` (an app address), if there is one and it is not in yet.
 * Super-admin screens only for a super admin: their code loads for nobody else.
 */
export function preloadScreenAt(path: string, viewer: { isSuperAdmin?: boolean } = {}): Promise<unknown> {
  const match = findRoute(appRoutes, path.split(/[?#]/)[0] ?? path);
  if (!match || (match.route.access?.superAdmin && viewer.isSuperAdmin !== true)) return Promise.resolve();
  return screens[match.route.screen].page.preload();
}

/**
 * The screen of a route, given its parameters, with a loader in the layout while its code
 * arrives (instead of suspending the whole application, which React would then hold for 300 ms).
 */
export function LoadedScreen({ route, params }: { route: AppRoute; params: ScreenParams }) {
  const { page, render } = screens[route.screen];
  return usePreloaded(page) ? render(params) : <PageLoader />;
}
