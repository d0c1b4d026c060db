import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityDefinitions, entityFieldDefinitions } from '../../db/schema/custom-fields';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { callerOf, memberWith } from '../leads/test-kit';
import { findObjectTemplate } from './industry-object-templates';

let t: TestApp;
let call: ReturnType<typeof callerOf>;
beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
});
afterAll(() => t.close());

interface TemplateItem {
  key: string;
  industry: string;
  entityType: string;
  installed: boolean;
  fields: { fieldName: string }[];
  sampleRecords: unknown[];
}

async function templates(owner: SignedIn, query = '') {
  const res = await call('GET', `/api/entity-templates${query}`, owner.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: TemplateItem[] }).items;
}

const install = (owner: SignedIn, key: string) =>
  call('POST', `/api/entity-templates/${key}/install`, owner.cookie);

describe('GET /api/entity-templates', () => {
  let owner: SignedIn;
  beforeAll(async () => {
    owner = await registerOrganizationOwner(t.app);
  });

  it("lists the organization's own sector by default, with fields and sample records", async () => {
    const items = await templates(owner);
    expect(items.map((item) => [item.key, item.entityType, item.installed])).toEqual([
      ['surplus-properties', 'property', false],
      ['surplus-heirs', 'heir', false],
      ['surplus-court-filings', 'court_filing', false],
    ]);
    const heirs = items[1];
    expect(heirs).toMatchObject({
      industry: 'Surplus Funds Locator',
      displayName: 'Heir',
      pluralName: 'Heirs',
      iconName: 'Users',
      permissionCategory: 'clients',
    });
    expect(heirs.fields.map((f) => f.fieldName)).toContain('sharePercent');
    expect(heirs.sampleRecords.length).toBeGreaterThanOrEqual(3);
  });

  it('lists another sector, or every sector with the own one first', async () => {
    expect((await templates(owner, '?industry=Wholesaler')).map((i) => i.key)).toEqual([
      'wholesaler-properties',
      'wholesaler-cash-buyers',
    ]);
    expect(
      (await templates(owner, `?industry=${encodeURIComponent('Tax Deed Investor')}`)).map(
        (i) => i.entityType,
      ),
    ).toEqual(['auction', 'parcel', 'redemption']);
    const all = await templates(owner, '?industry=all');
    expect(all).toHaveLength(13);
    expect(all.slice(0, 3).every((item) => item.industry === 'Surplus Funds Locator')).toBe(true);
    expect(new Set(all.map((item) => item.industry)).size).toBe(5);

    const smallBusiness = await registerOrganizationOwner(t.app, { industrySector: 'Small Business' });
    expect((await templates(smallBusiness)).map((i) => i.key)).toEqual([
      'small-business-projects',
      'small-business-products',
    ]);
    expect((await templates(smallBusiness, '?industry=all'))[0].industry).toBe('Small Business');
  });

  it('refuses an unknown sector (400) and anonymous callers (401)', async () => {
    const res = await call('GET', '/api/entity-templates?industry=Farming', owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        path: 'industry',
        message:
          'Industry must be one of Surplus Funds Locator, Real Estate Investor, Small Business, Tax Deed Investor, Wholesaler or all',
      },
    ]);
    expect((await call('GET', '/api/entity-templates')).statusCode).toBe(401);
  });
});

describe('POST /api/entity-templates/:key/install', () => {
  it('creates the object with every field of the template in order, and marks it installed', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const res = await install(owner, 'surplus-heirs');
    expect(res.statusCode, res.body).toBe(201);
    const definition = res.json();
    const template = findObjectTemplate('surplus-heirs');
    expect(definition).toMatchObject({
      entityType: 'heir',
      displayName: 'Heir',
      pluralName: 'Heirs',
      iconName: 'Users',
      permissionCategory: 'clients',
      industryTemplate: 'surplus-heirs',
      isActive: true,
    });
    expect(definition.fields.map((f: { fieldName: string }) => f.fieldName)).toEqual(
      template?.fields.map((f) => f.fieldName),
    );
    expect(
      definition.fields.find((f: { fieldName: string }) => f.fieldName === 'sharePercent'),
    ).toMatchObject({
      fieldType: 'number',
      displayName: 'Share %',
      validationRules: { min: 0, max: 100 },
    });
    expect(
      definition.fields.find((f: { fieldName: string }) => f.fieldName === 'contactStatus'),
    ).toMatchObject({
      fieldType: 'select',
      defaultValue: 'Not contacted',
      section: 'contact',
    });

    const read = await call('GET', '/api/entity-definitions/heir', owner.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json().fields).toHaveLength(template?.fields.length ?? -1);
    const items = await templates(owner);
    expect(items.map((item) => [item.entityType, item.installed])).toEqual([
      ['property', false],
      ['heir', true],
      ['court_filing', false],
    ]);
    // No records: the samples only preview the object.
    const records = await call('GET', '/api/entity-records?entityType=heir', owner.cookie);
    expect(records.json().total).toBe(0);
    // A template names no order: each added object goes after the others.
    expect(definition.displayOrder).toBe(0);
    expect((await install(owner, 'surplus-properties')).json().displayOrder).toBe(1);
  });

  it('answers 409 for a type the organization already has, from any sector’s template', async () => {
    const owner = await registerOrganizationOwner(t.app);
    expect((await install(owner, 'surplus-properties')).statusCode).toBe(201);
    for (const key of ['surplus-properties', 'real-estate-properties']) {
      const again = await install(owner, key);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'An object with this type already exists' });
    }
    const count = await t.db
      .select({ id: entityDefinitions.id })
      .from(entityDefinitions)
      .where(eq(entityDefinitions.organizationId, owner.user.organizationId));
    expect(count).toHaveLength(1);
    expect((await templates(owner, '?industry=Wholesaler'))[0]).toMatchObject({
      entityType: 'property',
      installed: true,
    });
  });

  it('adds the object and its fields in one transaction: a failing field leaves nothing behind', async () => {
    const owner = await registerOrganizationOwner(t.app);
    // Sabotage one field's insert, as a crash half-way through would.
    await t.db.execute(sql`
      create function fail_court_status() returns trigger language plpgsql as $$
      begin
        if new.field_name = 'hearingDate' then raise exception 'sabotaged'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger fail_court_status before insert on entity_field_definitions
      for each row execute function fail_court_status()`);
    try {
      expect((await install(owner, 'surplus-court-filings')).statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger fail_court_status on entity_field_definitions`);
      await t.db.execute(sql`drop function fail_court_status()`);
    }
    const org = owner.user.organizationId;
    expect(
      await t.db.select().from(entityDefinitions).where(eq(entityDefinitions.organizationId, org)),
    ).toEqual([]);
    expect(
      await t.db.select().from(entityFieldDefinitions).where(eq(entityFieldDefinitions.organizationId, org)),
    ).toEqual([]);
    expect((await install(owner, 'surplus-court-filings')).statusCode).toBe(201);
  });

  it('needs settings:manage (403); members still read the templates', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const member = await memberWith(t, owner, {});
    const res = await install(member, 'surplus-heirs');
    expect(res.statusCode).toBe(403);
    expect((await templates(member)).every((item) => !item.installed)).toBe(true);
    const granted = await memberWith(t, owner, { settings: { manage: true } });
    expect((await install(granted, 'surplus-heirs')).statusCode).toBe(201);
  });

  it('answers 404 for an unknown template', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const res = await install(owner, 'surplus-unicorns');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Template not found' });
  });

  it("keeps organizations apart: one's installed object is neither seen nor blocking in another", async () => {
    const first = await registerOrganizationOwner(t.app);
    const second = await registerOrganizationOwner(t.app);
    const mine = await install(first, 'surplus-heirs');
    expect(mine.statusCode).toBe(201);
    expect((await templates(second)).find((item) => item.entityType === 'heir')?.installed).toBe(false);
    expect((await call('GET', `/api/entity-definitions/${mine.json().id}`, second.cookie)).statusCode).toBe(
      404,
    );
    const theirs = await install(second, 'surplus-heirs');
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(mine.json().id);
    const firstFields = await t.db
      .select({ id: entityFieldDefinitions.id })
      .from(entityFieldDefinitions)
      .where(eq(entityFieldDefinitions.organizationId, first.user.organizationId));
    expect(firstFields).toHaveLength(findObjectTemplate('surplus-heirs')?.fields.length ?? -1);
  });
});
