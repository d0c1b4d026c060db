import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, clients, deals, leadActivities, leads } from '../../db/schema/crm';
import { pipelines } from '../../db/schema/lists';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Caller, callerOf, created, fieldErrors, memberWith, organization } from './test-kit';

let t: TestApp;
let call: Caller;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
  owner = await organization(t);
});
afterAll(() => t.close());

type Lead = Record<string, unknown> & { id: string };
const newLead = (org: SignedIn, body: Record<string, unknown> = {}) =>
  created<Lead>(t, '/api/leads', org.cookie, { fullName: 'Ann Lee', ...body });

/** Everything a conversion writes, for "nothing was written" checks. */
async function footprint(leadId: string, orgId: string) {
  const [lead] = await t.db.select().from(leads).where(eq(leads.id, leadId));
  const count = async (table: typeof clients | typeof deals | typeof activities | typeof leadActivities) => {
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.organizationId, orgId));
    return Number(row.n);
  };
  return {
    leadStatus: lead.leadStatus,
    conversionDate: lead.conversionDate,
    convertedClientId: lead.convertedClientId,
    clients: await count(clients),
    deals: await count(deals),
    activities: await count(activities),
    leadActivities: await count(leadActivities),
  };
}

describe('POST /api/leads/:id/convert', () => {
  it('makes a client from the lead, marks the lead Converted and notes it on both sides', async () => {
    const member = await memberWith(t, owner, {});
    const lead = await newLead(owner, {
      fullName: 'Ann Lee',
      businessName: 'Lee Holdings',
      tags: ['vip', 'cook'],
      assignedOwner: member.id,
      leadSource: 'Mailer',
    });
    const res = await call('POST', `/api/leads/${lead.id}/convert`, owner.cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    const { client, deal } = res.json();
    expect(deal).toBeNull();
    expect(client).toMatchObject({
      organizationId: owner.user.organizationId,
      displayName: 'Ann Lee',
      status: 'active',
      leadId: lead.id,
      tags: ['vip', 'cook'],
      assignedTo: member.id,
    });

    const after = await call('GET', `/api/leads/${lead.id}`, owner.cookie);
    expect(after.json()).toMatchObject({ leadStatus: 'Converted', convertedClientId: client.id });
    expect(Date.now() - Date.parse(after.json().conversionDate)).toBeLessThan(60_000);

    const leadNotes = await call('GET', `/api/lead-activities?leadId=${lead.id}`, owner.cookie);
    expect(leadNotes.json().items).toEqual([
      expect.objectContaining({
        type: 'note',
        subject: 'Converted to client',
        status: 'completed',
        userId: owner.user.id,
        leadId: lead.id,
      }),
    ]);
    const clientNotes = await call('GET', `/api/activities?clientId=${client.id}`, owner.cookie);
    expect(clientNotes.json().items).toEqual([
      expect.objectContaining({
        type: 'note',
        subject: 'Converted from lead',
        status: 'completed',
        clientId: client.id,
      }),
    ]);

    const detail = await call('GET', `/api/clients/${client.id}`, owner.cookie);
    expect(detail.json()).toMatchObject({
      lead: { id: lead.id, fullName: 'Ann Lee' },
      deals: [],
      documentsCount: 0,
    });
  });

  it('copies the contact details, address and notes, and brings the lead’s activities onto the client’s timeline', async () => {
    const member = await memberWith(t, owner, {});
    const lead = await newLead(owner, {
      fullName: 'Ida Wells',
      email: 'ida@example.com',
      phone: '(813) 555-0123',
      phoneType: 'Home',
      location: 'Tampa, Florida 33602',
      notes: 'Heir of the former owner',
    });
    const logged = async (body: Record<string, unknown>, cookie = owner.cookie) => {
      const res = await call('POST', '/api/lead-activities', cookie, { leadId: lead.id, ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const callLogged = await logged({
      type: 'call',
      subject: 'First call',
      description: 'Left a voicemail',
      attachments: [{ name: 'Notice', url: 'https://example.com/notice.pdf' }],
    });
    const task = await logged(
      { type: 'task', subject: 'Send the claim form', status: 'pending', dueDate: '2030-05-01' },
      member.cookie,
    );
    const res = await call('POST', `/api/leads/${lead.id}/convert`, owner.cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    const { client } = res.json();
    const contact = {
      email: 'ida@example.com',
      phone: '(813) 555-0123',
      phoneType: 'Home',
      addressLine1: null,
      addressLine2: null,
      city: 'Tampa',
      state: 'FL',
      zip: '33602',
      notes: 'Heir of the former owner',
    };
    expect(client).toMatchObject(contact);
    expect((await call('GET', `/api/clients/${client.id}`, owner.cookie)).json()).toMatchObject(contact);

    const timeline = await t.db.select().from(activities).where(eq(activities.clientId, client.id));
    const bySubject = new Map(timeline.map((row) => [row.subject, row]));
    expect([...bySubject.keys()].toSorted()).toEqual(
      ['Converted from lead', 'First call', 'Send the claim form'].toSorted(),
    );
    expect(bySubject.get('First call')).toMatchObject({
      organizationId: owner.user.organizationId,
      type: 'call',
      status: 'completed',
      description: 'Left a voicemail',
      attachments: [{ name: 'Notice', url: 'https://example.com/notice.pdf' }],
      userId: owner.user.id,
      createdAt: new Date(callLogged.createdAt),
      dealId: null,
    });
    expect(bySubject.get('Send the claim form')).toMatchObject({
      type: 'task',
      status: 'pending',
      dueDate: new Date(task.dueDate),
      userId: member.id,
      createdAt: new Date(task.createdAt),
    });
    // The open task is now the client's, in its owner's task list.
    const tasks = await call('GET', `/api/activities?clientId=${client.id}`, member.cookie);
    expect(tasks.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subject: 'Send the claim form', status: 'pending' }),
      ]),
    );
    // The lead keeps its own history (plus the conversion note).
    const leadHistory = await t.db.select().from(leadActivities).where(eq(leadActivities.leadId, lead.id));
    expect(leadHistory.map((row) => row.subject).toSorted()).toEqual(
      ['Converted to client', 'First call', 'Send the claim form'].toSorted(),
    );
  });

  it('carries a surplus lead’s property fields to the deal’s surplus case', async () => {
    const org = await organization(t);
    const lead = await newLead(org, {
      fullName: 'Jo Park',
      customFields: {
        propertyAddress: '12 Palm Way, Tampa, FL',
        county: 'Hillsborough',
        state: 'Florida',
        caseNumber: '2024-CA-001234',
        parcelNumber: 'A-12-34',
      },
    });
    expect(lead.customFields).toMatchObject({ state: 'FL', caseNumber: '2024-CA-001234' });
    const res = await call('POST', `/api/leads/${lead.id}/convert`, org.cookie, { createDeal: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deal.customFields).toMatchObject({
      propertyAddress: '12 Palm Way, Tampa, FL',
      county: 'Hillsborough',
      state: 'FL',
      caseNumber: '2024-CA-001234',
      parcelNumber: 'A-12-34',
    });
  });

  it('also creates a deal in the default pipeline’s first stage, named after the lead', async () => {
    const lead = await newLead(owner, { fullName: 'Bo Reed', leadSource: 'Referral' });
    const res = await call('POST', `/api/leads/${lead.id}/convert`, owner.cookie, { createDeal: true });
    expect(res.statusCode, res.body).toBe(200);
    const { client, deal } = res.json();
    expect(deal).toMatchObject({
      dealName: 'Bo Reed — surplus claim',
      // A surplus funds organization's default pipeline starts with Research.
      stage: 'Research',
      relatedClient: client.id,
      leadSource: 'Referral',
      dealValue: null,
      organizationId: owner.user.organizationId,
    });
    const detail = await call('GET', `/api/clients/${client.id}`, owner.cookie);
    expect(detail.json().deals).toEqual([
      { id: deal.id, dealName: 'Bo Reed — surplus claim', stage: 'Research', dealValue: null },
    ]);
    const dealDetail = await call('GET', `/api/deals/${deal.id}`, owner.cookie);
    expect(dealDetail.json()).toMatchObject({ relatedClient: client.id, relatedClientName: 'Bo Reed' });
  });

  it('carries the lead’s custom values its client and deal share by key, and fills in their defaults', async () => {
    const org = await organization(t);
    const field = async (body: Record<string, unknown>) => {
      const res = await call('POST', '/api/custom-fields', org.cookie, body);
      expect(res.statusCode, res.body).toBe(201);
    };
    await field({ name: 'Referred by', fieldKey: 'referredBy', fieldType: 'text', entityType: 'lead' });
    await field({ name: 'Winning bid', fieldKey: 'winningBid', fieldType: 'currency', entityType: 'lead' });
    await field({ name: 'Heirs', fieldKey: 'heirs', fieldType: 'text', entityType: 'lead' });
    await field({
      name: 'Referred by',
      fieldKey: 'referredBy',
      fieldType: 'text',
      entityType: 'client',
      isRequired: true,
    });
    await field({
      name: 'Heirs',
      fieldKey: 'heirs',
      fieldType: 'number',
      entityType: 'client',
    });
    await field({
      name: 'Preferred contact',
      fieldKey: 'preferredContact',
      fieldType: 'select',
      entityType: 'client',
      options: ['Phone', 'Email'],
      defaultValue: 'Email',
    });
    await field({
      name: 'Claim form',
      fieldKey: 'claimForm',
      fieldType: 'text',
      entityType: 'deal',
      isRequired: true,
    });
    const lead = await newLead(org, {
      customFields: { referredBy: 'County clerk', winningBid: '150000', heirs: 'two sons' },
    });

    const res = await call('POST', `/api/leads/${lead.id}/convert`, org.cookie, { createDeal: true });
    expect(res.statusCode, res.body).toBe(200);
    const { client, deal } = res.json();
    // "two sons" is not a number, so the client's numeric Heirs stays empty rather than failing.
    expect(client.customFields).toEqual({ referredBy: 'County clerk', preferredContact: 'Email' });
    // The deal's surplus field template takes the bid, and the surplus is computed from it.
    expect(deal.customFields).toMatchObject({ winningBid: 150000, surplusAmount: 150000 });
    expect(deal.customFields).not.toHaveProperty('claimForm');
  });

  it('makes the deal worth the expected fee of the surplus case it carries from the lead', async () => {
    const org = await organization(t);
    const lead = await newLead(org, {
      fullName: 'Cy Vance',
      customFields: { winningBid: 150_000, totalDebt: 90_000, seniorLiens: 10_000, locatorFeePercent: 30 },
    });
    const res = await call('POST', `/api/leads/${lead.id}/convert`, org.cookie, { createDeal: true });
    expect(res.statusCode, res.body).toBe(200);
    const { deal } = res.json();
    expect(deal).toMatchObject({
      dealValue: 15_000,
      customFields: { surplusAmount: 50_000, expectedFee: 15_000 },
    });
    const [row] = await t.db.select().from(deals).where(eq(deals.id, deal.id));
    expect(row.dealValue).toBe('15000.00');
    // It follows the fee from then on, as a deal created on its own does.
    const patched = await call('PATCH', `/api/deals/${deal.id}`, org.cookie, {
      customFields: { locatorFeePercent: 20 },
    });
    expect(patched.json()).toMatchObject({ dealValue: 10_000, customFields: { expectedFee: 10_000 } });
  });

  it('uses the deal name given, and "proposal" when there is no default pipeline', async () => {
    const org = await organization(t);
    await t.db.delete(pipelines).where(eq(pipelines.organizationId, org.user.organizationId));
    const lead = await newLead(org, { fullName: 'Cy Young' });
    const res = await call('POST', `/api/leads/${lead.id}/convert`, org.cookie, {
      createDeal: true,
      dealName: ' Young estate claim ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().deal).toMatchObject({ dealName: 'Young estate claim', stage: 'proposal' });
  });

  it('converts without a body', async () => {
    const lead = await newLead(owner);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/leads/${lead.id}/convert`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deal).toBeNull();
  });

  it('refuses to convert twice (409) and writes nothing more', async () => {
    const lead = await newLead(owner);
    expect((await call('POST', `/api/leads/${lead.id}/convert`, owner.cookie, {})).statusCode).toBe(200);
    const before = await footprint(lead.id, owner.user.organizationId);
    const again = await call('POST', `/api/leads/${lead.id}/convert`, owner.cookie, { createDeal: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Lead has already been converted' });
    expect(await footprint(lead.id, owner.user.organizationId)).toEqual(before);
  });

  it('converts a lead whose status alone says Converted; a client linked to the lead by hand counts as converted', async () => {
    const org = await organization(t);
    const marked = await newLead(org, { leadStatus: 'Converted' });
    const res = await call('POST', `/api/leads/${marked.id}/convert`, org.cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await footprint(marked.id, org.user.organizationId)).toMatchObject({
      leadStatus: 'Converted',
      convertedClientId: res.json().client.id,
      clients: 1,
    });

    const linked = await newLead(org);
    await created(t, '/api/clients', org.cookie, { displayName: 'Linked Client', leadId: linked.id });
    const again = await call('POST', `/api/leads/${linked.id}/convert`, org.cookie, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Lead has already been converted' });
  });

  it('makes exactly one client when six conversions of the same lead race', async () => {
    const org = await organization(t);
    const lead = await newLead(org, { leadStatus: 'Converted' });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', `/api/leads/${lead.id}/convert`, org.cookie, {})),
    );
    expect(results.map((res) => res.statusCode).toSorted()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await footprint(lead.id, org.user.organizationId)).toMatchObject({
      clients: 1,
      leadActivities: 1,
    });
  });

  it('answers the validation messages of the convert schema', async () => {
    const lead = await newLead(owner);
    expect(
      fieldErrors(
        await call('POST', `/api/leads/${lead.id}/convert`, owner.cookie, {
          createDeal: 'yes',
          dealName: 'X',
        }),
      ),
    ).toEqual([
      { path: 'createDeal', message: 'createDeal must be true or false' },
      { path: 'dealName', message: 'Deal name must be at least 2 characters' },
    ]);
    expect((await call('POST', '/api/leads/not-a-uuid/convert', owner.cookie, {})).statusCode).toBe(404);
  });

  it('needs leads:update, clients:create and (for a deal) deals:create; a refusal writes nothing', async () => {
    const org = await organization(t);
    const lead = await newLead(org);
    const before = await footprint(lead.id, org.user.organizationId);

    const noUpdate = await memberWith(t, org, { leads: { update: false } });
    expect((await call('POST', `/api/leads/${lead.id}/convert`, noUpdate.cookie, {})).statusCode).toBe(403);
    const noClients = await memberWith(t, org, { clients: { create: false } });
    const refused = await call('POST', `/api/leads/${lead.id}/convert`, noClients.cookie, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "You don't have permission to access this feature." });
    const noDeals = await memberWith(t, org, { deals: { create: false } });
    expect(
      (await call('POST', `/api/leads/${lead.id}/convert`, noDeals.cookie, { createDeal: true })).statusCode,
    ).toBe(403);
    expect(await footprint(lead.id, org.user.organizationId)).toEqual(before);

    // The same user may convert without a deal.
    expect((await call('POST', `/api/leads/${lead.id}/convert`, noDeals.cookie, {})).statusCode).toBe(200);
  });

  it('rolls everything back when a step fails mid-way (one transaction)', async () => {
    const org = await organization(t);
    const lead = await newLead(org, { fullName: 'Dee Fail' });
    const before = await footprint(lead.id, org.user.organizationId);
    // The client is written first; then the deal insert fails on this test-only constraint.
    await t.db.execute(sql`alter table deals add constraint test_no_boom check (deal_name <> 'Boom deal')`);
    try {
      const res = await call('POST', `/api/leads/${lead.id}/convert`, org.cookie, {
        createDeal: true,
        dealName: 'Boom deal',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid value' });
    } finally {
      await t.db.execute(sql`alter table deals drop constraint test_no_boom`);
    }
    expect(await footprint(lead.id, org.user.organizationId)).toEqual(before);
    expect(before).toMatchObject({
      leadStatus: 'New',
      clients: 0,
      deals: 0,
      activities: 0,
      leadActivities: 0,
    });

    const retry = await call('POST', `/api/leads/${lead.id}/convert`, org.cookie, {
      createDeal: true,
      dealName: 'Fine deal',
    });
    expect(retry.statusCode).toBe(200);
    expect(await footprint(lead.id, org.user.organizationId)).toMatchObject({
      leadStatus: 'Converted',
      convertedClientId: retry.json().client.id,
      clients: 1,
      deals: 1,
      activities: 1,
      leadActivities: 1,
    });
  });
});
