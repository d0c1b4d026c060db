import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionActions, permissionCategories } from '../../common/permissions';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/identity';
import { call, newOrganization, signedInMember } from '../features/users/test-helpers';
import { deniedMessage, notSignedInMessage } from '../plugins/access-guard';
import {
  declareRouteAccess,
  describeAccess,
  type RegisteredRoute,
  type RouteAccess,
} from '../plugins/route-access';
import type { SignedIn } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/*
 * Who can reach each endpoint (Twenty-style). The table below is the reviewed contract: adding a
 * route or changing its access fails this test until the table says so, so every permission
 * change shows up in review.
 */
const expectedAccess = [
  // Issue 20 (organizations): the platform's organizations.
  'GET /api/super-admin/organizations → superAdmin',
  'GET /api/super-admin/organizations/:id → superAdmin',
  'PATCH /api/super-admin/organizations/:id → superAdmin',
  'DELETE /api/super-admin/organizations/:id → superAdmin',
  'POST /api/super-admin/organizations/:id/suspend → superAdmin',
  'POST /api/super-admin/organizations/:id/reactivate → superAdmin',
  // Issue 20 (configuration and health): system_config, the maintenance status, health.
  'GET /api/super-admin/system-config → superAdmin',
  'PATCH /api/super-admin/system-config → superAdmin',
  'GET /api/super-admin/system-config/history → superAdmin',
  'GET /api/system-status → public',
  'GET /maintenance → public',
  'GET /api/super-admin/health → superAdmin',
  'POST /api/super-admin/health/retry → superAdmin',
  // Issue 20 (audit and analytics): every organization's audit trail, tenant analytics.
  'GET /api/super-admin/system-audit-logs → superAdmin',
  'GET /api/super-admin/system-audit-logs/summary → superAdmin',
  'GET /api/super-admin/system-audit-logs/export → superAdmin',
  'GET /api/super-admin/tenant-analytics → superAdmin',
  'GET /api/super-admin/organizations/:id/analytics → superAdmin',
  // Issue 20 (service requests and submissions): both sides of service requests, public submissions.
  'POST /api/service-requests → settings:manage',
  'GET /api/service-requests → settings:manage',
  'GET /api/service-requests/:id → settings:manage',
  'GET /api/super-admin/service-requests → superAdmin',
  'GET /api/super-admin/service-requests/assignees → superAdmin',
  'GET /api/super-admin/service-requests/:id → superAdmin',
  'PATCH /api/super-admin/service-requests/:id → superAdmin',
  'GET /api/super-admin/early-access-signups → superAdmin',
  'GET /api/super-admin/early-access-signups/export → superAdmin',
  'GET /api/super-admin/demo-requests → superAdmin',
  'GET /api/super-admin/demo-requests/export → superAdmin',
  'PATCH /api/super-admin/demo-requests/:id → superAdmin',
  'GET /api/super-admin/support-submissions → superAdmin',
  'GET /api/super-admin/support-submissions/export → superAdmin',
  'GET /api/super-admin/feedback → superAdmin',
  'GET /api/super-admin/feedback/export → superAdmin',
  // Issue 20 (releases and announcements): deployments, system_updates and the bell.
  'GET /api/super-admin/deployments → superAdmin',
  'POST /api/super-admin/deployments → superAdmin',
  'GET /api/super-admin/system-updates → superAdmin',
  'POST /api/super-admin/system-updates → superAdmin',
  'DELETE /api/super-admin/system-updates/:id → superAdmin',
  'GET /api/system-updates → authenticated',
  'POST /api/system-updates/read-all → authenticated',
  'POST /api/system-updates/:id/read → authenticated',
  // Issue 20 (support access): read-only visits as an organization's user.
  'POST /api/super-admin/support-access → superAdmin',
  'GET /api/super-admin/support-access → superAdmin',
  'GET /api/super-admin/support-access/users → superAdmin',
  'GET /api/support-access/current → authenticated',
  'POST /api/support-access/end → authenticated',
  // Issue 19: API keys (seen with settings:view, changed with settings:update; never with a key).
  'GET /api/api-keys → settings:view',
  'GET /api/api-keys/:id → settings:view',
  'POST /api/api-keys → settings:update',
  'PATCH /api/api-keys/:id → settings:update',
  'POST /api/api-keys/:id/revoke → settings:update',
  'DELETE /api/api-keys/:id → settings:update',
  // Issue 19: integrations and webhook deliveries (read with settings:view, changed with settings:update).
  'GET /api/integrations → settings:view',
  'GET /api/integrations/:id → settings:view',
  'POST /api/integrations → settings:update',
  'PATCH /api/integrations/:id → settings:update',
  'DELETE /api/integrations/:id → settings:update',
  'POST /api/integrations/:id/rotate-secret → settings:update',
  'POST /api/integrations/:id/test → settings:update',
  'GET /api/webhook-logs → settings:view',
  'GET /api/webhook-logs/:id → settings:view',
  'POST /api/webhook-logs/:id/redeliver → settings:update',
  // Issue 17 (H2): the signer's side, reached with a link's token (no account).
  'GET /api/signing/:token → public',
  'POST /api/signing/:token/consent → public',
  'POST /api/signing/:token/code → public',
  'POST /api/signing/:token/verify → public',
  'GET /api/signing/:token/pdf → public',
  'POST /api/signing/:token/events → public',
  'POST /api/signing/:token/finish → public',
  'POST /api/signing/:token/decline → public',
  'GET /api/signing/:token/copy → public',
  'GET /api/shares/:token → public',
  'GET /api/shares/:token/pdf → public',
  // Issue 18: sealing certificates (seen with settings, issued and deactivated with settings:manage).
  'GET /api/digital-certificates → any of settings:view, settings:manage',
  'GET /api/digital-certificates/ca-chain → any of settings:view, settings:manage',
  'GET /api/digital-certificates/:id → any of settings:view, settings:manage',
  'GET /api/digital-certificates/:id/certificate → any of settings:view, settings:manage',
  'POST /api/digital-certificates → settings:manage',
  'PATCH /api/digital-certificates/:id → settings:manage',
  // Issue 16: documents (view|read to see, create, edit|update to change, delete).
  'GET /api/document-instances → any of documents:view, documents:read',
  'GET /api/document-instances/:id → any of documents:view, documents:read',
  'GET /api/document-instances/:id/pdf → any of documents:view, documents:read',
  'GET /api/document-instances/:id/pages → any of documents:view, documents:read',
  'POST /api/document-instances → documents:create',
  'POST /api/document-instances/upload → documents:create',
  'PATCH /api/document-instances/:id → any of documents:edit, documents:update',
  'DELETE /api/document-instances/:id → documents:delete',
  'POST /api/document-instances/bulk → any of documents:edit, documents:update, documents:delete',
  // Issue 17 (H1): the sender's side of signing (view|read to see, edit|update to change or send).
  'POST /api/document-instances/:id/send → any of documents:edit, documents:update',
  'GET /api/enhanced-signature-requests → any of documents:view, documents:read',
  'GET /api/enhanced-signature-requests/:id → any of documents:view, documents:read',
  'GET /api/enhanced-signature-requests/:id/audit-trail → any of documents:view, documents:read',
  'GET /api/enhanced-signature-requests/:id/signed-pdf → any of documents:view, documents:read',
  // Issue 18: the evidence export (view|read), and the public verification of sealed documents.
  'GET /api/enhanced-signature-requests/:id/evidence → any of documents:view, documents:read',
  'GET /api/enhanced-signature-requests/:id/evidence.zip → any of documents:view, documents:read',
  'GET /api/verify → public',
  'GET /api/verify/:verificationId → public',
  'POST /api/enhanced-signature-requests → any of documents:edit, documents:update',
  'PATCH /api/enhanced-signature-requests/:id → any of documents:edit, documents:update',
  'DELETE /api/enhanced-signature-requests/:id → any of documents:edit, documents:update',
  'POST /api/enhanced-signature-requests/:id/recipients → any of documents:edit, documents:update',
  'PATCH /api/enhanced-signature-requests/:id/recipients/:recipientId → any of documents:edit, documents:update',
  'DELETE /api/enhanced-signature-requests/:id/recipients/:recipientId → any of documents:edit, documents:update',
  'POST /api/enhanced-signature-requests/:id/fields → any of documents:edit, documents:update',
  'PATCH /api/enhanced-signature-requests/:id/fields/:fieldId → any of documents:edit, documents:update',
  'DELETE /api/enhanced-signature-requests/:id/fields/:fieldId → any of documents:edit, documents:update',
  'POST /api/enhanced-signature-requests/:id/send → any of documents:edit, documents:update',
  'POST /api/enhanced-signature-requests/:id/cancel → any of documents:edit, documents:update',
  'POST /api/enhanced-signature-requests/:id/remind → any of documents:edit, documents:update',
  'POST /api/enhanced-signature-requests/:id/recipients/:recipientId/resend → any of documents:edit, documents:update',
  'POST /api/enhanced-signature-requests/:id/recipients/:recipientId/in-person → any of documents:edit, documents:update',
  // Issue 18: retrying the seal of a completed request.
  'POST /api/enhanced-signature-requests/:id/seal → any of documents:edit, documents:update',
  'GET /api/document-signing-workflows → any of documents:view, documents:read',
  'GET /api/document-signing-workflows/:id → any of documents:view, documents:read',
  'POST /api/document-signing-workflows → any of documents:edit, documents:update',
  'PATCH /api/document-signing-workflows/:id → any of documents:edit, documents:update',
  'DELETE /api/document-signing-workflows/:id → any of documents:edit, documents:update',
  'POST /api/document-signing-workflows/:id/send → any of documents:edit, documents:update',
  'GET /api/document-shares → any of documents:view, documents:read',
  'GET /api/document-shares/:id → any of documents:view, documents:read',
  'POST /api/document-shares → any of documents:edit, documents:update',
  'DELETE /api/document-shares/:id → any of documents:edit, documents:update',
  // Issue 15 (H2): password reset, invitations, e-mail templates and signatures, tracking.
  'POST /api/auth/forgot-password → public',
  'POST /api/auth/reset-password → public',
  'GET /api/auth/token → public',
  'POST /api/auth/accept-invitation → public',
  'POST /api/users/invitations → users:create',
  'POST /api/users/:id/invitations → users:create',
  'GET /api/email-templates → authenticated',
  'GET /api/email-templates/:id → authenticated',
  'POST /api/email-templates → settings:update',
  'PATCH /api/email-templates/:id → settings:update',
  'DELETE /api/email-templates/:id → settings:update',
  'POST /api/email-templates/:id/duplicate → settings:update',
  'POST /api/email-templates/:id/render → authenticated',
  'POST /api/email-templates/preview → authenticated',
  'GET /api/merge-fields → authenticated',
  // Issue 16: document templates (read by whoever makes documents; changed with settings:manage).
  'GET /api/document-templates → any of documents:read, documents:view, documents:create, settings:manage',
  'GET /api/document-templates/:id → any of documents:read, documents:view, documents:create, settings:manage',
  'POST /api/document-templates → settings:manage',
  'PATCH /api/document-templates/:id → settings:manage',
  'DELETE /api/document-templates/:id → settings:manage',
  'POST /api/document-templates/:id/duplicate → settings:manage',
  'POST /api/document-templates/:id/preview → any of documents:read, documents:view, documents:create, settings:manage',
  'GET /api/document-templates/:id/pdf → any of documents:read, documents:view, documents:create, settings:manage',
  'GET /api/document-template-library → any of documents:read, documents:view, documents:create, settings:manage',
  'POST /api/document-template-library/:key/install → settings:manage',
  'GET /api/email-signatures → authenticated',
  'GET /api/email-signatures/:id → authenticated',
  'POST /api/email-signatures → settings:update',
  'PATCH /api/email-signatures/:id → settings:update',
  'DELETE /api/email-signatures/:id → settings:update',
  'POST /api/email-signatures/:id/render → authenticated',
  'GET /api/email-tracking/open/:pixelId → public',
  'GET /api/email-tracking/click/:pixelId → public',
  // Issue 16: signature fields (the service then asks for the permission of the field's own kind).
  'GET /api/signature-fields → any of documents:view, documents:read, documents:create, settings:manage',
  'GET /api/signature-fields/:id → any of documents:view, documents:read, documents:create, settings:manage',
  'POST /api/signature-fields → any of documents:edit, documents:update, settings:manage',
  'PATCH /api/signature-fields/:id → any of documents:edit, documents:update, settings:manage',
  'DELETE /api/signature-fields/:id → any of documents:edit, documents:update, settings:manage',
  'PUT /api/document-instances/:id/signature-fields → any of documents:edit, documents:update',
  'PUT /api/document-templates/:id/signature-fields → settings:manage',
  'DELETE /api/activities/:id → activities:delete',
  'DELETE /api/clients/:id → clients:delete',
  'DELETE /api/companies/:id → companies:delete',
  'DELETE /api/deals/:id → deals:delete',
  'DELETE /api/lead-activities/:id → activities:delete',
  'DELETE /api/leads/:id → leads:delete',
  'DELETE /api/organization/logo → settings:update',
  'DELETE /api/teams/:id → teams:delete',
  'DELETE /api/users/:id → users:delete',
  'GET /api/activities → activities:read',
  'GET /api/activities/:id → activities:read',
  'GET /api/clients → clients:read',
  'GET /api/clients/:id → clients:read',
  'GET /api/clients/export.csv → clients:read',
  'GET /api/companies → companies:read',
  'GET /api/companies/:id → companies:read',
  'GET /api/companies/export.csv → companies:read',
  'GET /api/deals → deals:read',
  'GET /api/deals/:id → deals:read',
  'GET /api/deals/export.csv → deals:read',
  'GET /api/demo-requests → superAdmin',
  'GET /api/early-access → superAdmin',
  'GET /api/feedback → superAdmin',
  // Mailboxes are personal: every signed-in user manages their own (others' ids are 404).
  'GET /api/email-accounts → authenticated',
  'POST /api/email-accounts → authenticated',
  'POST /api/email-accounts/test → authenticated',
  'GET /api/email-accounts/oauth/providers → authenticated',
  'GET /api/email-accounts/oauth/:provider/start → authenticated',
  'GET /api/email-accounts/oauth/:provider/callback → authenticated',
  'GET /api/email-accounts/:id → authenticated',
  'PATCH /api/email-accounts/:id → authenticated',
  'DELETE /api/email-accounts/:id → authenticated',
  'POST /api/email-accounts/:id/sync → authenticated',
  'GET /api/email-accounts/:id/sync-jobs → authenticated',
  'GET /api/files/:id/:name → activities:read',
  'GET /api/health → public',
  'GET /api/openapi.json → public',
  'GET /api/docs → public',
  'GET /api/latest-release → authenticated',
  'GET /api/lead-activities → activities:read',
  'GET /api/lead-activities/:id → activities:read',
  'GET /api/leads → leads:read',
  'GET /api/leads/:id → leads:read',
  'GET /api/leads/duplicates → leads:read',
  'GET /api/leads/export.csv → leads:read',
  'GET /api/login → public',
  'GET /api/logout → public',
  'GET /api/organization → authenticated',
  'GET /api/organization-email-settings → settings:view',
  'GET /api/outbox → settings:view',
  'GET /api/organization/logo → public',
  'GET /api/organization/logo/image → authenticated',
  'GET /api/permissions → authenticated',
  'PATCH /api/super-admin/permissions/:id → superAdmin',
  'GET /api/session → public',
  'GET /api/support-submissions → superAdmin',
  'GET /api/system-audit-logs → settings:manage',
  'GET /api/system-audit-logs/export.csv → settings:manage',
  'GET /api/support-submissions/:id/image → superAdmin',
  'GET /api/tasks/mine → activities:read',
  'GET /api/teams → teams:read',
  'GET /api/teams/:id → teams:read',
  'GET /api/user → authenticated',
  'GET /api/users → users:read',
  'GET /api/users/:id → users:read',
  'PATCH /api/activities/:id → activities:update',
  'PATCH /api/clients/:id → clients:update',
  'PATCH /api/companies/:id → companies:update',
  'PATCH /api/deals/:id → deals:update',
  'PATCH /api/lead-activities/:id → activities:update',
  'PATCH /api/leads/:id → leads:update',
  'PATCH /api/organization → settings:update',
  'PATCH /api/teams/:id → teams:update',
  'PATCH /api/user/profile → authenticated',
  'PATCH /api/users/:id → users:update',
  'POST /api/activities → activities:create',
  'POST /api/auth/change-password → authenticated',
  'POST /api/auth/login → public',
  'POST /api/auth/register → public',
  'POST /api/clients → clients:create',
  'POST /api/clients/bulk → any of clients:update, clients:delete',
  'POST /api/companies → companies:create',
  'POST /api/companies/bulk → any of companies:update, companies:delete',
  'POST /api/deals → deals:create',
  'POST /api/deals/bulk → any of deals:update, deals:delete',
  'POST /api/demo-request → public',
  'POST /api/early-access → public',
  'POST /api/feedback → authenticated',
  'POST /api/files → any of activities:create, activities:update',
  'POST /api/lead-activities → activities:create',
  'POST /api/leads → leads:create',
  'POST /api/leads/:id/convert → leads:update',
  'POST /api/leads/bulk → any of leads:update, leads:delete',
  'POST /api/logout → public',
  'POST /api/support-submission → public',
  'POST /api/teams → teams:create',
  'POST /api/user/release-notification-preference → authenticated',
  'POST /api/users → users:create',
  'GET /api/preferences/lists/:listKey → authenticated',
  'PUT /api/preferences/lists/:listKey → authenticated',
  'PUT /api/organization/logo → settings:update',
  'PUT /api/organization-email-settings → settings:update',
  'POST /api/organization-email-settings/test → settings:update',
  'POST /api/outbox/:id/retry → settings:update',
  // Saved views: the service also asks for read of the view's own list (a custom object's: its category).
  'DELETE /api/saved-views/:id → any of leads:read, clients:read, companies:read, deals:read',
  'GET /api/saved-views → any of leads:read, clients:read, companies:read, deals:read',
  'PATCH /api/saved-views/:id → any of leads:read, clients:read, companies:read, deals:read',
  'POST /api/saved-views → any of leads:read, clients:read, companies:read, deals:read',
  // Mail on records: the service also asks for read of the record (a thread: of a record it is on).
  'GET /api/email-threads → any of leads:read, clients:read, companies:read, deals:read',
  'GET /api/email-threads/:id → any of leads:read, clients:read, companies:read, deals:read',
  'PATCH /api/email-threads/:id → any of leads:read, clients:read, companies:read, deals:read',
  'POST /api/emails → activities:create',
  'GET /api/emails/:id/body → any of leads:read, clients:read, companies:read, deals:read',
  'GET /api/email-addresses → activities:create',
  // Configurable lists, tags, custom fields, surplus, pipeline board, dashboard, search, sample data.
  'DELETE /api/custom-fields/:id → settings:manage',
  'DELETE /api/deal-reasons/:id → settings:update',
  'DELETE /api/deal-statuses/:id → settings:update',
  'DELETE /api/field-sections/:id → settings:manage',
  'DELETE /api/lead-sources/:id → settings:update',
  'DELETE /api/person-statuses/:id → settings:update',
  'DELETE /api/pipelines/:id → settings:update',
  'DELETE /api/revenue-types/:id → settings:update',
  'DELETE /api/sample-data → settings:update',
  'DELETE /api/stages/:id → settings:update',
  'DELETE /api/state-rules/:id → settings:update',
  'DELETE /api/tags/:id → settings:update',
  'GET /api/custom-fields → authenticated',
  'GET /api/entity-templates → authenticated',
  'POST /api/entity-templates/:key/install → settings:manage',
  'POST /api/entity-records/import → any of leads:create, clients:create, companies:create, deals:create',
  // Issue 19: imports (the record type's own create/update/delete/read is checked in the services).
  'POST /api/import-jobs/upload → any of leads:create, clients:create, companies:create, deals:create',
  'GET /api/import-jobs/fields → any of leads:create, clients:create, companies:create, deals:create',
  'POST /api/import-jobs → any of leads:create, clients:create, companies:create, deals:create',
  'GET /api/import-jobs → any of settings:view, leads:create, clients:create, companies:create, deals:create',
  'GET /api/import-jobs/:id → any of settings:view, leads:create, clients:create, companies:create, deals:create',
  'POST /api/import-jobs/:id/cancel → any of leads:create, clients:create, companies:create, deals:create',
  'POST /api/import-jobs/:id/undo → any of leads:create, clients:create, companies:create, deals:create',
  'GET /api/import-jobs/:id/errors.csv → any of settings:view, leads:create, clients:create, companies:create, deals:create',
  'POST /api/integrations/:id/run → settings:update',
  'GET /api/custom-fields/:id → authenticated',
  'GET /api/dashboard/claim-deadlines → deals:read',
  'GET /api/dashboard/summary → reports:read',
  'GET /api/dashboard/trends → reports:read',
  'GET /api/deal-reasons → authenticated',
  'GET /api/deal-reasons/:id → authenticated',
  'GET /api/deal-statuses → authenticated',
  'GET /api/deal-statuses/:id → authenticated',
  'GET /api/deals/:id/surplus → deals:read',
  'GET /api/field-sections → authenticated',
  'GET /api/field-sections/:id → authenticated',
  'GET /api/lead-sources → authenticated',
  'GET /api/lead-sources/:id → authenticated',
  'GET /api/person-statuses → authenticated',
  'GET /api/person-statuses/:id → authenticated',
  'GET /api/pipelines → authenticated',
  'GET /api/pipelines/:id → authenticated',
  'GET /api/pipelines/:id/board → deals:read',
  'GET /api/pipelines/:id/board/:stageName → deals:read',
  'GET /api/revenue-types → authenticated',
  'GET /api/revenue-types/:id → authenticated',
  'GET /api/sample-data → settings:view',
  'GET /api/search → authenticated',
  'GET /api/stages → authenticated',
  'GET /api/stages/:id → authenticated',
  'GET /api/state-rules → authenticated',
  'GET /api/state-rules/:id → authenticated',
  'GET /api/tags → authenticated',
  'GET /api/tags/:id → authenticated',
  'PATCH /api/custom-fields/:id → settings:manage',
  'PATCH /api/deal-reasons/:id → settings:update',
  'PATCH /api/deal-statuses/:id → settings:update',
  'PATCH /api/field-sections/:id → settings:manage',
  'PATCH /api/lead-sources/:id → settings:update',
  'PATCH /api/person-statuses/:id → settings:update',
  'PATCH /api/pipelines/:id → settings:update',
  'PATCH /api/revenue-types/:id → settings:update',
  'PATCH /api/stages/:id → settings:update',
  'PATCH /api/state-rules/:id → settings:update',
  'PATCH /api/tags/:id → settings:update',
  'POST /api/custom-fields → settings:manage',
  'POST /api/custom-fields/reorder → settings:manage',
  'POST /api/deal-reasons → settings:update',
  'POST /api/deal-reasons/reorder → settings:update',
  'POST /api/deal-statuses → settings:update',
  'POST /api/deal-statuses/reorder → settings:update',
  'POST /api/deals/:id/move → deals:update',
  'POST /api/field-sections → settings:manage',
  'POST /api/field-sections/reorder → settings:manage',
  'POST /api/lead-sources → settings:update',
  'POST /api/lead-sources/reorder → settings:update',
  'POST /api/person-statuses → settings:update',
  'POST /api/person-statuses/reorder → settings:update',
  'POST /api/pipelines → settings:update',
  'POST /api/pipelines/reorder → settings:update',
  'POST /api/revenue-types → settings:update',
  'POST /api/revenue-types/reorder → settings:update',
  'POST /api/stages → settings:update',
  'POST /api/stages/reorder → settings:update',
  'POST /api/state-rules → settings:update',
  'POST /api/tags → settings:update',
  // Custom objects (decision 024): definitions read by any signed-in user, changed with settings:manage;
  // records guarded by the action in any borrowable category, then by the object's own category.
  'GET /api/entity-definitions → authenticated',
  'POST /api/entity-definitions → settings:manage',
  'GET /api/entity-definitions/:id → authenticated',
  'PATCH /api/entity-definitions/:id → settings:manage',
  'DELETE /api/entity-definitions/:id → settings:manage',
  'POST /api/entity-definitions/:id/validate → settings:manage',
  'GET /api/entity-field-definitions → authenticated',
  'POST /api/entity-field-definitions → settings:manage',
  'POST /api/entity-field-definitions/reorder → settings:manage',
  'PATCH /api/entity-field-definitions/:id → settings:manage',
  'DELETE /api/entity-field-definitions/:id → settings:manage',
  'GET /api/entity-records → any of leads:read, clients:read, companies:read, deals:read',
  'GET /api/entity-records/export.csv → any of leads:read, clients:read, companies:read, deals:read',
  'POST /api/entity-records/bulk → any of leads:update, clients:update, companies:update, deals:update, leads:delete, clients:delete, companies:delete, deals:delete',
  'POST /api/entity-records → any of leads:create, clients:create, companies:create, deals:create',
  'GET /api/entity-records/:id → any of leads:read, clients:read, companies:read, deals:read',
  'PATCH /api/entity-records/:id → any of leads:update, clients:update, companies:update, deals:update',
  'DELETE /api/entity-records/:id → any of leads:delete, clients:delete, companies:delete, deals:delete',
  'GET /api/entity-relationships → any of leads:read, clients:read, companies:read, deals:read',
  'POST /api/entity-relationships → any of leads:update, clients:update, companies:update, deals:update',
  'PATCH /api/entity-relationships/:id → any of leads:update, clients:update, companies:update, deals:update',
  'DELETE /api/entity-relationships/:id → any of leads:update, clients:update, companies:update, deals:update',
];

let t: TestApp;
let routes: RegisteredRoute[];
/** A signed-in user whose every resolved permission is false. */
let powerless: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.routeTable;
  const owner = await newOrganization(t.app, t.db);
  const nothing = Object.fromEntries(
    permissionCategories.map((category) => [
      category,
      Object.fromEntries(permissionActions[category].map((action) => [action, false])),
    ]),
  );
  powerless = await signedInMember(t.app, owner, { role: 'user', permissions: nothing });
});
afterAll(() => t.close());

const line = (r: RegisteredRoute) => `${r.method} ${r.url} → ${describeAccess(r.access)}`;

/** Every (method, path) Fastify itself routes, read from its route tree (independent of routeTable). */
function routesFastifyKnows(tree: string): string[] {
  const stack: string[] = [];
  const found: string[] = [];
  for (const text of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?/.exec(text);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack[depth] = (depth > 0 ? stack[depth - 1] : '') + match[2];
    stack.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') found.push(`${method} ${stack[depth]}`);
    }
  }
  return found;
}

const known = ([category, action]: [string, string]) =>
  (permissionActions as Record<string, readonly string[]>)[category]?.includes(action) ?? false;

function isValidAccess(access: RouteAccess): boolean {
  if (access === 'public' || access === 'authenticated' || access === 'superAdmin') return true;
  if (typeof access !== 'object' || access === null) return false;
  if ('permission' in access) return known(access.permission);
  return 'anyOf' in access && access.anyOf.length > 0 && access.anyOf.every(known);
}

describe('route access declarations', () => {
  it('every route Fastify serves is declared in the route table with a valid access', () => {
    const declared = new Set(routes.map((r) => `${r.method} ${r.url}`));
    const served = routesFastifyKnows(t.app.printRoutes({ commonPrefix: false }));
    expect(served.length).toBeGreaterThan(10);
    expect(served.filter((route) => !declared.has(route))).toEqual([]);
    expect([...declared].toSorted()).toEqual([...new Set(served)].toSorted());
    expect(routes.filter((r) => !isValidAccess(r.access)).map(line)).toEqual([]);
  });

  it('a route registered without a declaration stops start-up', async () => {
    const bare = Fastify();
    declareRouteAccess(bare, []);
    expect(() => bare.get('/api/undeclared', async () => ({}))).toThrow(/declares no access/);
    await bare.close();
  });

  it('matches the reviewed route → access table', () => {
    expect(routes.map(line).toSorted()).toEqual([...expectedAccess].toSorted());
  });
});

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID()).replace(/\*/g, 'x');
const writes = new Set(['POST', 'PUT', 'PATCH']);
const request = (r: RegisteredRoute, cookie?: string) =>
  call(t.app, r.method as 'GET', concrete(r.url), cookie, writes.has(r.method) ? {} : undefined);

const guarded = () => routes.filter((r) => r.access !== 'public' && r.access !== 'authenticated');

describe('the guard answers for every route', () => {
  it('a signed-in user without any permission gets 403 from every permission or super-admin route', async () => {
    const me = await call(t.app, 'GET', '/api/user', powerless.cookie);
    for (const category of permissionCategories) {
      expect(Object.values(me.json().permissions[category]).every((v) => v === false)).toBe(true);
    }
    expect(guarded().length).toBeGreaterThan(0);
    const answers = [];
    for (const route of guarded()) {
      const res = await request(route, powerless.cookie);
      answers.push(`${route.method} ${route.url} → ${res.statusCode} ${res.json().message}`);
    }
    expect(answers).toEqual(guarded().map((r) => `${r.method} ${r.url} → 403 ${deniedMessage}`));
  });

  it('a signed-out request gets 401 from every route that is not public', async () => {
    const closed = routes.filter((r) => r.access !== 'public');
    const answers = [];
    for (const route of closed) {
      const res = await request(route);
      answers.push(`${route.method} ${route.url} → ${res.statusCode} ${res.json().message}`);
    }
    expect(answers).toEqual(closed.map((r) => `${r.method} ${r.url} → 401 ${notSignedInMessage}`));
  });
});

/** Calls a route as an API client: the key, no cookie. */
const withKey = (r: RegisteredRoute, key: string) =>
  t.app.inject({
    method: r.method as 'GET',
    url: concrete(r.url),
    headers: { authorization: `Bearer ${key}` },
    ...(writes.has(r.method) && { payload: {} }),
  });
const lookingOnly = (access: RouteAccess) => {
  const needs =
    typeof access === 'object' ? ('permission' in access ? [access.permission] : access.anyOf) : [];
  return needs.some(([, action]) => action === 'read' || action === 'view');
};

describe('API keys (issue 19) through the same guard', () => {
  it("a super admin's admin key gets 403 from every super-admin route; a read key from every route needing more than reading", async () => {
    const root = await newOrganization(t.app, t.db);
    await t.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, root.user.id));
    const keyOf = async (permissions: string[]) => {
      const res = await call(t.app, 'POST', '/api/api-keys', root.cookie, { name: 'Walk', permissions });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().key as string;
    };
    const admin = await keyOf(['admin']);
    const read = await keyOf(['read']);
    const platform = routes.filter((r) => r.access === 'superAdmin');
    const beyondReading = routes.filter(
      (r) => typeof r.access === 'object' && !lookingOnly(r.access) && !r.url.startsWith('/api/api-keys'),
    );
    expect(platform.length).toBeGreaterThan(0);
    expect(beyondReading.length).toBeGreaterThan(50);
    const answers = [];
    for (const [route, key] of [
      ...platform.map((r) => [r, admin] as const),
      ...beyondReading.map((r) => [r, read] as const),
    ]) {
      const res = await withKey(route, key);
      answers.push(`${route.method} ${route.url} → ${res.statusCode} ${res.json().message}`);
    }
    expect(answers).toEqual(
      [...platform, ...beyondReading].map((r) => `${r.method} ${r.url} → 403 ${deniedMessage}`),
    );
  }, 120_000);
});
