import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  type Caller,
  callerOf,
  created,
  fieldErrors,
  foreignUuid,
  memberWith,
  organization,
} from '../leads/test-kit';
import { templateNotFoundMessage } from './email-templates';

let t: TestApp;
let call: Caller;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
  owner = await organization(t);
  other = await organization(t);
});
afterAll(() => t.close());

const firstContact = {
  name: 'First contact',
  category: 'onboarding',
  subject: 'Funds in your name, {{lead.firstName}}',
  bodyHtml:
    '<p>Dear {{lead.fullName}},</p><p>Case {{lead.caseNumber}} in {{lead.county}} County. {{organization.name}}</p>',
};

async function createTemplate(who: SignedIn, body: Record<string, unknown> = firstContact) {
  const res = await call('POST', '/api/email-templates', who.cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, unknown> & { id: string; updatedAt: string };
}

describe('email templates CRUD', () => {
  it('creates a template with its variables and plain text, and lists it', async () => {
    const template = await createTemplate(owner);
    expect(template).toMatchObject({
      name: 'First contact',
      category: 'onboarding',
      isActive: true,
      usageCount: 0,
      createdBy: owner.user.id,
      variables: ['lead.firstName', 'lead.fullName', 'lead.caseNumber', 'lead.county', 'organization.name'],
    });
    expect(template.bodyText).toContain('Dear {{lead.fullName}},');
    const list = await call('GET', '/api/email-templates?category=onboarding&search=first', owner.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((i: { id: string }) => i.id)).toContain(template.id);
    const none = await call('GET', '/api/email-templates?category=sales', owner.cookie);
    expect(none.json().items.map((i: { id: string }) => i.id)).not.toContain(template.id);
  });

  it('answers the spec messages for bad input', async () => {
    const res = await call('POST', '/api/email-templates', owner.cookie, {
      name: 'A',
      category: 'spam',
      subject: ' ',
      bodyHtml: '<p></p>',
    });
    expect(fieldErrors(res)).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name must be at least 2 characters' },
        { path: 'category', message: 'Invalid category' },
        { path: 'subject', message: 'Subject is required' },
        { path: 'bodyHtml', message: 'Email content is required' },
      ]),
    );
    const missing = await call('POST', '/api/email-templates', owner.cookie, {
      name: 'Ok name',
      subject: 'S',
    });
    expect(fieldErrors(missing)).toEqual([{ path: 'bodyHtml', message: 'Email content is required' }]);
  });

  it('updates with If-Match, refuses a stale version, duplicates and deletes', async () => {
    const template = await createTemplate(owner, {
      ...firstContact,
      name: 'Follow-up 1',
      category: 'follow-up',
    });
    const get = await call('GET', `/api/email-templates/${template.id}`, owner.cookie);
    const etag = get.headers.etag as string;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/email-templates/${template.id}`,
      headers: { cookie: owner.cookie, 'if-match': etag },
      payload: { subject: 'Checking in about {{deal.name}}' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().variables).toEqual([
      'deal.name',
      'lead.fullName',
      'lead.caseNumber',
      'lead.county',
      'organization.name',
    ]);
    const stale = await t.app.inject({
      method: 'PATCH',
      url: `/api/email-templates/${template.id}`,
      headers: { cookie: owner.cookie, 'if-match': etag },
      payload: { name: 'Too late' },
    });
    expect(stale.statusCode).toBe(409);
    const copy = await call('POST', `/api/email-templates/${template.id}/duplicate`, owner.cookie);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({
      name: 'Follow-up 1 (copy)',
      subject: 'Checking in about {{deal.name}}',
    });
    expect(copy.json().id).not.toBe(template.id);
    expect((await call('DELETE', `/api/email-templates/${template.id}`, owner.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/email-templates/${template.id}`, owner.cookie)).statusCode).toBe(404);
  });

  it("answers 404 for another organization's template and changes nothing", async () => {
    const theirs = await createTemplate(other, { ...firstContact, name: 'Theirs' });
    for (const [method, url, body] of [
      ['GET', `/api/email-templates/${theirs.id}`, undefined],
      ['PATCH', `/api/email-templates/${theirs.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/email-templates/${theirs.id}`, undefined],
      ['POST', `/api/email-templates/${theirs.id}/duplicate`, undefined],
      ['POST', `/api/email-templates/${theirs.id}/render`, { entityType: 'lead', entityId: foreignUuid }],
      ['GET', `/api/email-templates/${foreignUuid}`, undefined],
      ['GET', '/api/email-templates/not-a-uuid', undefined],
    ] as const) {
      const res = await call(method, url, owner.cookie, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(templateNotFoundMessage);
    }
    const list = await call('GET', '/api/email-templates', owner.cookie);
    expect(list.json().items.map((i: { id: string }) => i.id)).not.toContain(theirs.id);
    const still = await call('GET', `/api/email-templates/${theirs.id}`, other.cookie);
    expect(still.json().name).toBe('Theirs');
  });

  it('lets every member read but only settings:update change', async () => {
    const template = await createTemplate(owner, { ...firstContact, name: 'Readable' });
    const member = await memberWith(t, owner, {});
    expect((await call('GET', '/api/email-templates', member.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/email-templates/${template.id}`, member.cookie)).statusCode).toBe(200);
    expect((await call('POST', '/api/email-templates', member.cookie, firstContact)).statusCode).toBe(403);
    expect(
      (await call('PATCH', `/api/email-templates/${template.id}`, member.cookie, { name: 'No' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/email-templates/${template.id}`, member.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/email-templates')).statusCode).toBe(401);
  });
});

describe('rendering with a record', () => {
  it('fills lead fields, custom (surplus) fields, organization and sender; escapes HTML', async () => {
    const lead = await created(t, '/api/leads', owner.cookie, {
      fullName: 'Jane <b>Doe</b>',
      email: 'jane@example.com',
      customFields: { caseNumber: '2024-CA-001', county: 'Hillsborough' },
    });
    const template = await createTemplate(owner, { ...firstContact, name: 'Render me' });
    const res = await call('POST', `/api/email-templates/${template.id}/render`, owner.cookie, {
      entityType: 'lead',
      entityId: lead.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      subject: 'Funds in your name, Jane',
      bodyHtml:
        '<p>Dear Jane &lt;b&gt;Doe&lt;/b&gt;,</p><p>Case 2024-CA-001 in Hillsborough County. Acme Recovery</p>',
      bodyText: 'Dear Jane <b>Doe</b>,\n\nCase 2024-CA-001 in Hillsborough County. Acme Recovery',
    });
  });

  it("fills a deal's own fields and its client's", async () => {
    const client = await created(t, '/api/clients', owner.cookie, {
      displayName: 'Carl Client',
      email: 'carl@example.com',
      city: 'Tampa',
      state: 'FL',
    });
    const deal = await created(t, '/api/deals', owner.cookie, {
      dealName: 'Tampa surplus',
      relatedClient: client.id,
      dealValue: 12500,
      stage: 'Research',
    });
    const res = await call('POST', '/api/email-templates/preview', owner.cookie, {
      subject: '{{deal.name}} for {{client.firstName}}',
      bodyHtml: '<p>{{deal.value}} · {{client.address}} · {{user.firstName}} · {{lead.fullName}}</p>',
      entityType: 'deal',
      entityId: deal.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subject).toBe('Tampa surplus for Carl');
    // A lead field has no value for a deal: it stays visible.
    expect(res.json().bodyHtml).toBe('<p>$12,500.00 · Tampa, FL · Ada · {{lead.fullName}}</p>');
  });

  it('answers 404 for a record the user may not read, or of another organization', async () => {
    const template = await createTemplate(owner, { ...firstContact, name: 'Guarded' });
    const lead = await created(t, '/api/leads', owner.cookie, { fullName: 'Secret Lead' });
    const noLeads = await memberWith(t, owner, { leads: { read: false } });
    const denied = await call('POST', `/api/email-templates/${template.id}/render`, noLeads.cookie, {
      entityType: 'lead',
      entityId: lead.id,
    });
    expect(denied.statusCode).toBe(404);
    expect(denied.json().message).toBe('Lead not found');
    const theirLead = await created(t, '/api/leads', other.cookie, { fullName: 'Their Lead' });
    const foreign = await call('POST', `/api/email-templates/${template.id}/render`, owner.cookie, {
      entityType: 'lead',
      entityId: theirLead.id,
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await call('POST', `/api/email-templates/${template.id}/render`, owner.cookie, {
      entityType: 'planet',
      entityId: lead.id,
    });
    expect(fieldErrors(bad)).toEqual([{ path: 'entityType', message: 'Invalid entity type' }]);
  });

  it('lists the merge-field catalogue with the organization custom fields', async () => {
    const res = await call('GET', '/api/merge-fields', owner.cookie);
    expect(res.statusCode).toBe(200);
    const keys = res.json().items.map((f: { key: string }) => f.key);
    expect(keys).toEqual(
      expect.arrayContaining(['lead.fullName', 'deal.name', 'deal.surplusAmount', 'lead.caseNumber']),
    );
  });
});

describe('seeded templates', () => {
  it('gives a new surplus-funds organization letters that render fully with a lead', async () => {
    const org = await organization(t);
    const list = await call('GET', '/api/email-templates', org.cookie);
    const names = list.json().items.map((i: { name: string }) => i.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'First contact with a claimant',
        'Follow-up: no answer yet',
        'Documents needed for your claim',
        'Claim filed: status update',
      ]),
    );
    const first = list.json().items.find((i: { name: string }) => i.name === 'First contact with a claimant');
    const lead = await created(t, '/api/leads', org.cookie, {
      fullName: 'Mary Heir',
      customFields: {
        propertyAddress: '12 Oak St, Tampa, FL',
        county: 'Hillsborough',
        caseNumber: '23-CA-9',
      },
    });
    const res = await call('POST', `/api/email-templates/${first.id}/render`, org.cookie, {
      entityType: 'lead',
      entityId: lead.id,
    });
    expect(res.json().subject).toBe('Funds from the sale of 12 Oak St, Tampa, FL may belong to you');
    expect(res.json().bodyHtml).not.toContain('{{');
    expect(res.json().bodyHtml).toContain('Dear Mary,');
  });
});
