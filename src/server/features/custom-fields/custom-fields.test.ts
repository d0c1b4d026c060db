import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customFields, fieldSections, fieldTemplates } from '../../db/schema/custom-fields';
import { seedMissingSurplusLeadFields } from '../organizations/seed-organization-defaults';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call as callApp, newOrganization, signedInMember } from '../users/test-helpers';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOrganizationOwner(t.app);
});
afterAll(() => t.close());

const call = (...args: Parameters<typeof callApp> extends [unknown, ...infer R] ? R : never) =>
  callApp(t.app, ...args);

/** No industry fields seeded: the organization's own fields alone. */
const smallBusiness = { industrySector: 'Small Business' };

async function created(res: { statusCode: number; body: string; json(): Record<string, unknown> }) {
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode}: ${res.body}`);
  return res.json() as Record<string, unknown> & { id: string };
}

describe('the seeded surplus case fields', () => {
  it('puts 15 deal fields in a "Surplus case" section of an industry template', async () => {
    const res = await call('GET', '/api/custom-fields?entityType=deal', owner.cookie);
    expect(res.statusCode).toBe(200);
    const fields = res.json().items as Record<string, unknown>[];
    expect(fields.map((f) => [f.fieldKey, f.fieldType])).toEqual([
      ['propertyAddress', 'text'],
      ['county', 'text'],
      ['state', 'text'],
      ['caseNumber', 'text'],
      ['parcelNumber', 'text'],
      ['saleType', 'select'],
      ['saleDate', 'date'],
      ['winningBid', 'currency'],
      ['totalDebt', 'currency'],
      ['seniorLiens', 'currency'],
      ['surplusAmount', 'currency'],
      ['surplusAmountOverridden', 'checkbox'],
      ['claimDeadline', 'date'],
      ['locatorFeePercent', 'number'],
      ['expectedFee', 'currency'],
    ]);
    expect(fields.find((f) => f.fieldKey === 'saleType')).toMatchObject({
      name: 'Sale type',
      options: ['Tax deed', 'Mortgage foreclosure', 'HOA foreclosure'],
      dataType: 'string',
      industryTemplate: 'Surplus Funds Locator',
    });
    expect(fields.find((f) => f.fieldKey === 'winningBid')).toMatchObject({ dataType: 'number' });

    const sections = (await call('GET', '/api/field-sections?entityType=deal', owner.cookie)).json().items;
    expect(sections).toHaveLength(1);
    expect(sections[0]).toMatchObject({ name: 'Surplus case', entityType: 'deal' });
    expect(new Set(fields.map((f) => f.sectionId))).toEqual(new Set([sections[0].id]));

    const [template] = await t.db
      .select()
      .from(fieldTemplates)
      .where(
        and(
          eq(fieldTemplates.organizationId, owner.user.organizationId),
          eq(fieldTemplates.entityType, 'deal'),
        ),
      );
    expect(template).toMatchObject({
      name: 'Surplus case',
      industryType: 'Surplus Funds Locator',
      entityType: 'deal',
      sectionIds: [sections[0].id],
    });
    expect(template.fieldIds.toSorted()).toEqual(fields.map((f) => f.id as string).toSorted());
    expect(sections[0].templateId).toBe(template.id);
  });
});

describe('the seeded surplus lead fields', () => {
  it('puts the property fields in a "Property" section of leads, keyed as the deal’s', async () => {
    const fields = (await call('GET', '/api/custom-fields?entityType=lead', owner.cookie)).json().items;
    expect(fields.map((f: Record<string, unknown>) => [f.fieldKey, f.name, f.fieldType])).toEqual([
      ['propertyAddress', 'Property address', 'text'],
      ['county', 'County', 'text'],
      ['state', 'State', 'text'],
      ['caseNumber', 'Case number', 'text'],
      ['parcelNumber', 'Parcel number', 'text'],
    ]);
    expect(fields.find((f: Record<string, unknown>) => f.fieldKey === 'state')).toMatchObject({
      validation: { format: 'stateCode' },
    });
    const sections = (await call('GET', '/api/field-sections?entityType=lead', owner.cookie)).json().items;
    expect(sections).toEqual([expect.objectContaining({ name: 'Property', entityType: 'lead' })]);
    expect(new Set(fields.map((f: Record<string, unknown>) => f.sectionId))).toEqual(
      new Set([sections[0].id]),
    );
  });

  it('seeds surplus organizations made before, once, keeping a field of the same key made by hand', async () => {
    const org = await registerOrganizationOwner(t.app);
    const orgId = org.user.organizationId;
    const generic = await registerOrganizationOwner(t.app, smallBusiness);
    // As an organization made before leads had the section, with its own "County" lead field.
    await t.db
      .delete(customFields)
      .where(and(eq(customFields.organizationId, orgId), eq(customFields.entityType, 'lead')));
    await t.db
      .delete(fieldSections)
      .where(and(eq(fieldSections.organizationId, orgId), eq(fieldSections.entityType, 'lead')));
    await t.db
      .delete(fieldTemplates)
      .where(and(eq(fieldTemplates.organizationId, orgId), eq(fieldTemplates.entityType, 'lead')));
    const own = await created(
      await call('POST', '/api/custom-fields', org.cookie, {
        name: 'County',
        fieldType: 'text',
        entityType: 'lead',
      }),
    );

    expect(await seedMissingSurplusLeadFields(t.db)).toBeGreaterThanOrEqual(1);
    const keys = async (cookie: string) =>
      (await call('GET', '/api/custom-fields?entityType=lead', cookie))
        .json()
        .items.map(
          (f: { fieldKey: string; id: string }) => `${f.fieldKey}${f.id === own.id ? ' (own)' : ''}`,
        );
    expect((await keys(org.cookie)).toSorted()).toEqual(
      ['caseNumber', 'county (own)', 'parcelNumber', 'propertyAddress', 'state'].toSorted(),
    );
    expect(await keys(generic.cookie)).toEqual([]);

    // Once: a second run changes nothing, and removed fields stay removed.
    await t.db
      .delete(customFields)
      .where(and(eq(customFields.organizationId, orgId), eq(customFields.fieldKey, 'parcelNumber')));
    expect(await seedMissingSurplusLeadFields(t.db)).toBe(0);
    expect(await keys(org.cookie)).not.toContain('parcelNumber');
    const sections = (await call('GET', '/api/field-sections?entityType=lead', org.cookie)).json().items;
    expect(sections).toHaveLength(1);
  });
});

describe('/api/custom-fields', () => {
  it('creates (201) with a key derived from the name, reads, updates and deletes (204)', async () => {
    const org = await registerOrganizationOwner(t.app, smallBusiness);
    const field = await created(
      await call('POST', '/api/custom-fields', org.cookie, {
        name: 'Heir count',
        fieldType: 'number',
        entityType: 'lead',
        isRequired: true,
        placeholder: 'How many heirs?',
        validation: { min: 0 },
      }),
    );
    expect(field).toMatchObject({
      name: 'Heir count',
      fieldKey: 'heirCount',
      fieldType: 'number',
      dataType: 'number',
      entityType: 'lead',
      isRequired: true,
      isVisible: true,
      orderIndex: 0,
      options: null,
      placeholder: 'How many heirs?',
      validation: { min: 0 },
      sectionId: null,
    });
    expect((await call('GET', `/api/custom-fields/${field.id}`, org.cookie)).json()).toEqual(field);
    const second = await created(
      await call('POST', '/api/custom-fields', org.cookie, {
        name: 'Preferred contact',
        fieldKey: 'preferredContact',
        dataType: 'select',
        entityType: 'lead',
        options: ['Phone', 'Email'],
        required: false,
        visible: true,
        defaultValue: 'Phone',
      }),
    );
    expect(second).toMatchObject({
      fieldType: 'select',
      orderIndex: 1,
      defaultValue: 'Phone',
      isRequired: false,
    });

    const patched = await call('PATCH', `/api/custom-fields/${field.id}`, org.cookie, {
      name: 'Number of heirs',
      isRequired: false,
      isVisible: false,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Number of heirs',
      fieldKey: 'heirCount',
      isRequired: false,
      isVisible: false,
    });
    const retyped = await call('PATCH', `/api/custom-fields/${field.id}`, org.cookie, {
      fieldType: 'text',
      validation: null,
    });
    expect(retyped.json()).toMatchObject({ fieldType: 'text', dataType: 'string', validation: null });

    const leads = (await call('GET', '/api/custom-fields?entityType=lead', org.cookie)).json();
    expect(leads.items.map((f: { fieldKey: string }) => f.fieldKey)).toEqual([
      'heirCount',
      'preferredContact',
    ]);
    expect((await call('GET', '/api/custom-fields?entityType=client', org.cookie)).json().total).toBe(0);

    const reorder = await call('POST', '/api/custom-fields/reorder', org.cookie, {
      ids: [second.id, field.id],
    });
    expect(reorder.json().items.map((f: { id: string }) => f.id)).toEqual([second.id, field.id]);

    expect((await call('DELETE', `/api/custom-fields/${field.id}`, org.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/custom-fields/${field.id}`, org.cookie)).statusCode).toBe(404);
  });

  it('answers 409 for a key already used on the same entity (not on another)', async () => {
    const org = await registerOrganizationOwner(t.app, smallBusiness);
    await created(
      await call('POST', '/api/custom-fields', org.cookie, {
        name: 'Case number',
        fieldType: 'text',
        entityType: 'lead',
      }),
    );
    const dup = await call('POST', '/api/custom-fields', org.cookie, {
      name: 'Other case',
      fieldKey: 'caseNumber',
      fieldType: 'text',
      entityType: 'lead',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: 'A field with this key already exists' });
    const derived = await call('POST', '/api/custom-fields', org.cookie, {
      name: 'Case Number',
      fieldType: 'text',
      entityType: 'lead',
    });
    expect(derived.statusCode).toBe(409);
    const client = await call('POST', '/api/custom-fields', org.cookie, {
      name: 'Case number',
      fieldType: 'text',
      entityType: 'client',
    });
    expect(client.statusCode).toBe(201);
    const [leadField] = (await call('GET', '/api/custom-fields?entityType=lead', org.cookie)).json().items;
    const rename = await call('POST', '/api/custom-fields', org.cookie, {
      name: 'Docket',
      fieldType: 'text',
      entityType: 'lead',
    });
    const patch = await call('PATCH', `/api/custom-fields/${rename.json().id}`, org.cookie, {
      fieldKey: leadField.fieldKey,
    });
    expect(patch.statusCode).toBe(409);
  });

  it.each([
    [{ name: 'X', fieldType: 'text', entityType: 'lead' }, 'name', 'Name must be at least 2 characters'],
    [{ name: 'Color', fieldType: 'colour', entityType: 'lead' }, 'fieldType', 'Invalid field type'],
    [{ name: 'Color', fieldType: 'text', entityType: 'invoice' }, 'entityType', 'Invalid entity type'],
    [
      { name: 'Kind', fieldType: 'select', entityType: 'deal' },
      'options',
      'Options are required for select fields',
    ],
    [
      { name: 'Kinds', fieldType: 'multiselect', entityType: 'deal', options: [] },
      'options',
      'Options are required for select fields',
    ],
    [
      { name: 'Kind', fieldType: 'select', entityType: 'deal', options: ['A', 'A'] },
      'options',
      'Options must be unique',
    ],
    [
      { name: 'Key', fieldKey: '1st key', fieldType: 'text', entityType: 'deal' },
      'fieldKey',
      'Field key must start with a letter and use only letters, numbers and underscores',
    ],
    [
      { name: 'Flag', fieldType: 'checkbox', entityType: 'deal', isRequired: 'yes' },
      'isRequired',
      'isRequired must be true or false',
    ],
    [
      { name: 'Amount', fieldType: 'currency', entityType: 'deal', defaultValue: 'lots' },
      'defaultValue',
      'Amount must be a number',
    ],
    [
      { name: 'Kind', fieldType: 'select', entityType: 'deal', options: ['A'], defaultValue: 'B' },
      'defaultValue',
      'Kind must be one of the options',
    ],
  ])('POST %j → %s: %s', async (body, path, message) => {
    const res = await call('POST', '/api/custom-fields', owner.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Validation failed', errors: [{ path, message }] });
  });

  it('a select keeps its options on update unless replaced by a non-empty list', async () => {
    const org = await registerOrganizationOwner(t.app, smallBusiness);
    const field = await created(
      await call('POST', '/api/custom-fields', org.cookie, {
        name: 'Kind',
        fieldType: 'select',
        entityType: 'deal',
        options: ['A'],
      }),
    );
    expect(
      (await call('PATCH', `/api/custom-fields/${field.id}`, org.cookie, { name: 'Kind 2' })).json().options,
    ).toEqual(['A']);
    const cleared = await call('PATCH', `/api/custom-fields/${field.id}`, org.cookie, { options: [] });
    expect(cleared.json().errors).toEqual([
      { path: 'options', message: 'Options are required for select fields' },
    ]);
    const text = await call('PATCH', `/api/custom-fields/${field.id}`, org.cookie, { fieldType: 'text' });
    expect(text.json()).toMatchObject({ fieldType: 'text', options: null });
  });

  it("refuses another organization's section (404) and a section of another entity", async () => {
    const org = await registerOrganizationOwner(t.app);
    const [theirSection] = (await call('GET', '/api/field-sections?entityType=deal', owner.cookie)).json()
      .items;
    const res = await call('POST', '/api/custom-fields', org.cookie, {
      name: 'Sneaky',
      fieldType: 'text',
      entityType: 'deal',
      sectionId: theirSection.id,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Section not found' });
    const [mine] = (await call('GET', '/api/field-sections?entityType=deal', org.cookie)).json().items;
    const wrongEntity = await call('POST', '/api/custom-fields', org.cookie, {
      name: 'Lead thing',
      fieldType: 'text',
      entityType: 'lead',
      sectionId: mine.id,
    });
    expect(wrongEntity.statusCode).toBe(404);
    const ok = await call('POST', '/api/custom-fields', org.cookie, {
      name: 'Deal thing',
      fieldType: 'text',
      entityType: 'deal',
      sectionId: mine.id,
    });
    expect(ok.json().sectionId).toBe(mine.id);
  });

  it('every member reads; writes need settings:manage (a manager gets 403)', async () => {
    const org = await newOrganization(t.app, t.db);
    const manager = await signedInMember(t.app, org, { role: 'manager' });
    expect((await call('GET', '/api/custom-fields', manager.cookie)).statusCode).toBe(200);
    const [field] = (await call('GET', '/api/custom-fields', manager.cookie)).json().items;
    const attempts = [
      await call('POST', '/api/custom-fields', manager.cookie, {
        name: 'Nope',
        fieldType: 'text',
        entityType: 'lead',
      }),
      await call('PATCH', `/api/custom-fields/${field.id}`, manager.cookie, { name: 'Nope' }),
      await call('DELETE', `/api/custom-fields/${field.id}`, manager.cookie),
      await call('POST', '/api/custom-fields/reorder', manager.cookie, { ids: [field.id] }),
      await call('POST', '/api/field-sections', manager.cookie, { name: 'Nope', entityType: 'lead' }),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    const [row] = await t.db.select().from(customFields).where(eq(customFields.id, field.id));
    expect(row.name).toBe(field.name);
  });
});

describe('/api/field-sections', () => {
  it('creates, lists, updates, reorders and deletes; fields of a deleted section stay', async () => {
    const org = await registerOrganizationOwner(t.app);
    const section = await created(
      await call('POST', '/api/field-sections', org.cookie, { name: 'Heirs', entityType: 'deal' }),
    );
    expect(section).toMatchObject({
      name: 'Heirs',
      entityType: 'deal',
      orderIndex: 1,
      isCollapsible: false,
      isExpanded: true,
    });
    const field = await created(
      await call('POST', '/api/custom-fields', org.cookie, {
        name: 'Heir name',
        fieldType: 'text',
        entityType: 'deal',
        sectionId: section.id,
      }),
    );
    const patched = await call('PATCH', `/api/field-sections/${section.id}`, org.cookie, {
      name: 'Heir search',
      isCollapsible: true,
    });
    expect(patched.json()).toMatchObject({ name: 'Heir search', isCollapsible: true });
    const all = (await call('GET', '/api/field-sections?entityType=deal', org.cookie)).json().items as {
      id: string;
    }[];
    const order = all.map((s) => s.id).toReversed();
    expect(
      (await call('POST', '/api/field-sections/reorder', org.cookie, { ids: order }))
        .json()
        .items.map((s: { id: string }) => s.id),
    ).toEqual(order);
    const bad = await call('POST', '/api/field-sections', org.cookie, { name: 'H', entityType: 'x' });
    expect(bad.json().errors).toEqual([
      { path: 'name', message: 'Name must be at least 2 characters' },
      { path: 'entityType', message: 'Invalid entity type' },
    ]);
    expect((await call('DELETE', `/api/field-sections/${section.id}`, org.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/custom-fields/${field.id}`, org.cookie)).json().sectionId).toBeNull();
    expect((await call('GET', `/api/field-sections/${section.id}`, org.cookie)).statusCode).toBe(404);
  });
});
