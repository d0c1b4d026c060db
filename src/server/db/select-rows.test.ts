import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganizationOwner } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';
import { leads } from './schema/crm';
import { selectRows } from './select-rows';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('selectRows', () => {
  it('answers exactly what drizzle’s select answers: dates, arrays, json, nulls, mapped SQL', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const [lead] = await t.db
      .insert(leads)
      .values({
        organizationId: owner.user.organizationId,
        fullName: 'Rosa Díaz',
        email: 'rosa@example.com',
        tags: ['tax deed', 'hot'],
        customFields: { county: 'Dade', bid: 125000.5 },
        lastContactDate: new Date('2026-03-04T05:06:07.891Z'),
      })
      .returning({ id: leads.id });
    const fields = {
      ...getTableColumns(leads),
      nameLength: sql<number>`length(${leads.fullName})`.mapWith(Number),
      upperName: sql<string>`upper(${leads.fullName})`.as('upper_name'),
    };
    const expected = await t.db.select(fields).from(leads).where(eq(leads.id, lead.id));
    const rows = await selectRows(t.db, fields, (select) => select.from(leads).where(eq(leads.id, lead.id)));
    expect(rows).toEqual(expected);
    expect(rows[0].lastContactDate).toBeInstanceOf(Date);
    expect(rows[0].nameLength).toBe(9);
    expect(rows[0].conversionDate).toBeNull();
  });

  it('keeps parameters of a field in place, and answers the same again from its compiled selection', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const orgId = owner.user.organizationId;
    await t.db.insert(leads).values([
      { organizationId: orgId, fullName: 'Ana' },
      { organizationId: orgId, fullName: 'Bo' },
    ]);
    const fields = { id: leads.id, greeting: sql<string>`${'Hello, '} || ${leads.fullName}` };
    const ofOrg = eq(leads.organizationId, orgId);
    const expected = await t.db.select(fields).from(leads).where(ofOrg).orderBy(leads.fullName);
    for (let call = 0; call < 2; call++) {
      const rows = await selectRows(t.db, fields, (select) =>
        select.from(leads).where(ofOrg).orderBy(leads.fullName),
      );
      expect(rows).toEqual(expected);
    }
    expect(expected.map((row) => row.greeting)).toEqual(['Hello, Ana', 'Hello, Bo']);
  });

  it('refuses a nested selection, which only drizzle’s own mapper can shape', async () => {
    const nested = { lead: { id: leads.id } };
    await expect(selectRows(t.db, nested as never, (select) => select.from(leads))).rejects.toThrow(
      /flat selection; "lead"/,
    );
  });
});
