import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp } from '../../test/test-app';
import { apiReferencePage } from './api-reference';
import { registerOpenApi } from './register-openapi';
import { openApiPath } from './describe-operation';
import { isDocumentedRoute } from './documented-routes';
import { documentedResponses } from './resource-responses';

/**
 * Public routes left out of the document, each on purpose (documented-routes.ts): they are not
 * called with an API key (sign-in, the marketing forms, signing and share links, verification,
 * tracking pixels, the document itself). A new public route must be added here, which makes
 * leaving it out a decision. Super-admin routes are all left out (a key is never a super admin);
 * route-permissions.test.ts is where each of them is reviewed.
 */
const excludedRoutes = [
  'GET /api/openapi.json', // public: this document
  'GET /api/docs', // public: its reference page
  'GET /api/health', // public
  'POST /api/auth/register', // public
  'POST /api/auth/login', // public
  'GET /api/logout', // public
  'POST /api/logout', // public
  'GET /api/login', // public
  'GET /api/session', // public
  'GET /api/system-status', // public: the public site's maintenance banner (issue 20)
  'GET /maintenance', // public: the maintenance page (issue 20)
  'GET /api/organization/logo', // public
  'POST /api/early-access', // public
  'POST /api/demo-request', // public
  'POST /api/support-submission', // public
  'POST /api/auth/forgot-password', // public
  'POST /api/auth/reset-password', // public
  'GET /api/auth/token', // public
  'POST /api/auth/accept-invitation', // public
  'GET /api/email-tracking/open/:pixelId', // public
  'GET /api/email-tracking/click/:pixelId', // public
  'GET /api/signing/:token', // public
  'POST /api/signing/:token/consent', // public
  'POST /api/signing/:token/code', // public
  'POST /api/signing/:token/verify', // public
  'GET /api/signing/:token/pdf', // public
  'POST /api/signing/:token/events', // public
  'POST /api/signing/:token/finish', // public
  'POST /api/signing/:token/decline', // public
  'GET /api/signing/:token/copy', // public
  'GET /api/shares/:token', // public
  'GET /api/shares/:token/pdf', // public
  'GET /api/verify', // public
  'GET /api/verify/:verificationId', // public
];

type Operation = OpenAPIV3_1.OperationObject;
type Parameter = OpenAPIV3_1.ParameterObject;

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: SignedIn;
let document: OpenAPIV3_1.Document;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOrganizationOwner(t.app);
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  document = res.json();
});
afterAll(() => t.close());

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

function operationOf(method: string, url: string): Operation | undefined {
  const item = document.paths?.[openApiPath(url)] as Record<string, Operation> | undefined;
  return item?.[method.toLowerCase()];
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // Answered without signing in: it is public.
    expect(document.openapi).toBe('3.1.0');
  });

  it('declares the API key (Bearer) and session cookie schemes, and the error shape', () => {
    expect(document.components?.securitySchemes).toMatchObject({
      apiKey: { type: 'http', scheme: 'bearer' },
      session: { type: 'apiKey', in: 'cookie', name: 'locus_sid' },
    });
    expect(document.security).toEqual([{ apiKey: [] }, { session: [] }]);
    expect(document.components?.schemas?.Error).toMatchObject({
      required: ['message'],
      properties: { message: { type: 'string' }, errors: { type: 'array' } },
    });
    const responses = document.components?.responses as Record<string, OpenAPIV3_1.ResponseObject>;
    for (const name of [
      'BadRequest',
      'Unauthorized',
      'Forbidden',
      'NotFound',
      'Conflict',
      'PayloadTooLarge',
      'TooManyRequests',
    ]) {
      expect(responses[name].content?.['application/json']).toMatchObject({
        schema: { $ref: '#/components/schemas/Error' },
        example: { message: expect.any(String) },
      });
    }
  });

  it('lists exactly the routes an API key can reach, with their request schemas', () => {
    const registered = t.app.routeTable;
    const excluded = registered.filter((route) => !isDocumentedRoute(route.access));
    expect(excluded.every((route) => route.access === 'public' || route.access === 'superAdmin')).toBe(true);
    const publicRoutes = excluded.filter((route) => route.access === 'public').map(routeKey);
    expect(publicRoutes.toSorted()).toEqual(excludedRoutes.toSorted());
    const documented = registered.filter((route) => isDocumentedRoute(route.access));
    expect(documented.length).toBeGreaterThan(200);

    const schemas = new Map(t.app.routeRequestSchemas.map((route) => [routeKey(route), route.parts]));
    const missing: string[] = [];
    for (const route of documented) {
      const operation = operationOf(route.method, route.url);
      if (!operation) {
        missing.push(`${routeKey(route)}: not in the document`);
        continue;
      }
      expect(operation.tags?.length, routeKey(route)).toBe(1);
      // Every schema converted in full (register-openapi.ts marks one that did not).
      if ((operation as Record<string, unknown>)['x-schema-incomplete'])
        missing.push(`${routeKey(route)}: a schema zod cannot express in JSON Schema`);
      expect(operation.summary, routeKey(route)).toBeTruthy();
      const parameters = (operation.parameters ?? []) as Parameter[];
      const parts = schemas.get(routeKey(route)) ?? [];
      if (parts.includes('body') && !operation.requestBody) missing.push(`${routeKey(route)}: body`);
      if (parts.includes('querystring') && !parameters.some((p) => p.in === 'query'))
        missing.push(`${routeKey(route)}: query`);
      // Every path parameter is declared, from the route's params schema where it has one.
      for (const [, name] of route.url.matchAll(/:([A-Za-z0-9_]+)/g)) {
        if (!parameters.some((p) => p.in === 'path' && p.name === name && p.required))
          missing.push(`${routeKey(route)}: path parameter ${name}`);
      }
      for (const status of ['401', '403', '429'])
        expect(operation.responses?.[status], routeKey(route)).toBeDefined();
      if (parts.length > 0) expect(operation.responses?.['400'], routeKey(route)).toBeDefined();
    }
    expect(missing).toEqual([]);

    // Nothing else: every operation in the document is a documented route.
    const documentedKeys = new Set(documented.map((route) => `${route.method} ${openApiPath(route.url)}`));
    const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.filter((key) => !documentedKeys.has(key))).toEqual([]);
    expect(new Set(operations.map((key) => key)).size).toBe(documented.length);
    // operationIds are unique (code generators name functions after them).
    const ids = Object.values(document.paths ?? {}).flatMap((item) =>
      Object.values(item as Record<string, Operation>).map((operation) => operation.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents the request body schema as the route validates it', () => {
    const body = operationOf('POST', '/api/leads')?.requestBody as OpenAPIV3_1.RequestBodyObject;
    const media = body.content['application/json'];
    expect(media.schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['fullName']),
      properties: { fullName: { type: 'string', maxLength: 255 } },
    });
    expect(media.example).toMatchObject({ fullName: expect.any(String) });
  });

  it('has response schemas for the main resources, each naming a route that exists', () => {
    const registered = new Set(t.app.routeTable.map(routeKey));
    for (const [key, byStatus] of Object.entries(documentedResponses)) {
      expect(registered.has(key), key).toBe(true);
      const [method, url] = key.split(' ');
      const operation = operationOf(method, url);
      for (const status of Object.keys(byStatus)) {
        const response = operation?.responses?.[status] as OpenAPIV3_1.ResponseObject | undefined;
        expect(response, `${key} ${status}`).toBeDefined();
        if (status !== '204')
          expect(response?.content?.['application/json']?.schema, `${key} ${status}`).toBeDefined();
      }
    }
    const resources = [
      'leads',
      'clients',
      'companies',
      'deals',
      'activities',
      'tags',
      'pipelines',
      'stages',
      'custom-fields',
    ];
    for (const resource of resources) {
      for (const key of [`GET /api/${resource}`, `GET /api/${resource}/:id`, `POST /api/${resource}`]) {
        expect(documentedResponses[key], key).toBeDefined();
      }
    }
    expect(document.tags?.map((tag) => tag.name)).toEqual(expect.arrayContaining(resources));
  });
});

async function call(method: string, url: string, path = url, payload?: unknown) {
  const res = await t.app.inject({
    method: method as 'GET',
    url: path,
    headers: { cookie: owner.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return res;
}

describe('real answers match the documented response schemas', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const base = 'https://locus.test/openapi.json';
  let registeredDocument = false;

  /** The documented schema of one answer, its `#/components/...` refs resolved in the document. */
  function responseValidator(method: string, url: string, status: number) {
    if (!registeredDocument) {
      ajv.addSchema({ $id: base, components: document.components });
      registeredDocument = true;
    }
    let response = operationOf(method, url)?.responses?.[String(status)] as
      | (OpenAPIV3_1.ResponseObject & { $ref?: string })
      | undefined;
    const shared = response?.$ref?.replace('#/components/responses/', '');
    if (shared) response = document.components?.responses?.[shared] as OpenAPIV3_1.ResponseObject;
    const schema = response?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`${method} ${url} ${status}: no documented schema`);
    const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${base}#/components/`));
    return ajv.compile(rebased);
  }

  /** Calls the route, expects `status`, and checks the answer against the documented schema. */
  async function conforms(method: string, url: string, status: number, path = url, payload?: unknown) {
    const res = await call(method, url, path, payload);
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(status);
    const validate = responseValidator(method, url, status);
    const body = res.json();
    expect(validate(body) ? [] : validate.errors, `${method} ${path}`).toEqual([]);
    return body;
  }

  it('leads: create, list, get, update, delete', async () => {
    const lead = await conforms('POST', '/api/leads', 201, undefined, {
      fullName: 'Dana Whitfield',
      email: 'dana@example.com',
      phone: '+1 555 0100',
      tags: ['surplus'],
      lastContactDate: '2026-11-01T10:00:00.000Z',
    });
    await conforms('GET', '/api/leads', 200);
    await conforms('GET', '/api/leads/:id', 200, `/api/leads/${lead.id}`);
    await conforms('PATCH', '/api/leads/:id', 200, `/api/leads/${lead.id}`, { leadStatus: 'Contacted' });
    const gone = await call('DELETE', '/api/leads/:id', `/api/leads/${lead.id}`);
    expect(gone.statusCode).toBe(204);
  });

  it('clients, companies, deals, activities and lead activities', async () => {
    const client = await conforms('POST', '/api/clients', 201, undefined, {
      displayName: 'Cleo Client',
      city: 'Austin',
    });
    await conforms('GET', '/api/clients', 200);
    await conforms('GET', '/api/clients/:id', 200, `/api/clients/${client.id}`);
    await conforms('PATCH', '/api/clients/:id', 200, `/api/clients/${client.id}`, { notes: 'Called' });

    const company = await conforms('POST', '/api/companies', 201, undefined, {
      companyName: 'Acme Holdings',
      estimatedRevenue: 1250.5,
      employeeCount: 12,
    });
    await conforms('GET', '/api/companies', 200);
    await conforms('GET', '/api/companies/:id', 200, `/api/companies/${company.id}`);
    await conforms('PATCH', '/api/companies/:id', 200, `/api/companies/${company.id}`, {
      website: 'https://acme.test',
    });

    const deal = await conforms('POST', '/api/deals', 201, undefined, {
      dealName: 'Cook County surplus',
      stage: 'Research',
      relatedClient: client.id,
      dealValue: 12500,
    });
    await conforms('GET', '/api/deals', 200);
    await conforms('GET', '/api/deals/:id', 200, `/api/deals/${deal.id}`);
    await conforms('PATCH', '/api/deals/:id', 200, `/api/deals/${deal.id}`, { dealValue: 13000 });

    const activity = await conforms('POST', '/api/activities', 201, undefined, {
      type: 'task',
      subject: 'Call back',
      dealId: deal.id,
      dueDate: '2020-01-01',
    });
    await conforms('GET', '/api/activities', 200);
    await conforms('GET', '/api/activities/:id', 200, `/api/activities/${activity.id}`);
    await conforms('PATCH', '/api/activities/:id', 200, `/api/activities/${activity.id}`, {
      status: 'completed',
    });

    const lead = await conforms('POST', '/api/leads', 201, undefined, { fullName: 'Lee Lead' });
    const note = await conforms('POST', '/api/lead-activities', 201, undefined, {
      type: 'note',
      subject: 'First contact',
      leadId: lead.id,
    });
    await conforms('GET', '/api/lead-activities', 200, `/api/lead-activities?leadId=${lead.id}`);
    await conforms('GET', '/api/lead-activities/:id', 200, `/api/lead-activities/${note.id}`);
    await conforms('PATCH', '/api/lead-activities/:id', 200, `/api/lead-activities/${note.id}`, {
      subject: 'Second',
    });
  });

  it('tags, pipelines, stages, custom fields and field sections', async () => {
    const tag = await conforms('POST', '/api/tags', 201, undefined, { name: 'probate', color: '#22c55e' });
    await conforms('GET', '/api/tags', 200);
    await conforms('GET', '/api/tags/:id', 200, `/api/tags/${tag.id}`);
    await conforms('PATCH', '/api/tags/:id', 200, `/api/tags/${tag.id}`, { description: 'Probate cases' });

    const pipelines = await conforms('GET', '/api/pipelines', 200);
    expect(pipelines.items[0].stages.length).toBeGreaterThan(0);
    const pipeline = await conforms('POST', '/api/pipelines', 201, undefined, { name: 'Probate' });
    await conforms('GET', '/api/pipelines/:id', 200, `/api/pipelines/${pipeline.id}`);
    await conforms('PATCH', '/api/pipelines/:id', 200, `/api/pipelines/${pipeline.id}`, {
      name: 'Probate cases',
    });
    const stage = await conforms('POST', '/api/stages', 201, undefined, {
      name: 'Filed',
      pipelineId: pipeline.id,
      probability: 40,
    });
    await conforms('GET', '/api/stages', 200);
    await conforms('GET', '/api/stages/:id', 200, `/api/stages/${stage.id}`);
    await conforms('PATCH', '/api/stages/:id', 200, `/api/stages/${stage.id}`, { probability: 50 });

    const section = await conforms('POST', '/api/field-sections', 201, undefined, {
      name: 'Case',
      entityType: 'lead',
    });
    const field = await conforms('POST', '/api/custom-fields', 201, undefined, {
      name: 'Probate docket',
      entityType: 'lead',
      fieldType: 'text',
      sectionId: section.id,
    });
    await conforms('GET', '/api/custom-fields', 200);
    await conforms('GET', '/api/custom-fields/:id', 200, `/api/custom-fields/${field.id}`);
    await conforms('PATCH', '/api/custom-fields/:id', 200, `/api/custom-fields/${field.id}`, {
      isRequired: true,
    });
    await conforms('GET', '/api/field-sections', 200);
    await conforms('GET', '/api/field-sections/:id', 200, `/api/field-sections/${section.id}`);
    await conforms('PATCH', '/api/field-sections/:id', 200, `/api/field-sections/${section.id}`, {
      name: 'Court',
    });
    for (const [url, id] of [
      ['/api/custom-fields/:id', field.id],
      ['/api/field-sections/:id', section.id],
      ['/api/stages/:id', stage.id],
      ['/api/tags/:id', tag.id],
    ]) {
      const gone = await call('DELETE', url, url.replace(':id', id));
      expect(gone.statusCode, `DELETE ${url}: ${gone.body}`).toBe(204);
    }
  });

  it('API keys, integrations, webhook logs and imports', async () => {
    const key = await conforms('POST', '/api/api-keys', 201, undefined, {
      name: 'Zapier',
      permissions: ['write'],
    });
    await conforms('GET', '/api/api-keys', 200);
    await conforms('GET', '/api/api-keys/:id', 200, `/api/api-keys/${key.id}`);
    await conforms('PATCH', '/api/api-keys/:id', 200, `/api/api-keys/${key.id}`, { name: 'Zapier (old)' });
    await conforms('POST', '/api/api-keys/:id/revoke', 200, `/api/api-keys/${key.id}/revoke`);

    const hook = await conforms('POST', '/api/integrations', 201, undefined, {
      name: 'Signed deals to the ledger',
      type: 'webhook',
      config: { url: 'https://hooks.example.com/locus', method: 'POST', events: ['deal.updated'] },
    });
    await conforms('GET', '/api/integrations', 200);
    await conforms('GET', '/api/integrations/:id', 200, `/api/integrations/${hook.id}`);
    await conforms('PATCH', '/api/integrations/:id', 200, `/api/integrations/${hook.id}`, {
      status: 'inactive',
    });
    await conforms(
      'POST',
      '/api/integrations/:id/rotate-secret',
      200,
      `/api/integrations/${hook.id}/rotate-secret`,
    );
    await conforms('GET', '/api/webhook-logs', 200, `/api/webhook-logs?integrationId=${hook.id}`);

    const job = await conforms('POST', '/api/import-jobs', 201, undefined, {
      name: 'County list',
      entityType: 'leads',
      sourceType: 'api',
      rows: [{ Name: 'Ruth Alvarez', Email: 'ruth@example.com' }],
      fieldMappings: { Name: 'fullName', Email: 'email' },
    });
    await conforms('GET', '/api/import-jobs', 200);
    await conforms('GET', '/api/import-jobs/:id', 200, `/api/import-jobs/${job.id}`);
  });

  it('a validation failure answers the documented error shape', async () => {
    const body = await conforms('POST', '/api/leads', 400, undefined, { fullName: 'D', email: 42 });
    expect(body).toEqual({
      message: 'Validation failed',
      errors: expect.arrayContaining([expect.objectContaining({ path: 'fullName' })]),
    });
    const missing = await conforms(
      'GET',
      '/api/leads/:id',
      404,
      '/api/leads/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.message).toBeTruthy();
  });
});

describe('the reference page at /api/docs', () => {
  it('serves the built page with the same-origin CSP, and says so when the client is not built', async () => {
    const notBuilt = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(notBuilt.statusCode).toBe(404);
    expect(notBuilt.json().message).toMatch(/not built/);

    const clientDir = mkdtempSync(join(tmpdir(), 'locus-client-'));
    const html =
      '<!doctype html><title>API reference</title><script type="module" src="/assets/api-docs.js"></script>';
    writeFileSync(join(clientDir, apiReferencePage), html);
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Locus</title>');
    const built = await createTestApp({ clientDir, sharedDatabase: t.database });
    try {
      const res = await built.app.inject({ method: 'GET', url: '/api/docs' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(html);
      // Our own origin only: the page may load nothing from another site.
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    } finally {
      await built.close();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});

describe('a schema zod cannot express in JSON Schema', () => {
  it('is documented as "any" and marked, instead of failing the whole document', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    await registerOpenApi(app);
    app.post(
      '/api/things',
      {
        config: { access: { permission: ['leads', 'create'] } },
        schema: {
          body: z.object({ name: z.string(), shape: z.custom<string>((value) => typeof value === 'string') }),
        },
      },
      async () => ({}),
    );
    await app.ready();
    try {
      const things = (
        await app.inject({ method: 'GET', url: '/api/openapi.json' })
      ).json() as OpenAPIV3_1.Document;
      const operation = things.paths?.['/api/things']?.post as Record<string, unknown>;
      expect(operation['x-schema-incomplete']).toBe(true);
      expect(operation.requestBody).toMatchObject({
        content: { 'application/json': { schema: { properties: { name: { type: 'string' }, shape: {} } } } },
      });
    } finally {
      await app.close();
    }
  });
});
