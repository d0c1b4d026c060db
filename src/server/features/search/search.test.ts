import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, companies, deals, leads } from '../../db/schema/crm';
import type { SignedIn } from '../../test/sessions';
import { registerOrganizationOwner } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call as callApp, newOrganization, signedInMember } from '../users/test-helpers';

let t: TestApp;
let owner: SignedIn;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  owner = await newOrganization(t.app, t.db);
  const organizationId = owner.user.organizationId;
  const [lead] = await t.db
    .insert(leads)
    .values([
      {
        organizationId,
        fullName: 'Walter Smith',
        email: 'walter@example.com',
        phone: '(813) 555-0142',
        businessName: 'Smith Holdings',
      },
      { organizationId, fullName: 'Jane Doe', email: 'jsmith@example.com' },
      { organizationId, fullName: '100% Recovery Lead', email: 'percent@example.com' },
      { organizationId, fullName: 'Under_score Lead' },
    ])
    .returning();
  ids.lead = lead.id;
  const [client] = await t.db
    .insert(clients)
    .values([
      { organizationId, displayName: 'Smith Family Trust' },
      ...Array.from({ length: 6 }, (_, i) => ({ organizationId, displayName: `Heir Smith ${i + 1}` })),
    ])
    .returning();
  ids.client = client.id;
  const [company] = await t.db
    .insert(companies)
    .values({ organizationId, companyName: 'Smithfield Title Co', industry: 'Title' })
    .returning();
  ids.company = company.id;
  const [deal] = await t.db
    .insert(deals)
    .values({
      organizationId,
      dealName: 'Smith surplus — Hillsborough',
      stage: 'Research',
      dealValue: '47500.00',
    })
    .returning();
  ids.deal = deal.id;
  const stranger = await registerOrganizationOwner(t.app);
  await t.db
    .insert(leads)
    .values({ organizationId: stranger.user.organizationId, fullName: 'Stranger Smith' });
});
afterAll(() => t.close());

const call = (...args: Parameters<typeof callApp> extends [unknown, ...infer R] ? R : never) =>
  callApp(t.app, ...args);

const search = async (q: string, cookie = owner.cookie) => {
  const res = await call('GET', `/api/search?q=${encodeURIComponent(q)}`, cookie);
  expect(res.statusCode).toBe(200);
  return res.json().results as {
    kind: string;
    id: string;
    title: string;
    subtitle: string | null;
    url: string;
  }[];
};

describe('GET /api/search', () => {
  it('finds up to 5 of each kind the caller may read, prefix matches first', async () => {
    const results = await search('smith');
    const byKind = (kind: string) => results.filter((r) => r.kind === kind);
    // A lead whose later word starts with the term ranks before one found by its e-mail.
    expect(byKind('lead').map((r) => r.title)).toEqual(['Walter Smith', 'Jane Doe']);
    expect(byKind('client')).toHaveLength(5);
    expect(byKind('client')[0]).toEqual({
      kind: 'client',
      id: ids.client,
      title: 'Smith Family Trust',
      subtitle: 'active',
      url: `/clients/${ids.client}`,
    });
    expect(byKind('company')).toEqual([
      {
        kind: 'company',
        id: ids.company,
        title: 'Smithfield Title Co',
        subtitle: 'Title',
        url: `/companies?open=${ids.company}`,
      },
    ]);
    expect(byKind('deal')).toEqual([
      {
        kind: 'deal',
        id: ids.deal,
        title: 'Smith surplus — Hillsborough',
        subtitle: 'Research · $47,500.00',
        url: `/deals/${ids.deal}`,
      },
    ]);
    expect(results.map((r) => r.title)).not.toContain('Stranger Smith');
    expect(results.filter((r) => r.kind === 'lead').find((r) => r.title === 'Walter Smith')).toEqual({
      kind: 'lead',
      id: ids.lead,
      title: 'Walter Smith',
      subtitle: 'Smith Holdings · walter@example.com',
      url: `/leads/${ids.lead}`,
    });
  });

  it('matches lead e-mail, phone (also by digits) and business name', async () => {
    expect((await search('walter@')).map((r) => r.title)).toEqual(['Walter Smith']);
    expect((await search('555-0142')).map((r) => r.title)).toEqual(['Walter Smith']);
    expect((await search('8135550142')).map((r) => r.title)).toEqual(['Walter Smith']);
    expect((await search('holdings')).map((r) => r.title)).toEqual(['Walter Smith']);
  });

  it('finds leads and deals by case number, parcel number, property address and county', async () => {
    const organizationId = owner.user.organizationId;
    const surplusCase = {
      caseNumber: '2024-CA-009876',
      parcelNumber: 'U-07-29-19-ZZZ',
      propertyAddress: '4410 Mangrove Bend',
      county: 'Okeechobee',
    };
    const [lead] = await t.db
      .insert(leads)
      .values({ organizationId, fullName: 'Case Lead', customFields: surplusCase })
      .returning();
    const [deal] = await t.db
      .insert(deals)
      .values({ organizationId, dealName: 'Case deal', stage: 'Research', customFields: surplusCase })
      .returning();
    for (const term of ['ca-0098', 'u-07-29', 'mangrove bend', 'OKEECHOBEE']) {
      const found = (await search(term)).map((r) => `${r.kind}:${r.id}`);
      expect(found.toSorted(), term).toEqual([`deal:${deal.id}`, `lead:${lead.id}`].toSorted());
    }
  });

  it('finds clients by e-mail and by phone digits', async () => {
    const organizationId = owner.user.organizationId;
    const [client] = await t.db
      .insert(clients)
      .values({
        organizationId,
        displayName: 'Quiet Client',
        email: 'quiet@hush.example',
        phone: '(941) 555-0177',
      })
      .returning();
    expect(await clientIdsFound('quiet@hush')).toEqual([client.id]);
    expect(await clientIdsFound('941-555-0177')).toEqual([client.id]);
  });

  it("shows a lead's phone in the caller's phone number format", async () => {
    const organizationId = owner.user.organizationId;
    await t.db.insert(leads).values({ organizationId, fullName: 'Phoebe Phoneonly', phone: '727.555.0199' });
    expect((await search('Phoebe')).map((r) => r.subtitle)).toEqual(['(727) 555-0199']);
    const changed = await call('PATCH', '/api/user/profile', owner.cookie, {
      phoneNumberFormat: 'international',
    });
    expect(changed.statusCode).toBe(200);
    expect((await search('Phoebe')).map((r) => r.subtitle)).toEqual(['+1 727 555 0199']);
    await call('PATCH', '/api/user/profile', owner.cookie, { phoneNumberFormat: 'national' });
  });

  it('ranks the exact name first, then names starting with the term, then the other matches', async () => {
    const organizationId = owner.user.organizationId;
    await t.db.insert(leads).values(
      ['Ola Brandt', 'Brandt Oy', 'Kim Brandtner', 'brandt'].map((fullName) => ({
        organizationId,
        fullName,
      })),
    );
    expect((await search('brandt')).map((r) => r.title)).toEqual([
      'brandt',
      'Brandt Oy',
      'Kim Brandtner',
      'Ola Brandt',
    ]);
    // A term with a space is not looked for in e-mail addresses (they hold none), names still match.
    expect((await search('ola brandt')).map((r) => r.title)).toEqual(['Ola Brandt']);
  });

  it('treats % and _ literally', async () => {
    expect((await search('%')).map((r) => r.title)).toEqual(['100% Recovery Lead']);
    expect((await search('_')).map((r) => r.title)).toEqual(['Under_score Lead']);
    expect(await search('\\')).toEqual([]);
  });

  it('answers nothing for an empty or blank query', async () => {
    expect(await search('')).toEqual([]);
    expect(await search('   ')).toEqual([]);
    expect((await call('GET', '/api/search', owner.cookie)).json()).toEqual({ results: [] });
  });

  it('searches only the kinds the caller may read', async () => {
    const member = await signedInMember(t.app, owner, {
      permissions: { leads: { read: false }, deals: { read: false } },
    });
    const results = await search('smith', member.cookie);
    expect(new Set(results.map((r) => r.kind))).toEqual(new Set(['client', 'company']));
    const none = await signedInMember(t.app, owner, {
      permissions: {
        leads: { read: false },
        deals: { read: false },
        clients: { read: false },
        companies: { read: false },
      },
    });
    expect(await search('smith', none.cookie)).toEqual([]);
    expect((await call('GET', '/api/search?q=smith')).statusCode).toBe(401);
  });

  it('refuses an overlong query', async () => {
    const res = await call('GET', `/api/search?q=${'a'.repeat(201)}`, owner.cookie);
    expect(res.json().errors).toEqual([{ path: 'q', message: 'Search is too long' }]);
  });
});

async function clientIdsFound(term: string) {
  return (await search(term)).filter((r) => r.kind === 'client').map((r) => r.id);
}
