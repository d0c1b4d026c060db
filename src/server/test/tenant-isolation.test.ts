import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentFileMissingMessage } from '../../common/validation/activities';
import { activities, clients, companies, deals, leadActivities, leads } from '../db/schema/crm';
import {
  customFields,
  entityDefinitions,
  entityFieldDefinitions,
  entityRecords,
  entityRelationships,
  fieldSections,
} from '../db/schema/custom-fields';
import {
  documentInstances,
  documentShares,
  documentSigningWorkflows,
  documentTemplates,
  signatureFields,
} from '../db/schema/documents';
import { enhancedSignatureRequests } from '../db/schema/signing';
import { files } from '../db/schema/files';
import { tags, teams, users } from '../db/schema/identity';
import {
  dealReasons,
  dealStatuses,
  leadSources,
  personStatuses,
  pipelines,
  revenueTypes,
  stages,
} from '../db/schema/lists';
import { savedViews } from '../db/schema/preferences';
import { stateRules } from '../db/schema/surplus';
import { addUser, call, newOrganization } from '../features/users/test-helpers';
import type { SignedIn } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/*
 * Tenant isolation: organization A must never read, change or delete organization B's records.
 * Every tenant resource adds ONE entry to `resources` below; the tests derive the rest:
 *   - each id-taking route, called by A's owner with B's id, answers 404 and B's row is unchanged;
 *   - the list endpoint, called by A, holds A's record and none of B's.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface IdRoute {
  method: Method;
  url: (id: string) => string;
  /** A valid body: a 404 must come from the foreign id, not from validation. */
  payload?: Record<string, unknown>;
}

interface TenantResource {
  name: string;
  /** The table whose row must stay untouched (compared before/after), keyed by `id`. */
  table: PgTable;
  id: PgColumn;
  /** The list endpoint that must show only the caller's rows (omit if none). */
  listUrl?: string;
  /** Creates one record in the owner's organization through the API and answers its id. */
  create: (app: TestApp['app'], owner: SignedIn) => Promise<string>;
  routes: IdRoute[];
}

/** GET/PATCH/DELETE `${base}/:id`: the routes every resource of DESIGN §3 has. */
const crudRoutes = (base: string, patch: Record<string, unknown>): IdRoute[] => [
  { method: 'GET', url: (id) => `${base}/${id}` },
  { method: 'PATCH', url: (id) => `${base}/${id}`, payload: patch },
  { method: 'DELETE', url: (id) => `${base}/${id}` },
];

async function created(res: { statusCode: number; body: string; json(): { id: string } }) {
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode}: ${res.body}`);
  return res.json().id;
}

/** A custom object with one text field (`code`), in the owner's organization. */
async function newObject(app: TestApp['app'], owner: SignedIn, entityType: string) {
  const res = await call(app, 'POST', '/api/entity-definitions', owner.cookie, {
    entityType,
    displayName: 'Isolated object',
    pluralName: 'Isolated objects',
    fields: [{ fieldName: 'code', displayName: 'Code', fieldType: 'text' }],
  });
  await created(res);
  return res.json() as { id: string; fields: { id: string }[] };
}

async function newObjectRecord(app: TestApp['app'], owner: SignedIn, entityType: string) {
  await newObject(app, owner, entityType);
  const res = await call(app, 'POST', '/api/entity-records', owner.cookie, {
    entityType,
    displayName: 'Isolated record',
  });
  return { id: await created(res) };
}

const resources: TenantResource[] = [
  {
    name: 'users',
    table: users,
    id: users.id,
    listUrl: '/api/users',
    create: async (app, owner) => (await addUser(app, owner, { firstName: 'Isolated' })).id,
    routes: crudRoutes('/api/users', { firstName: 'Hijacked', password: 'hijacked-1', status: 'inactive' }),
  },
  {
    name: 'teams',
    table: teams,
    id: teams.id,
    listUrl: '/api/teams',
    create: async (app, owner) =>
      created(
        await call(app, 'POST', '/api/teams', owner.cookie, { name: 'Isolated Team', status: 'active' }),
      ),
    routes: crudRoutes('/api/teams', { name: 'Hijacked', permissions: { users: { delete: true } } }),
  },
  {
    name: 'leads',
    table: leads,
    id: leads.id,
    listUrl: '/api/leads',
    create: async (app, owner) =>
      created(await call(app, 'POST', '/api/leads', owner.cookie, { fullName: 'Isolated Lead' })),
    routes: [
      ...crudRoutes('/api/leads', { fullName: 'Hijacked', leadStatus: 'Disqualified', tags: ['x'] }),
      { method: 'POST', url: (id) => `/api/leads/${id}/convert`, payload: { createDeal: true } },
    ],
  },
  {
    name: 'clients',
    table: clients,
    id: clients.id,
    listUrl: '/api/clients',
    create: async (app, owner) =>
      created(await call(app, 'POST', '/api/clients', owner.cookie, { displayName: 'Isolated Client' })),
    routes: crudRoutes('/api/clients', { displayName: 'Hijacked', status: 'inactive' }),
  },
  {
    name: 'companies',
    table: companies,
    id: companies.id,
    listUrl: '/api/companies',
    create: async (app, owner) =>
      created(await call(app, 'POST', '/api/companies', owner.cookie, { companyName: 'Isolated Co' })),
    routes: crudRoutes('/api/companies', { companyName: 'Hijacked', relationshipStatus: 'dormant' }),
  },
  {
    name: 'deals',
    table: deals,
    id: deals.id,
    listUrl: '/api/deals',
    create: async (app, owner) =>
      created(
        await call(app, 'POST', '/api/deals', owner.cookie, { dealName: 'Isolated deal', stage: 'proposal' }),
      ),
    routes: crudRoutes('/api/deals', { dealName: 'Hijacked', stage: 'Signed', dealValue: '1' }),
  },
  {
    name: 'activities',
    table: activities,
    id: activities.id,
    listUrl: '/api/activities',
    create: async (app, owner) => {
      const clientId = await created(
        await call(app, 'POST', '/api/clients', owner.cookie, { displayName: 'Activity Client' }),
      );
      return created(
        await call(app, 'POST', '/api/activities', owner.cookie, {
          type: 'call',
          subject: 'Isolated',
          clientId,
        }),
      );
    },
    routes: crudRoutes('/api/activities', { subject: 'Hijacked', status: 'pending' }),
  },
  {
    name: 'lead-activities',
    table: leadActivities,
    id: leadActivities.id,
    listUrl: '/api/lead-activities',
    create: async (app, owner) => {
      const leadId = await created(
        await call(app, 'POST', '/api/leads', owner.cookie, { fullName: 'Activity Lead' }),
      );
      return created(
        await call(app, 'POST', '/api/lead-activities', owner.cookie, {
          type: 'note',
          subject: 'Isolated',
          leadId,
        }),
      );
    },
    routes: crudRoutes('/api/lead-activities', { subject: 'Hijacked', status: 'pending' }),
  },
  {
    name: 'files',
    table: files,
    id: files.id,
    create: async (app, owner) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/files?name=isolated.pdf',
        headers: { 'content-type': 'application/octet-stream', cookie: owner.cookie },
        payload: 'isolated bytes',
      });
      if (res.statusCode !== 201) throw new Error(`upload failed ${res.statusCode}: ${res.body}`);
      return res.json().url.split('/')[3];
    },
    routes: [{ method: 'GET', url: (id) => `/api/files/${id}/isolated.pdf` }],
  },
  {
    name: 'document-instances',
    table: documentInstances,
    id: documentInstances.id,
    listUrl: '/api/document-instances',
    create: async (app, owner) =>
      created(
        await call(app, 'POST', '/api/document-instances', owner.cookie, {
          name: 'Isolated document',
          content: 'Isolated',
        }),
      ),
    routes: [
      ...crudRoutes('/api/document-instances', { name: 'Hijacked', status: 'locked_for_signing' }),
      { method: 'GET', url: (id) => `/api/document-instances/${id}/pdf` },
      { method: 'GET', url: (id) => `/api/document-instances/${id}/pages` },
    ],
  },
  // Configurable lists, tags, custom fields, state rules, and the board / surplus routes on deals.
  ...(
    [
      ['deal-reasons', dealReasons, { name: 'Isolated reason', type: 'loss' }],
      ['revenue-types', revenueTypes, { name: 'Isolated revenue' }],
      ['lead-sources', leadSources, { name: 'Isolated source' }],
      ['deal-statuses', dealStatuses, { name: 'Isolated status', color: '#123456' }],
      ['person-statuses', personStatuses, { name: 'Isolated person status', color: '#654321' }],
    ] as const
  ).map(
    ([path, table, body]): TenantResource => ({
      name: path,
      table,
      id: table.id,
      listUrl: `/api/${path}`,
      create: async (app, owner) => created(await call(app, 'POST', `/api/${path}`, owner.cookie, body)),
      routes: crudRoutes(`/api/${path}`, { name: 'Hijacked', isActive: false }),
    }),
  ),
  {
    name: 'pipelines',
    table: pipelines,
    id: pipelines.id,
    listUrl: '/api/pipelines',
    create: async (app, owner) =>
      created(await call(app, 'POST', '/api/pipelines', owner.cookie, { name: 'Isolated Pipeline' })),
    routes: [
      ...crudRoutes('/api/pipelines', { name: 'Hijacked pipeline', isDefault: true }),
      { method: 'GET', url: (id) => `/api/pipelines/${id}/board` },
    ],
  },
  {
    name: 'stages',
    table: stages,
    id: stages.id,
    listUrl: '/api/stages',
    create: async (app, owner) => {
      const pipelineList = await call(app, 'GET', '/api/pipelines', owner.cookie);
      const [pipeline] = pipelineList.json().items;
      return created(
        await call(app, 'POST', '/api/stages', owner.cookie, {
          pipelineId: pipeline.id,
          name: 'Isolated Stage',
        }),
      );
    },
    routes: crudRoutes('/api/stages', { name: 'Hijacked stage', probability: 99, closingType: 'lost' }),
  },
  {
    name: 'tags',
    table: tags,
    id: tags.id,
    listUrl: '/api/tags',
    create: async (app, owner) =>
      created(await call(app, 'POST', '/api/tags', owner.cookie, { name: 'Isolated Tag' })),
    routes: crudRoutes('/api/tags', { name: 'Hijacked tag', color: '#000000' }),
  },
  {
    name: 'custom-fields',
    table: customFields,
    id: customFields.id,
    listUrl: '/api/custom-fields',
    create: async (app, owner) =>
      created(
        await call(app, 'POST', '/api/custom-fields', owner.cookie, {
          name: 'Isolated field',
          fieldType: 'text',
          entityType: 'company',
        }),
      ),
    routes: crudRoutes('/api/custom-fields', { name: 'Hijacked field', placeholder: 'hijacked' }),
  },
  {
    name: 'field-sections',
    table: fieldSections,
    id: fieldSections.id,
    listUrl: '/api/field-sections',
    create: async (app, owner) =>
      created(
        await call(app, 'POST', '/api/field-sections', owner.cookie, {
          name: 'Isolated section',
          entityType: 'company',
        }),
      ),
    routes: crudRoutes('/api/field-sections', { name: 'Hijacked section', isCollapsible: true }),
  },
  {
    name: 'state-rules',
    table: stateRules,
    id: stateRules.id,
    listUrl: '/api/state-rules',
    create: async (app, owner) =>
      created(
        await call(app, 'POST', '/api/state-rules', owner.cookie, { state: 'FL', claimWindowDays: 120 }),
      ),
    routes: crudRoutes('/api/state-rules', { claimWindowDays: 1, feeCapPercent: 99 }),
  },
  {
    name: 'entity-definitions',
    table: entityDefinitions,
    id: entityDefinitions.id,
    listUrl: '/api/entity-definitions',
    create: async (app, owner) => (await newObject(app, owner, 'isolated')).id,
    routes: [
      ...crudRoutes('/api/entity-definitions', { displayName: 'Hijacked', description: 'Hijacked' }),
      { method: 'POST', url: (id) => `/api/entity-definitions/${id}/validate`, payload: { data: {} } },
    ],
  },
  {
    name: 'entity-field-definitions',
    table: entityFieldDefinitions,
    id: entityFieldDefinitions.id,
    create: async (app, owner) => (await newObject(app, owner, 'isolated_fields')).fields[0].id,
    routes: [
      {
        method: 'PATCH',
        url: (id) => `/api/entity-field-definitions/${id}`,
        payload: { displayName: 'Hijacked' },
      },
      { method: 'DELETE', url: (id) => `/api/entity-field-definitions/${id}` },
    ],
  },
  {
    name: 'entity-records',
    table: entityRecords,
    id: entityRecords.id,
    create: async (app, owner) => (await newObjectRecord(app, owner, 'isolated_records')).id,
    routes: crudRoutes('/api/entity-records', { displayName: 'Hijacked', data: { code: 'x' } }),
  },
  {
    name: 'entity-relationships',
    table: entityRelationships,
    id: entityRelationships.id,
    create: async (app, owner) => {
      const record = await newObjectRecord(app, owner, 'isolated_links');
      const deal = await created(
        await call(app, 'POST', '/api/deals', owner.cookie, {
          dealName: 'Isolated related deal',
          stage: 'proposal',
        }),
      );
      return created(
        await call(app, 'POST', '/api/entity-relationships', owner.cookie, {
          entityRecordId: record.id,
          relatedEntityType: 'deal',
          relatedEntityId: deal,
        }),
      );
    },
    routes: [
      { method: 'PATCH', url: (id) => `/api/entity-relationships/${id}`, payload: { notes: 'Hijacked' } },
      { method: 'DELETE', url: (id) => `/api/entity-relationships/${id}` },
    ],
  },
  {
    // A view's list is read through GET /api/saved-views?listKey= (covered in saved-views.test.ts).
    name: 'saved-views',
    table: savedViews,
    id: savedViews.id,
    create: async (app, owner) =>
      created(
        await call(app, 'POST', '/api/saved-views', owner.cookie, {
          listKey: 'leads',
          name: 'Isolated view',
          isShared: true,
        }),
      ),
    routes: [
      { method: 'PATCH', url: (id) => `/api/saved-views/${id}`, payload: { name: 'Hijacked view' } },
      { method: 'DELETE', url: (id) => `/api/saved-views/${id}` },
    ],
  },
  {
    name: 'deal surplus view and moves',
    table: deals,
    id: deals.id,
    create: async (app, owner) =>
      created(
        await call(app, 'POST', '/api/deals', owner.cookie, {
          dealName: 'Isolated surplus case',
          stage: 'Research',
          customFields: { winningBid: 1000, totalDebt: 100 },
        }),
      ),
    routes: [
      { method: 'GET', url: (id) => `/api/deals/${id}/surplus` },
      { method: 'POST', url: (id) => `/api/deals/${id}/move`, payload: { stage: 'Contact' } },
    ],
  },
  {
    name: 'document-templates',
    table: documentTemplates,
    id: documentTemplates.id,
    listUrl: '/api/document-templates',
    create: async (app, owner) =>
      created(
        await call(app, 'POST', '/api/document-templates', owner.cookie, {
          name: 'Isolated template',
          templateType: 'letter',
          content: 'Dear {{client.fullName}}',
        }),
      ),
    routes: [
      ...crudRoutes('/api/document-templates', { name: 'Hijacked', isDefault: true }),
      // Duplicate (201 on our own) is checked in document-templates.test.ts.
      { method: 'POST', url: (id) => `/api/document-templates/${id}/preview`, payload: {} },
      { method: 'GET', url: (id) => `/api/document-templates/${id}/pdf` },
    ],
  },
  {
    // Issue 16: a field on a document (the document row is written directly: its API is another
    // module's; the PUT replace-all routes are covered in signature-fields.test.ts).
    name: 'signature-fields',
    table: signatureFields,
    id: signatureFields.id,
    create: async (app, owner) => {
      const [document] = await t.db
        .insert(documentInstances)
        .values({
          organizationId: owner.user.organizationId,
          name: 'Isolated document',
          content: '{"type":"doc","content":[{"type":"paragraph"}]}',
        })
        .returning({ id: documentInstances.id });
      return created(
        await call(app, 'POST', '/api/signature-fields', owner.cookie, {
          documentInstanceId: document.id,
          fieldName: 'Isolated signature',
          signerEmail: 'isolated@example.com',
          xPosition: 100,
          yPosition: 100,
        }),
      );
    },
    routes: crudRoutes('/api/signature-fields', { xPosition: 0, signerEmail: 'hijacked@example.com' }),
  },
  {
    // Issue 17: a draft signature request (no document: its hash given).
    name: 'enhanced-signature-requests',
    table: enhancedSignatureRequests,
    id: enhancedSignatureRequests.id,
    listUrl: '/api/enhanced-signature-requests',
    create: async (app, owner) =>
      created(
        await call(app, 'POST', '/api/enhanced-signature-requests', owner.cookie, {
          title: 'Isolated request',
          documentHash: 'a'.repeat(64),
          recipients: [{ name: 'Isolated Signer', email: 'isolated@example.com' }],
          fields: [{ fieldType: 'signature', recipientEmail: 'isolated@example.com' }],
        }),
      ),
    routes: [
      ...crudRoutes('/api/enhanced-signature-requests', { title: 'Hijacked' }),
      // In this order: our own request is sent, then cancelled (the other sub-routes: sender-api.test.ts).
      { method: 'GET', url: (id) => `/api/enhanced-signature-requests/${id}/audit-trail` },
      { method: 'POST', url: (id) => `/api/enhanced-signature-requests/${id}/send` },
      { method: 'POST', url: (id) => `/api/enhanced-signature-requests/${id}/cancel` },
    ],
  },
  {
    name: 'document-signing-workflows',
    table: documentSigningWorkflows,
    id: documentSigningWorkflows.id,
    listUrl: '/api/document-signing-workflows',
    create: async (app, owner) =>
      created(
        await call(app, 'POST', '/api/document-signing-workflows', owner.cookie, {
          documentInstanceId: await isolatedDocument(owner),
          signingOrder: 'sequential',
        }),
      ),
    // Sending (it needs shares) is covered in sender-api.test.ts.
    routes: crudRoutes('/api/document-signing-workflows', { signingOrder: 'parallel' }),
  },
  {
    name: 'document-shares',
    table: documentShares,
    id: documentShares.id,
    listUrl: '/api/document-shares',
    create: async (app, owner) =>
      created(
        await call(app, 'POST', '/api/document-shares', owner.cookie, {
          documentInstanceId: await isolatedDocument(owner),
          recipientEmail: 'isolated-reader@example.com',
          accessType: 'view',
        }),
      ),
    routes: [
      { method: 'GET', url: (id) => `/api/document-shares/${id}` },
      { method: 'DELETE', url: (id) => `/api/document-shares/${id}` },
    ],
  },
];

/** A draft document of the owner's, written directly (its API is another module's). */
async function isolatedDocument(owner: SignedIn) {
  const [document] = await t.db
    .insert(documentInstances)
    .values({
      organizationId: owner.user.organizationId,
      name: 'Isolated document',
      content: '{"type":"doc","content":[{"type":"paragraph"}]}',
    })
    .returning({ id: documentInstances.id });
  return document.id;
}

let t: TestApp;
let a: SignedIn;
let b: SignedIn;
const idsOf: Record<'a' | 'b', Record<string, string>> = { a: {}, b: {} };

beforeAll(async () => {
  t = await createTestApp();
  a = await newOrganization(t.app, t.db);
  b = await newOrganization(t.app, t.db);
  for (const resource of resources) {
    idsOf.a[resource.name] = await resource.create(t.app, a);
    idsOf.b[resource.name] = await resource.create(t.app, b);
  }
});
afterAll(() => t.close());

async function rowOf(resource: TenantResource, id: string) {
  const [row] = await t.db.select().from(resource.table).where(eq(resource.id, id));
  return row;
}

const routeCases = resources.flatMap((resource) =>
  resource.routes.map((route) => ({ resource, route, label: `${route.method} ${route.url(':id')}` })),
);

describe("another organization's records answer 404 and stay unchanged", () => {
  it.each(routeCases)('$label', async ({ resource, route }) => {
    const foreignId = idsOf.b[resource.name];
    const before = await rowOf(resource, foreignId);
    expect(before).toBeDefined();
    const res = await call(t.app, route.method, route.url(foreignId), a.cookie, route.payload);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(await rowOf(resource, foreignId)).toEqual(before);
  });

  // The same calls on A's own record succeed, so the 404s above come from the tenant check, not a
  // broken route or body. (DELETE is left out: it would remove the record the later cases use.)
  const ownCases = routeCases.filter((c) => c.route.method !== 'DELETE');
  it.each(ownCases)('$label works on our own record', async ({ resource, route }) => {
    const res = await call(t.app, route.method, route.url(idsOf.a[resource.name]), a.cookie, route.payload);
    expect(res.statusCode).toBe(200);
  });
});

describe('lists hold only the caller organization’s rows', () => {
  const listed = resources.filter((r) => r.listUrl);
  it.each(listed)('$listUrl', async (resource) => {
    const res = await call(t.app, 'GET', `${resource.listUrl}?limit=200`, a.cookie);
    expect(res.statusCode).toBe(200);
    const ids: string[] = res.json().items.map((item: { id: string }) => item.id);
    expect(ids).toContain(idsOf.a[resource.name]);
    expect(ids).not.toContain(idsOf.b[resource.name]);
    const [{ organizationId }] = (await t.db
      .select()
      .from(resource.table)
      .where(eq(resource.id, idsOf.b[resource.name]))) as { organizationId: string }[];
    expect(organizationId).toBe(b.user.organizationId);
    const theirs = await call(t.app, 'GET', `${resource.listUrl}?limit=200`, b.cookie);
    expect(theirs.json().items.map((item: { id: string }) => item.id)).not.toContain(idsOf.a[resource.name]);
  });
});

describe('references to another organization’s records are refused', () => {
  it("a user cannot be put in another organization's team", async () => {
    const create = await call(t.app, 'POST', '/api/users', a.cookie, {
      email: `cross-${Date.now()}@example.com`,
      firstName: 'Cross',
      lastName: 'Tenant',
      role: 'user',
      status: 'active',
      password: 'secret-1',
      teamId: idsOf.b.teams,
    });
    expect(create.statusCode).toBe(404);
    const move = await call(t.app, 'PATCH', `/api/users/${idsOf.a.users}`, a.cookie, {
      teamId: idsOf.b.teams,
    });
    expect(move.statusCode).toBe(404);
    expect((await rowOf(resources[0], idsOf.a.users)).teamId).toBeNull();
  });

  // CRM records point at owners, clients, leads and deals: never at another organization's.
  const crossReferences: {
    label: string;
    method: Method;
    url: () => string;
    payload: () => Record<string, unknown>;
  }[] = [
    {
      label: 'lead owner',
      method: 'POST',
      url: () => '/api/leads',
      payload: () => ({ fullName: 'Cross', assignedOwner: b.user.id }),
    },
    {
      label: 'lead owner (patch)',
      method: 'PATCH',
      url: () => `/api/leads/${idsOf.a.leads}`,
      payload: () => ({ assignedOwner: b.user.id }),
    },
    {
      label: 'lead owner (bulk)',
      method: 'POST',
      url: () => '/api/leads/bulk',
      payload: () => ({ ids: [idsOf.a.leads], action: 'update', changes: { assignedOwner: b.user.id } }),
    },
    {
      label: 'client lead',
      method: 'POST',
      url: () => '/api/clients',
      payload: () => ({ displayName: 'Cross', leadId: idsOf.b.leads }),
    },
    {
      label: 'client owner',
      method: 'POST',
      url: () => '/api/clients',
      payload: () => ({ displayName: 'Cross', assignedTo: b.user.id }),
    },
    {
      label: 'company owner',
      method: 'POST',
      url: () => '/api/companies',
      payload: () => ({ companyName: 'Cross', assignedTo: b.user.id }),
    },
    {
      label: 'deal client',
      method: 'POST',
      url: () => '/api/deals',
      payload: () => ({ dealName: 'Cross', stage: 'proposal', relatedClient: idsOf.b.clients }),
    },
    {
      label: 'deal client (patch)',
      method: 'PATCH',
      url: () => `/api/deals/${idsOf.a.deals}`,
      payload: () => ({ relatedClient: idsOf.b.clients }),
    },
    {
      label: 'document client',
      method: 'POST',
      url: () => '/api/document-instances',
      payload: () => ({ name: 'Cross', content: 'Cross', clientId: idsOf.b.clients }),
    },
    {
      label: 'document deal',
      method: 'POST',
      url: () => '/api/document-instances',
      payload: () => ({ name: 'Cross', content: 'Cross', dealId: idsOf.b.deals }),
    },
    {
      label: 'activity client',
      method: 'POST',
      url: () => '/api/activities',
      payload: () => ({ type: 'note', subject: 'Cross', clientId: idsOf.b.clients }),
    },
    {
      label: 'activity deal',
      method: 'POST',
      url: () => '/api/activities',
      payload: () => ({ type: 'note', subject: 'Cross', dealId: idsOf.b.deals }),
    },
    {
      label: 'document template preview with a deal',
      method: 'POST',
      url: () => `/api/document-templates/${idsOf.a['document-templates']}/preview`,
      payload: () => ({ dealId: idsOf.b.deals }),
    },
    {
      label: 'document template PDF with a client',
      method: 'GET',
      url: () => `/api/document-templates/${idsOf.a['document-templates']}/pdf?clientId=${idsOf.b.clients}`,
      payload: () => ({}),
    },
    {
      label: 'lead activity lead',
      method: 'POST',
      url: () => '/api/lead-activities',
      payload: () => ({ type: 'note', subject: 'Cross', leadId: idsOf.b.leads }),
    },
  ];
  it.each(crossReferences)('$label → 404', async ({ method, url, payload }) => {
    const res = await call(t.app, method, url(), a.cookie, payload());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.stringMatching(/not found$/) });
  });

  it("an activity cannot attach another organization's file (400 at the attachment)", async () => {
    const attachments = [{ name: 'x.pdf', url: `/api/files/${idsOf.b.files}/x.pdf` }];
    for (const [url, payload] of [
      ['/api/activities', { type: 'note', subject: 'Cross', clientId: idsOf.a.clients, attachments }],
      ['/api/lead-activities', { type: 'note', subject: 'Cross', leadId: idsOf.a.leads, attachments }],
    ] as const) {
      const res = await call(t.app, 'POST', url, a.cookie, payload);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors, url).toEqual([
        { path: 'attachments.0.url', message: attachmentFileMissingMessage },
      ]);
    }
  });

  it("CRM list filters with another organization's ids find nothing", async () => {
    for (const url of [
      `/api/deals?relatedClient=${idsOf.b.clients}`,
      `/api/activities?clientId=${idsOf.b.clients}`,
      `/api/lead-activities?leadId=${idsOf.b.leads}`,
      `/api/leads?assignedOwner=${b.user.id}`,
    ]) {
      const res = await call(t.app, 'GET', url, a.cookie);
      expect(res.json(), url).toEqual({ items: [], nextCursor: null, total: 0 });
    }
  });

  it("a list filter with another organization's team id finds nothing", async () => {
    await call(t.app, 'PATCH', `/api/users/${idsOf.b.users}`, b.cookie, { teamId: idsOf.b.teams });
    const res = await call(t.app, 'GET', `/api/users?teamId=${idsOf.b.teams}`, a.cookie);
    expect(res.json()).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it('an import into an object only another organization has answers 404 and creates nothing', async () => {
    const installed = await call(
      t.app,
      'POST',
      '/api/entity-templates/tax-deed-redemptions/install',
      b.cookie,
    );
    expect(installed.statusCode).toBe(201);
    const res = await call(t.app, 'POST', '/api/entity-records/import', a.cookie, {
      entityType: 'redemption',
      csv: 'Name,Certificate number\nCross,2024-1\n',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.stringMatching(/not found$/) });
    const theirs = await call(t.app, 'GET', '/api/entity-records?entityType=redemption', b.cookie);
    expect(theirs.json().total).toBe(0);
  });
});
