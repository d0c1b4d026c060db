import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createActivitySchema, createLeadActivitySchema } from '../../common/validation/activities';
import { changePasswordSchema, loginSchema, registerSchema } from '../../common/validation/auth';
import { createClientSchema } from '../../common/validation/clients';
import { createCompanySchema } from '../../common/validation/companies';
import { createDealSchema } from '../../common/validation/deals';
import { createEmailAccountSchema, updateEmailAccountSchema } from '../../common/validation/email';
import { sendTestEmailSchema, updateOrganizationEmailSettingsSchema } from '../../common/validation/email';
import { importEntityRecordsSchema } from '../../common/validation/entity-record-import';
import { createImportJobSchema } from '../../common/validation/imports';
import { feedbackSchema } from '../../common/validation/feedback';
import { convertLeadSchema, createLeadSchema } from '../../common/validation/leads';
import {
  createDealReasonSchema,
  createPersonStatusSchema,
  createPipelineSchema,
  createRevenueTypeSchema,
  createStageSchema,
} from '../../common/validation/lists';
import {
  organizationLogoSchema,
  updateOrganizationSettingsSchema,
} from '../../common/validation/organizations';
import { listPreferenceSchema } from '../../common/validation/preferences';
import {
  declineSigningSchema,
  finishSigningSchema,
  signingConsentSchema,
  signingEventSchema,
} from '../../common/validation/signing';
import {
  demoRequestSchema,
  earlyAccessSchema,
  updateDemoRequestSchema,
} from '../../common/validation/public-submissions';
import {
  createServiceRequestSchema,
  updateServiceRequestSchema,
} from '../../common/validation/service-requests';
import { createSavedViewSchema, updateSavedViewSchema } from '../../common/validation/saved-views';
import { updateEmailThreadSchema } from '../../common/validation/email';
import { emails } from '../db/schema/email';
import { createStateRuleSchema } from '../../common/validation/state-rules';
import { supportSubmissionSchema } from '../../common/validation/support';
import { updatePermissionSchema } from '../../common/validation/permissions';
import { platformOrganizationFieldsSchema } from '../../common/validation/platform-organizations';
import {
  createDefinitionSchema,
  createFieldSchema,
  createRecordSchema,
  createRelationshipSchema,
  updateFieldSchema,
  updateRecordSchema,
} from '../../common/validation/objects';
import { createTagSchema } from '../../common/validation/tags';
import { createDocumentTemplateSchema, documentTemplateMergeSchema } from '../../common/validation/documents';
import { createEmailSignatureSchema, createEmailTemplateSchema } from '../../common/validation/email';
import { outbox, serviceRequests, supportAccessSessions, systemUpdates } from '../db/schema/platform';
import { recordDeploymentSchema } from '../../common/validation/releases';
import { postAnnouncementSchema } from '../../common/validation/announcements';
import { updateSystemConfigSchema } from '../../common/validation/system-config';
import { startSupportAccessSchema } from '../../common/validation/support-access';
import { retryFailedJobsSchema } from '../../common/validation/platform-health';
import { organizations } from '../db/schema/identity';
import { signatureAuditTrail } from '../db/schema/signing';
import { createSignatureFieldSchema, updateSignatureFieldSchema } from '../../common/validation/documents';
import { createTeamSchema } from '../../common/validation/teams';
import {
  createUserSchema,
  inviteUserSchema,
  releaseNotificationPreferenceSchema,
  updateProfileSchema,
} from '../../common/validation/users';
import {
  demoRequests,
  earlyAccessSignups,
  feedback,
  supportSubmissions,
} from '../db/schema/public-submissions';
import { moveDealSchema } from '../features/pipeline-board/move-deal';
import {
  createEnhancedFieldSchema,
  createSignatureRecipientSchema,
  resendRecipientSchema,
  sendDocumentForSignatureSchema,
} from '../../common/validation/signing';
import { documentShareSchema, signingWorkflowSchema } from '../../common/validation/documents';
import { documentShares } from '../db/schema/documents';
import { enhancedSignatureRequests } from '../db/schema/signing';
import { createSignatureRequestBodySchema } from '../features/signing/create-signature-request';
import {
  updateEnhancedFieldSchema,
  updateSignatureRecipientSchema,
  updateSignatureRequestSchema,
} from '../features/signing/edit-draft-request';
import { sendWorkflowSchema, updateWorkflowSchema } from '../features/signing/signing-workflows';
import { issueCertificateSchema, updateCertificateSchema } from '../../common/validation/certificates';
import { updateApiKeySchema } from '../../common/validation/api-keys';
import {
  createApiKeySchema,
  createIntegrationSchema,
  integrationPatchSchema,
} from '../../common/validation/integrations';
import { uniqueEmail } from './sessions';
import { registerOrganizationOwner, type SignedIn } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/*
 * Walks every create and update route of the API: each field of its body, sent with 100,000
 * characters, answers 400 with that field's message (never a 500), and nothing is written.
 * A write route added without a case here fails the walk.
 */

let t: TestApp;
let owner: SignedIn;
const huge = 'x'.repeat(100_000);

// The owner is also a super admin, so the walk reaches the platform's write routes too.
const superAdminEmail = uniqueEmail('root');

beforeAll(async () => {
  t = await createTestApp({ superAdminEmails: [superAdminEmail] });
  owner = await registerOrganizationOwner(t.app, { email: superAdminEmail }, { withSampleData: true });
});
afterAll(() => t.close());

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
  expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
  return res.json();
}

async function firstId(url: string): Promise<string> {
  const body = await get(url);
  const items = (Array.isArray(body) ? body : body.items) as { id: string }[];
  expect(items.length, `no item at ${url}`).toBeGreaterThan(0);
  return items[0].id;
}

const rowsOf = (table: PgTable) => async () => (await t.db.select({ n: count() }).from(table))[0].n;

interface WriteCase {
  /** A body the route takes (or one near it: the probe is refused before anything else matters). */
  body: Record<string, unknown>;
  /** Its fields, when the schema names more than the body. */
  schema?: z.ZodObject;
  /** What must be the same before and after a refused request: a GET of this URL, or a count. */
  unchanged: string | (() => Promise<unknown>);
}

/** The keys of a body schema. */
const keysOf = (schema: z.ZodObject) => Object.keys(schema.shape);

const created = async (url: string, payload: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url, headers: { cookie: owner.cookie }, payload });
  expect(res.statusCode, `POST ${url}: ${res.body}`).toBe(201);
  return res.json().id as string;
};

const list = (
  base: string,
  schema: z.ZodObject,
  body: Record<string, unknown>,
): Record<string, WriteCase> => ({
  [`POST ${base}`]: { body, schema, unchanged: base },
  [`POST ${base}/reorder`]: { body: { ids: [] }, unchanged: base },
});
const listEntry = async (
  base: string,
  schema: z.ZodObject,
  body: Record<string, unknown>,
): Promise<Record<string, WriteCase>> => {
  const id = await firstId(base);
  return {
    ...list(base, schema, body),
    [`PATCH ${base}/${id}`]: { body, schema, unchanged: `${base}/${id}` },
  };
};
const record = (
  base: string,
  id: string,
  schema: z.ZodObject,
  body: Record<string, unknown>,
): Record<string, WriteCase> => ({
  [`POST ${base}`]: { body, schema, unchanged: base },
  [`PATCH ${base}/${id}`]: { body, schema, unchanged: `${base}/${id}` },
  [`POST ${base}/bulk`]: {
    body: { ids: [id], action: 'addTag', tag: 'Probate', changes: {} },
    unchanged: `${base}/${id}`,
  },
});

async function cases(): Promise<Record<string, WriteCase>> {
  const lead = await firstId('/api/leads');
  const emailTemplate = await created('/api/email-templates', {
    name: 'Probe',
    subject: 'Probe',
    bodyHtml: '<p>Probe</p>',
  });
  const documentTemplate = await created('/api/document-templates', {
    name: 'Probe',
    templateType: 'letter',
    content: 'Probe',
  });
  const emailSignature = await created('/api/email-signatures', { name: 'Probe', bodyHtml: '<p>Probe</p>' });
  const document = await created('/api/document-instances', { name: 'Probe', content: 'Probe' });
  const fieldBody = {
    fieldName: 'Signature',
    signerEmail: 'signer@example.com',
    xPosition: 50,
    yPosition: 50,
  };
  const signatureField = await created('/api/signature-fields', {
    documentInstanceId: document,
    ...fieldBody,
  });
  const documentFields = `/api/signature-fields?documentInstanceId=${document}`;
  // Issue 17: a draft request (with a recipient and a field), a sent one and a workflow to probe.
  const requests = '/api/enhanced-signature-requests';
  const probeRequest = {
    title: 'Probe',
    documentHash: 'a'.repeat(64),
    recipients: [{ name: 'Probe Signer', email: 'probe-signer@example.com' }],
    fields: [{ fieldType: 'signature', recipientEmail: 'probe-signer@example.com' }],
  };
  const draftRequest = await created(requests, probeRequest);
  const draft = await get(`${requests}/${draftRequest}`);
  const sentRequest = await created(requests, probeRequest);
  const sent = await t.app.inject({
    method: 'POST',
    url: `${requests}/${sentRequest}/send`,
    headers: { cookie: owner.cookie },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const sentRecipient = sent.json().recipients[0].id as string;
  const workflow = await created('/api/document-signing-workflows', { documentInstanceId: document });
  // The organization's sealing certificate, issued on first look.
  const certificate = await firstId('/api/digital-certificates');
  const apiKey = await created('/api/api-keys', { name: 'Probe' });
  const integration = await created('/api/integrations', {
    name: 'Probe hook',
    type: 'webhook',
    config: { url: 'https://hooks.example.com/probe', events: ['lead.created'] },
  });
  const templateFields = `/api/signature-fields?templateId=${documentTemplate}`;
  const client = await firstId('/api/clients');
  const company = await firstId('/api/companies');
  const deal = await firstId('/api/deals');
  const team = await created('/api/teams', { name: 'Closers' });
  const activity = await created('/api/activities', { dealId: deal, type: 'call', subject: 'Called' });
  const pipeline = await firstId('/api/pipelines');
  const stage = await firstId(`/api/stages?pipelineId=${pipeline}`);
  const member = (
    await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: owner.cookie },
      payload: { email: uniqueEmail('m'), firstName: 'Mia', lastName: 'Member', password: 'temporary' },
    })
  ).json().id as string;
  const leadActivity = await created('/api/lead-activities', {
    leadId: lead,
    type: 'call',
    subject: 'Called',
  });
  const tag = (
    await t.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { cookie: owner.cookie },
      payload: { name: 'Hot' },
    })
  ).json().id as string;
  const stateRule = (
    await t.app.inject({
      method: 'POST',
      url: '/api/state-rules',
      headers: { cookie: owner.cookie },
      payload: { state: 'FL' },
    })
  ).json().id as string;
  const customField = await firstId('/api/custom-fields?entityType=deal');
  await created('/api/entity-templates/surplus-court-filings/install', {});
  const permission = await firstId('/api/permissions');
  const filing = { subject: 'Probe', description: 'A probe of the limits', category: 'technical' };
  const serviceRequest = await created('/api/service-requests', filing);
  const demoRequest = await created('/api/demo-request', {
    email: uniqueEmail(),
    name: 'Ann',
    persona: 'Locator',
    company: 'Acme',
  });
  const section = await firstId('/api/field-sections?entityType=deal');
  const object = (
    await t.app.inject({
      method: 'POST',
      url: '/api/entity-definitions',
      headers: { cookie: owner.cookie },
      payload: {
        entityType: 'limits',
        displayName: 'Limit',
        pluralName: 'Limits',
        fields: [{ fieldName: 'code', displayName: 'Code', fieldType: 'text' }],
      },
    })
  ).json() as { id: string; fields: { id: string }[] };
  const objectRecord = await created('/api/entity-records', {
    entityType: 'limits',
    displayName: 'Limit one',
  });
  const relationship = await created('/api/entity-relationships', {
    entityRecordId: objectRecord,
    relatedEntityType: 'deal',
    relatedEntityId: deal,
  });
  const view = await created('/api/saved-views', { listKey: 'leads', name: 'Hot leads' });
  const composed = await t.app.inject({
    method: 'POST',
    url: '/api/emails',
    headers: { cookie: owner.cookie },
    payload: { to: ['mary@example.com'], subject: 'Limits', bodyHtml: '<p>Hi</p>' },
  });
  expect(composed.statusCode, composed.body).toBe(201);
  const emailThread = composed.json().threadId as string;

  return {
    'POST /api/auth/register': {
      body: {
        organizationName: 'Acme',
        firstName: 'Ada',
        lastName: 'Lee',
        email: uniqueEmail(),
        password: 'secret1',
      },
      schema: registerSchema,
      unchanged: '/api/users',
    },
    'POST /api/auth/login': {
      body: { email: owner.user.email, password: 'x' },
      schema: loginSchema,
      unchanged: '/api/user',
    },
    'POST /api/auth/change-password': {
      body: { currentPassword: owner.password, newPassword: 'another-secret' },
      schema: changePasswordSchema,
      unchanged: '/api/user',
    },
    'POST /api/users': {
      body: { email: uniqueEmail(), firstName: 'Mia', lastName: 'Member', password: 'temporary' },
      schema: createUserSchema,
      unchanged: '/api/users',
    },
    [`PATCH /api/users/${member}`]: {
      body: { firstName: 'Mia' },
      schema: createUserSchema,
      unchanged: `/api/users/${member}`,
    },
    'PATCH /api/user/profile': { body: {}, schema: updateProfileSchema, unchanged: '/api/user' },
    'POST /api/user/release-notification-preference': {
      body: { showReleaseNotifications: true, lastSeenReleaseVersion: '1.0.0' },
      schema: releaseNotificationPreferenceSchema,
      unchanged: '/api/user',
    },
    'POST /api/teams': { body: { name: 'Closers' }, schema: createTeamSchema, unchanged: '/api/teams' },
    [`PATCH /api/teams/${team}`]: { body: {}, schema: createTeamSchema, unchanged: `/api/teams/${team}` },
    'PATCH /api/organization': {
      body: {},
      schema: updateOrganizationSettingsSchema as unknown as z.ZodObject,
      unchanged: '/api/organization',
    },
    'PUT /api/organization/logo': {
      body: {},
      schema: organizationLogoSchema,
      unchanged: '/api/organization',
    },
    'PUT /api/organization-email-settings': {
      body: {},
      schema: updateOrganizationEmailSettingsSchema,
      unchanged: '/api/organization-email-settings',
    },
    'POST /api/organization-email-settings/test': {
      body: {},
      schema: sendTestEmailSchema,
      unchanged: '/api/organization-email-settings',
    },
    'POST /api/feedback': { body: { message: 'Nice' }, schema: feedbackSchema, unchanged: rowsOf(feedback) },
    'POST /api/early-access': {
      body: { email: uniqueEmail(), name: 'Ann', persona: 'Locator' },
      schema: earlyAccessSchema,
      unchanged: rowsOf(earlyAccessSignups),
    },
    'POST /api/demo-request': {
      body: { email: uniqueEmail(), name: 'Ann', persona: 'Locator', company: 'Acme' },
      schema: demoRequestSchema,
      unchanged: rowsOf(demoRequests),
    },
    'POST /api/support-submission': {
      body: {
        firstName: 'Ann',
        lastName: 'Lee',
        email: uniqueEmail(),
        type: 'bug',
        description: 'It broke today',
      },
      schema: supportSubmissionSchema,
      unchanged: rowsOf(supportSubmissions),
    },
    ...record('/api/leads', lead, createLeadSchema, { fullName: 'Ann Lee' }),
    [`POST /api/leads/${lead}/convert`]: {
      body: { createDeal: true },
      schema: convertLeadSchema,
      unchanged: `/api/leads/${lead}`,
    },
    ...record('/api/clients', client, createClientSchema, { displayName: 'Ann Lee' }),
    ...record('/api/companies', company, createCompanySchema, { companyName: 'Acme Title' }),
    ...record('/api/deals', deal, createDealSchema, { dealName: 'Palm Way', stage: 'Research' }),
    [`POST /api/deals/${deal}/move`]: {
      body: { stage: 'Research' },
      schema: moveDealSchema,
      unchanged: `/api/deals/${deal}`,
    },
    'POST /api/activities': {
      body: { dealId: deal, type: 'call', subject: 'Called' },
      schema: createActivitySchema,
      unchanged: `/api/activities?dealId=${deal}`,
    },
    [`PATCH /api/activities/${activity}`]: {
      body: {},
      schema: createActivitySchema,
      unchanged: `/api/activities/${activity}`,
    },
    'POST /api/lead-activities': {
      body: { leadId: lead, type: 'call', subject: 'Called' },
      schema: createLeadActivitySchema,
      unchanged: `/api/lead-activities?leadId=${lead}`,
    },
    [`PATCH /api/lead-activities/${leadActivity}`]: {
      body: {},
      schema: createLeadActivitySchema,
      unchanged: `/api/lead-activities/${leadActivity}`,
    },
    ...(await listEntry('/api/deal-reasons', createDealReasonSchema, { name: 'Too late', type: 'loss' })),
    ...(await listEntry('/api/revenue-types', createRevenueTypeSchema, { name: 'Fees' })),
    ...(await listEntry('/api/lead-sources', createRevenueTypeSchema, { name: 'Mail' })),
    ...(await listEntry('/api/deal-statuses', createPersonStatusSchema, { name: 'Open', color: '#112233' })),
    ...(await listEntry('/api/person-statuses', createPersonStatusSchema, {
      name: 'Open',
      color: '#112233',
    })),
    ...(await listEntry('/api/pipelines', createPipelineSchema, { name: 'Probate' })),
    ...list('/api/stages', createStageSchema, { pipelineId: pipeline, name: 'Filed' }),
    [`PATCH /api/stages/${stage}`]: {
      body: {},
      schema: createStageSchema,
      unchanged: `/api/stages/${stage}`,
    },
    'POST /api/tags': { body: { name: 'Cold' }, schema: createTagSchema, unchanged: '/api/tags' },
    [`PATCH /api/tags/${tag}`]: { body: {}, schema: createTagSchema, unchanged: `/api/tags/${tag}` },
    'POST /api/custom-fields': {
      body: { name: 'Heir', fieldType: 'text', entityType: 'deal' },
      schema: customFieldKeys,
      unchanged: '/api/custom-fields',
    },
    'POST /api/custom-fields/reorder': { body: { ids: [] }, unchanged: '/api/custom-fields' },
    [`PATCH /api/custom-fields/${customField}`]: {
      body: {},
      schema: customFieldKeys.omit({ entityType: true }),
      unchanged: `/api/custom-fields/${customField}`,
    },
    'POST /api/field-sections': {
      body: { name: 'Heirs', entityType: 'deal' },
      schema: sectionKeys,
      unchanged: '/api/field-sections',
    },
    'POST /api/field-sections/reorder': { body: { ids: [] }, unchanged: '/api/field-sections' },
    [`PATCH /api/field-sections/${section}`]: {
      body: {},
      schema: sectionKeys.omit({ entityType: true }),
      unchanged: `/api/field-sections/${section}`,
    },
    'POST /api/state-rules': {
      body: { state: 'GA' },
      schema: createStateRuleSchema,
      unchanged: '/api/state-rules',
    },
    [`PATCH /api/state-rules/${stateRule}`]: {
      body: {},
      schema: createStateRuleSchema,
      unchanged: `/api/state-rules/${stateRule}`,
    },
    // Issue 20 (organizations): the super admin's own organization, left unchanged by each refusal.
    [`PATCH /api/super-admin/organizations/${owner.user.organizationId}`]: {
      body: {},
      schema: platformOrganizationFieldsSchema,
      unchanged: async () =>
        await t.db
          .select({
            name: organizations.name,
            planType: organizations.planType,
            maxUsers: organizations.maxUsers,
            status: organizations.status,
            billingEmail: organizations.billingEmail,
            contractStart: organizations.contractStart,
            contractEnd: organizations.contractEnd,
          })
          .from(organizations)
          .where(eq(organizations.id, owner.user.organizationId)),
    },
    [`PATCH /api/super-admin/permissions/${permission}`]: {
      body: { name: 'Read leads' },
      schema: updatePermissionSchema,
      unchanged: '/api/permissions',
    },
    // Issue 20: service requests (filed by the owner, triaged by the same owner as super admin) and demo requests.
    'POST /api/service-requests': {
      body: filing,
      schema: createServiceRequestSchema,
      unchanged: rowsOf(serviceRequests),
    },
    [`PATCH /api/super-admin/service-requests/${serviceRequest}`]: {
      body: {},
      schema: updateServiceRequestSchema,
      unchanged: `/api/super-admin/service-requests/${serviceRequest}`,
    },
    [`PATCH /api/super-admin/demo-requests/${demoRequest}`]: {
      body: {},
      schema: updateDemoRequestSchema,
      unchanged: '/api/super-admin/demo-requests',
    },
    // Issue 20: configuration, health, releases, announcements and support access.
    'PATCH /api/super-admin/system-config': {
      body: {},
      schema: updateSystemConfigSchema,
      unchanged: '/api/super-admin/system-config',
    },
    'POST /api/super-admin/health/retry': {
      body: {},
      schema: retryFailedJobsSchema,
      unchanged: rowsOf(outbox),
    },
    'POST /api/super-admin/deployments': {
      body: { version: '9.9.9', releaseNotes: '# A release\n\nNotes.' },
      schema: recordDeploymentSchema,
      unchanged: '/api/super-admin/deployments',
    },
    'POST /api/super-admin/system-updates': {
      body: { audience: 'everyone', title: 'Scheduled maintenance' },
      schema: postAnnouncementSchema,
      unchanged: rowsOf(systemUpdates),
    },
    'POST /api/super-admin/support-access': {
      body: { organizationId: owner.user.organizationId, userId: owner.user.id, reason: 'Checking a report' },
      schema: startSupportAccessSchema,
      unchanged: rowsOf(supportAccessSessions),
    },
    'POST /api/import-jobs': {
      body: { name: 'Import', entityType: 'leads', sourceType: 'api', rows: [{ Name: 'Ann Lee' }] },
      schema: createImportJobSchema,
      unchanged: '/api/import-jobs',
    },
    'POST /api/entity-records/import': {
      body: { entityType: 'court_filing', csv: 'Name\nMotion to disburse\n' },
      schema: importEntityRecordsSchema,
      unchanged: '/api/entity-records?entityType=court_filing',
    },
    'POST /api/entity-definitions': {
      body: { entityType: 'limits_two', displayName: 'Limit', pluralName: 'Limits' },
      schema: createDefinitionSchema,
      unchanged: '/api/entity-definitions?includeInactive=true',
    },
    [`PATCH /api/entity-definitions/${object.id}`]: {
      body: {},
      schema: createDefinitionSchema.omit({ entityType: true, fields: true }),
      unchanged: `/api/entity-definitions/${object.id}`,
    },
    [`POST /api/entity-definitions/${object.id}/validate`]: {
      body: { data: {} },
      unchanged: `/api/entity-definitions/${object.id}`,
    },
    'POST /api/entity-field-definitions': {
      body: { entityDefinitionId: object.id, displayName: 'Court', fieldType: 'text' },
      schema: createFieldSchema,
      unchanged: `/api/entity-definitions/${object.id}`,
    },
    'POST /api/entity-field-definitions/reorder': {
      body: { entityDefinitionId: object.id, ids: [] },
      unchanged: `/api/entity-definitions/${object.id}`,
    },
    [`PATCH /api/entity-field-definitions/${object.fields[0].id}`]: {
      body: {},
      schema: updateFieldSchema,
      unchanged: `/api/entity-definitions/${object.id}`,
    },
    'POST /api/entity-records': {
      body: { entityType: 'limits', displayName: 'Limit two' },
      schema: createRecordSchema,
      unchanged: '/api/entity-records?entityType=limits',
    },
    [`PATCH /api/entity-records/${objectRecord}`]: {
      body: {},
      schema: updateRecordSchema,
      unchanged: `/api/entity-records/${objectRecord}`,
    },
    'POST /api/entity-records/bulk': {
      body: { entityType: 'limits', ids: [objectRecord], action: 'addTag', tag: 'Probate' },
      unchanged: `/api/entity-records/${objectRecord}`,
    },
    'POST /api/entity-relationships': {
      body: { entityRecordId: objectRecord, relatedEntityType: 'deal', relatedEntityId: deal },
      schema: createRelationshipSchema,
      unchanged: `/api/entity-records/${objectRecord}`,
    },
    [`PATCH /api/entity-relationships/${relationship}`]: {
      body: {},
      schema: createRelationshipSchema.pick({ relationshipType: true, notes: true }),
      unchanged: `/api/entity-records/${objectRecord}`,
    },
    'PUT /api/preferences/lists/leads': {
      body: { columns: [] },
      schema: listPreferenceSchema,
      unchanged: '/api/preferences/lists/leads',
    },
    'POST /api/saved-views': {
      body: { listKey: 'leads', name: 'Warm leads' },
      schema: createSavedViewSchema,
      unchanged: '/api/saved-views?listKey=leads',
    },
    [`PATCH /api/saved-views/${view}`]: {
      body: {},
      schema: updateSavedViewSchema,
      unchanged: '/api/saved-views?listKey=leads',
    },
    // Refused by the schema before any mail server is asked (no mailbox needs to exist).
    ...Object.fromEntries(
      ['POST /api/email-accounts', 'POST /api/email-accounts/test'].map((route) => [
        route,
        { body: mailboxBody, schema: createEmailAccountSchema, unchanged: '/api/email-accounts' },
      ]),
    ),
    [`PATCH /api/email-accounts/${randomUUID()}`]: {
      body: {},
      schema: updateEmailAccountSchema,
      unchanged: '/api/email-accounts',
    },
    [`POST /api/email-accounts/${randomUUID()}/sync`]: { body: {}, unchanged: '/api/email-accounts' },
    // The body itself may be up to 2 MB (a composed message), so it is left out of the probe.
    'POST /api/emails': {
      body: {
        to: ['mary@example.com'],
        cc: [],
        bcc: [],
        subject: 'Hi',
        accountId: null,
        templateId: null,
        signatureId: null,
        attachmentFileIds: [],
        replyToEmailId: null,
        entityType: null,
        entityId: null,
      },
      unchanged: rowsOf(emails),
    },
    [`PATCH /api/email-threads/${emailThread}`]: {
      body: { isRead: true },
      schema: updateEmailThreadSchema,
      unchanged: `/api/email-threads/${emailThread}`,
    },
    'POST /api/auth/forgot-password': { body: { email: 'a@example.com' }, unchanged: rowsOf(outbox) },
    // Issue 17: the signer's routes check their body before the link's token.
    'POST /api/signing/:token/consent': {
      body: { version: '2026-11-1' },
      schema: signingConsentSchema,
      unchanged: rowsOf(signatureAuditTrail),
    },
    'POST /api/signing/:token/verify': { body: { code: '123456' }, unchanged: rowsOf(signatureAuditTrail) },
    'POST /api/signing/:token/events': {
      body: { eventType: 'field_clicked' },
      schema: signingEventSchema,
      unchanged: rowsOf(signatureAuditTrail),
    },
    'POST /api/signing/:token/finish': {
      body: { fields: [] },
      schema: finishSigningSchema,
      unchanged: rowsOf(signatureAuditTrail),
    },
    'POST /api/signing/:token/decline': {
      body: { reason: 'No' },
      schema: declineSigningSchema,
      unchanged: rowsOf(signatureAuditTrail),
    },
    'POST /api/auth/reset-password': { body: { token: 'x', password: 'secret1' }, unchanged: rowsOf(outbox) },
    'POST /api/auth/accept-invitation': {
      body: { token: 'x', password: 'secret1' },
      unchanged: rowsOf(outbox),
    },
    'POST /api/users/invitations': {
      body: { email: uniqueEmail('i'), firstName: 'Ivy', lastName: 'Invitee' },
      schema: inviteUserSchema,
      unchanged: rowsOf(outbox),
    },
    [`POST /api/users/${member}/invitations`]: { body: {}, unchanged: rowsOf(outbox) },
    'POST /api/signature-fields': {
      body: { documentInstanceId: document, ...fieldBody },
      schema: createSignatureFieldSchema,
      unchanged: documentFields,
    },
    [`PATCH /api/signature-fields/${signatureField}`]: {
      body: {},
      schema: updateSignatureFieldSchema,
      unchanged: documentFields,
    },
    [`POST /api/document-instances/${document}/send`]: {
      body: { recipients: [{ name: 'Probe', email: 'probe@example.com' }] },
      schema: sendDocumentForSignatureSchema,
      unchanged: rowsOf(enhancedSignatureRequests),
    },
    [`POST ${requests}`]: {
      body: { title: 'Probe', documentHash: 'a'.repeat(64) },
      schema: createSignatureRequestBodySchema,
      unchanged: rowsOf(enhancedSignatureRequests),
    },
    [`PATCH ${requests}/${draftRequest}`]: {
      body: {},
      schema: updateSignatureRequestSchema,
      unchanged: `${requests}/${draftRequest}`,
    },
    [`POST ${requests}/${draftRequest}/recipients`]: {
      body: { name: 'Probe Two', email: 'probe-two@example.com' },
      schema: createSignatureRecipientSchema,
      unchanged: `${requests}/${draftRequest}`,
    },
    [`PATCH ${requests}/${draftRequest}/recipients/${draft.recipients[0].id}`]: {
      body: {},
      schema: updateSignatureRecipientSchema,
      unchanged: `${requests}/${draftRequest}`,
    },
    [`POST ${requests}/${draftRequest}/fields`]: {
      body: { fieldType: 'text' },
      schema: createEnhancedFieldSchema,
      unchanged: `${requests}/${draftRequest}`,
    },
    [`PATCH ${requests}/${draftRequest}/fields/${draft.fields[0].id}`]: {
      body: {},
      schema: updateEnhancedFieldSchema,
      unchanged: `${requests}/${draftRequest}`,
    },
    [`POST ${requests}/${sentRequest}/remind`]: {
      body: { recipientId: sentRecipient },
      unchanged: `${requests}/${sentRequest}`,
    },
    [`POST ${requests}/${sentRequest}/recipients/${sentRecipient}/resend`]: {
      body: {},
      schema: resendRecipientSchema,
      unchanged: `${requests}/${sentRequest}`,
    },
    'POST /api/document-signing-workflows': {
      body: { documentInstanceId: document },
      schema: signingWorkflowSchema,
      unchanged: '/api/document-signing-workflows',
    },
    [`PATCH /api/document-signing-workflows/${workflow}`]: {
      body: {},
      schema: updateWorkflowSchema,
      unchanged: `/api/document-signing-workflows/${workflow}`,
    },
    [`POST /api/document-signing-workflows/${workflow}/send`]: {
      body: {},
      schema: sendWorkflowSchema,
      unchanged: rowsOf(enhancedSignatureRequests),
    },
    'POST /api/document-shares': {
      body: { documentInstanceId: document, recipientEmail: 'probe-reader@example.com', accessType: 'view' },
      schema: documentShareSchema,
      unchanged: rowsOf(documentShares),
    },
    [`PUT /api/document-instances/${document}/signature-fields`]: {
      body: { fields: [fieldBody] },
      unchanged: documentFields,
    },
    [`PUT /api/document-templates/${documentTemplate}/signature-fields`]: {
      body: { fields: [fieldBody] },
      unchanged: templateFields,
    },
    'POST /api/email-templates': {
      body: { name: 'Welcome', subject: 'Hi', bodyHtml: '<p>Hi</p>' },
      schema: createEmailTemplateSchema,
      unchanged: '/api/email-templates',
    },
    [`PATCH /api/email-templates/${emailTemplate}`]: {
      body: {},
      schema: createEmailTemplateSchema,
      unchanged: `/api/email-templates/${emailTemplate}`,
    },
    [`POST /api/email-templates/${emailTemplate}/duplicate`]: { body: {}, unchanged: '/api/email-templates' },
    [`POST /api/email-templates/${emailTemplate}/render`]: {
      body: { entityType: 'lead', entityId: lead },
      unchanged: `/api/email-templates/${emailTemplate}`,
    },
    'POST /api/email-templates/preview': {
      body: { subject: 'Hi', bodyHtml: '<p>Hi</p>', entityType: 'lead', entityId: lead },
      unchanged: '/api/email-templates',
    },
    // Content is larger by design (2,000,000 characters): document-templates.test.ts probes its limit.
    'POST /api/document-templates': {
      body: { name: 'Agreement', templateType: 'agreement' },
      schema: templateFieldsButContent,
      unchanged: '/api/document-templates',
    },
    [`PATCH /api/document-templates/${documentTemplate}`]: {
      body: {},
      schema: templateFieldsButContent,
      unchanged: `/api/document-templates/${documentTemplate}`,
    },
    [`POST /api/document-templates/${documentTemplate}/duplicate`]: {
      body: {},
      unchanged: '/api/document-templates',
    },
    [`POST /api/document-templates/${documentTemplate}/preview`]: {
      body: { clientId: client },
      schema: documentTemplateMergeSchema,
      unchanged: `/api/document-templates/${documentTemplate}`,
    },
    'POST /api/email-signatures': {
      body: { name: 'Formal', bodyHtml: '<p>Ada</p>' },
      schema: createEmailSignatureSchema,
      unchanged: '/api/email-signatures',
    },
    [`PATCH /api/email-signatures/${emailSignature}`]: {
      body: {},
      schema: createEmailSignatureSchema,
      unchanged: `/api/email-signatures/${emailSignature}`,
    },
    [`POST /api/email-signatures/${emailSignature}/render`]: {
      body: { entityType: 'lead', entityId: lead },
      unchanged: `/api/email-signatures/${emailSignature}`,
    },
    // Content may be 2,000,000 characters by design, so it is left out of the probe.
    'POST /api/document-instances': {
      body: { name: 'Probe document', clientId: client, dealId: deal, templateId: randomUUID() },
      unchanged: '/api/document-instances',
    },
    [`PATCH /api/document-instances/${document}`]: {
      body: { name: 'Probe document', status: 'draft' },
      unchanged: `/api/document-instances/${document}`,
    },
    'POST /api/document-instances/bulk': {
      body: { ids: [document], action: 'archive' },
      unchanged: `/api/document-instances/${document}`,
    },
    'POST /api/api-keys': { body: { name: 'Probe' }, schema: createApiKeySchema, unchanged: '/api/api-keys' },
    [`PATCH /api/api-keys/${apiKey}`]: {
      body: {},
      schema: updateApiKeySchema,
      unchanged: `/api/api-keys/${apiKey}`,
    },
    'POST /api/integrations': {
      body: {
        name: 'Probe',
        type: 'webhook',
        config: { url: 'https://hooks.example.com/x', events: ['lead.created'] },
      },
      schema: createIntegrationSchema,
      unchanged: '/api/integrations',
    },
    [`PATCH /api/integrations/${integration}`]: {
      body: {},
      schema: integrationPatchSchema,
      unchanged: `/api/integrations/${integration}`,
    },
    'POST /api/digital-certificates': {
      body: {},
      schema: issueCertificateSchema,
      unchanged: '/api/digital-certificates',
    },
    [`PATCH /api/digital-certificates/${certificate}`]: {
      body: {},
      schema: updateCertificateSchema,
      unchanged: `/api/digital-certificates/${certificate}`,
    },
  };
}

const templateFieldsButContent = createDocumentTemplateSchema.omit({ content: true });

const mailboxBody = {
  provider: 'imap',
  email: 'ann@example.test',
  password: 'app-pass',
  imapHost: 'imap.example.test',
  smtpHost: 'smtp.example.test',
};

/** The custom field and section keys (their schemas are wrapped to take aliases). */
const customFieldKeys = z.object(
  Object.fromEntries(
    [
      'name',
      'fieldKey',
      'fieldType',
      'entityType',
      'isRequired',
      'isVisible',
      'orderIndex',
      'sectionId',
      'placeholder',
      'defaultValue',
      'options',
      'validation',
    ].map((key) => [key, z.unknown()]),
  ),
);
const sectionKeys = z.object(
  Object.fromEntries(
    ['name', 'entityType', 'orderIndex', 'isCollapsible', 'isExpanded'].map((key) => [key, z.unknown()]),
  ),
);

/** Routes that take no JSON body of their own fields (an upload's bytes; a logout; a template install). */
const notJsonBodies = [
  'POST /api/files',
  'POST /api/import-jobs/upload',
  'POST /api/import-jobs/:id/cancel',
  'POST /api/import-jobs/:id/undo',
  'POST /api/integrations/:id/run',
  'POST /api/document-instances/upload',
  'POST /api/logout',
  'POST /api/api-keys/:id/revoke',
  'POST /api/integrations/:id/rotate-secret',
  'POST /api/integrations/:id/test',
  'POST /api/webhook-logs/:id/redeliver',
  'POST /api/entity-templates/:key/install',
  'POST /api/document-template-library/:key/install',
  'POST /api/outbox/:id/retry',
  'POST /api/signing/:token/code',
  'POST /api/enhanced-signature-requests/:id/send',
  'POST /api/enhanced-signature-requests/:id/cancel',
  'POST /api/enhanced-signature-requests/:id/seal',
  'POST /api/enhanced-signature-requests/:id/recipients/:recipientId/in-person',
  'POST /api/super-admin/organizations/:id/suspend',
  'POST /api/super-admin/organizations/:id/reactivate',
  'POST /api/system-updates/:id/read',
  'POST /api/system-updates/read-all',
  'POST /api/support-access/end',
];

const routePattern = (key: string) =>
  key
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')
    .replace('/leads$', '/:listKey')
    // A signature request's recipients and fields are named by a second id.
    .replace(/\/(recipients)\/:id/, '/$1/:recipientId')
    .replace(/\/(fields)\/:id/, '/$1/:fieldId');

describe('every create and update route refuses 100,000 characters in each field', () => {
  it('with 400 and the field named, never a 500, and writes nothing', async () => {
    const table = await cases();
    // The walk covers every write route the app has.
    const covered = new Set(
      Object.keys(table).map((key) => routePattern(key).replace(/\/lists\/leads$/, '/lists/:listKey')),
    );
    const writeRoutes = t.app.routeTable
      .filter((route) => ['POST', 'PATCH', 'PUT'].includes(route.method))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !notJsonBodies.includes(route));
    expect(writeRoutes.filter((route) => !covered.has(route))).toEqual([]);

    const problems: string[] = [];
    for (const [route, { body, schema, unchanged }] of Object.entries(table)) {
      const [method, url] = route.split(' ') as ['POST' | 'PATCH' | 'PUT', string];
      const fingerprint = () => (typeof unchanged === 'string' ? get(unchanged) : unchanged());
      const keys = [...new Set([...Object.keys(body), ...(schema ? keysOf(schema) : [])])];
      for (const key of keys) {
        const before = await fingerprint();
        const res = await t.app.inject({
          method,
          url,
          headers: { cookie: owner.cookie },
          payload: { ...body, [key]: huge },
        });
        const errors = (res.json().errors ?? []) as { path: string; message: string }[];
        const named = errors.find((error) => error.path === key || error.path.startsWith(`${key}.`));
        // The logo is an image up to 512 KB: 100,000 characters of it are refused by content.
        const byContent =
          route === 'PUT /api/organization/logo' && res.json().message?.startsWith('Logo must be');
        if (res.statusCode !== 400 || !(named?.message || byContent)) {
          problems.push(`${route} ${key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
        expect(await fingerprint(), `${route} ${key} wrote something`).toEqual(before);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('says how long a text may be', async () => {
    const lead = await firstId('/api/leads');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${lead}`,
      headers: { cookie: owner.cookie },
      payload: { notes: huge, tags: ['t'.repeat(2700)], businessName: huge },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'businessName', message: 'Business name must be at most 255 characters' },
      { path: 'notes', message: 'Notes must be at most 50,000 characters' },
      { path: 'tags.0', message: 'Tag must be at most 50 characters' },
    ]);
  });
});
