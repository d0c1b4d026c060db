import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { callerOf, memberWith } from '../leads/test-kit';

let t: TestApp;
let call: ReturnType<typeof callerOf>;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
  owner = await registerOrganizationOwner(t.app);
  const installed = await call('POST', '/api/entity-templates/surplus-heirs/install', owner.cookie);
  if (installed.statusCode !== 201) throw new Error(installed.body);
});
afterAll(() => t.close());

const importCsv = (who: SignedIn, csv: string, entityType = 'heir') =>
  call('POST', '/api/entity-records/import', who.cookie, { entityType, csv });

interface Heir {
  displayName: string;
  data: Record<string, unknown>;
  tags: string[];
  notes: string | null;
}

async function heirs(who: SignedIn, search: string) {
  const res = await call(
    'GET',
    `/api/entity-records?entityType=heir&search=${encodeURIComponent(search)}`,
    who.cookie,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as Heir[]).toSorted((a, b) => a.displayName.localeCompare(b.displayName));
}

describe('POST /api/entity-records/import', () => {
  it('creates every row of a valid file, values stored as their field types', async () => {
    const res = await importCsv(
      owner,
      [
        'Name,Relationship to owner,Share %,Deceased,Email,Tags,Notes',
        'Valid Ann Pike,Child,50,no,ann.pike@example.com,heir; signed,Met at the probate hearing',
        'Valid Dennis Pike,Child,25,false,,,',
        'Valid Gerald Pike,Child,25,YES,,,',
      ].join('\r\n'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 3, failed: 0, errors: [] });
    const rows = await heirs(owner, 'valid');
    expect(rows.map((r) => [r.displayName, r.data.sharePercent, r.data.deceased])).toEqual([
      ['Valid Ann Pike', 50, false],
      ['Valid Dennis Pike', 25, false],
      ['Valid Gerald Pike', 25, true],
    ]);
    expect(rows[0]).toMatchObject({
      data: { relationship: 'Child', email: 'ann.pike@example.com' },
      tags: ['heir', 'signed'],
      notes: 'Met at the probate hearing',
    });
  });

  it('creates nothing from a file of invalid rows and names each row, field and message', async () => {
    const res = await importCsv(
      owner,
      [
        'Name,Relationship to owner,Share %,Email',
        'Bad One,Cousin,50,',
        ',Child,10,',
        'Bad Three,Child,150,nope',
      ].join('\n'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      created: 0,
      failed: 3,
      errors: [
        { row: 2, path: 'data.relationship', message: 'Relationship to owner must be one of the options' },
        { row: 3, path: 'displayName', message: 'Name is required' },
        { row: 4, path: 'data.sharePercent', message: 'Share % must be at most 100' },
        { row: 4, path: 'data.email', message: 'Email must be a valid email address' },
      ],
    });
    expect(await heirs(owner, 'bad')).toEqual([]);
  });

  it('creates the valid rows of a mixed file and reports the others; required fields apply', async () => {
    const res = await importCsv(
      owner,
      [
        'Name,Relationship to owner,Share %',
        'Mixed Ok,Spouse,100',
        'Mixed Missing,,20',
        'Mixed Also Ok,Parent,',
      ].join('\n'),
    );
    expect(res.json()).toEqual({
      created: 2,
      failed: 1,
      errors: [{ row: 3, path: 'data.relationship', message: 'Relationship to owner is required' }],
    });
    expect((await heirs(owner, 'mixed')).map((r) => r.displayName)).toEqual(['Mixed Also Ok', 'Mixed Ok']);
  });

  it('reads a BOM, quoted commas, doubled quotes and line breaks; reports unknown columns', async () => {
    const csv =
      '\uFEFFname,RELATIONSHIP,Mailing address,Favourite colour\r\n' +
      '"Quoted, Lorraine ""Lori"" Pike",Child,"412 Church St NE\r\nMarietta, GA 30060",teal\r\n';
    const res = await importCsv(owner, csv);
    expect(res.json()).toEqual({
      created: 1,
      failed: 0,
      errors: [{ row: 1, path: 'Favourite colour', message: 'Unknown column: ignored' }],
    });
    const [heir] = await heirs(owner, 'quoted');
    expect(heir).toMatchObject({
      displayName: 'Quoted, Lorraine "Lori" Pike',
      data: { relationship: 'Child', mailingAddress: '412 Church St NE\r\nMarietta, GA 30060' },
    });
  });

  it('refuses a file over 5 MB (413), over 10,000 rows or without a Name column (400)', async () => {
    const big = await importCsv(owner, `Name\n${'x'.repeat(5 * 1024 * 1024)}\n`);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'The file must be at most 5 MB' });

    const many = await importCsv(owner, `Name,Relationship to owner\n${'Someone,Child\n'.repeat(10_001)}`);
    expect(many.statusCode).toBe(400);
    expect(many.json()).toEqual({
      message: 'Validation failed',
      errors: [{ path: 'csv', message: 'The file can hold at most 10,000 rows' }],
    });

    const nameless = await importCsv(owner, 'Relationship to owner\nChild\n');
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().errors).toEqual([{ path: 'csv', message: 'The file needs a Name column' }]);

    const empty = await call('POST', '/api/entity-records/import', owner.cookie, { entityType: 'heir' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ path: 'csv', message: 'CSV is required' }]);
  });

  // More rows than one insert statement takes (2,000): the batches share the one transaction.
  it('creates thousands of rows in one request', async () => {
    const lines = Array.from({ length: 2_500 }, (_, i) => `Bulk heir ${i},Grandchild,${i % 100}`);
    const res = await importCsv(owner, `Name,Relationship to owner,Share %\n${lines.join('\n')}`);
    expect(res.json()).toEqual({ created: 2_500, failed: 0, errors: [] });
    const listed = await call(
      'GET',
      '/api/entity-records?entityType=heir&search=bulk%20heir&limit=1',
      owner.cookie,
    );
    expect(listed.json().total).toBe(2_500);
  }, 60_000);

  it("needs create on the object's permission category (heirs: clients)", async () => {
    const noCreate = await memberWith(t, owner, { clients: { create: false } });
    const refused = await importCsv(noCreate, 'Name,Relationship to owner\nPerm Nope,Child\n');
    expect(refused.statusCode).toBe(403);
    const clientsOnly = await memberWith(t, owner, {
      clients: { read: true, create: true },
      leads: { create: false },
      companies: { create: false },
      deals: { create: false },
    });
    const res = await importCsv(clientsOnly, 'Name,Relationship to owner\nPerm Yes,Child\n');
    expect(res.json()).toEqual({ created: 1, failed: 0, errors: [] });
    expect((await heirs(owner, 'perm')).map((r) => r.displayName)).toEqual(['Perm Yes']);
  });

  it("answers 404 for an unknown object or another organization's, creating nothing", async () => {
    const other = await registerOrganizationOwner(t.app);
    expect((await importCsv(other, 'Name,Relationship to owner\nForeign,Child\n')).statusCode).toBe(404);
    expect((await importCsv(owner, 'Name\nNobody\n', 'unicorn')).statusCode).toBe(404);
    expect(await heirs(owner, 'foreign')).toEqual([]);
  });

  it('imports back what the export writes', async () => {
    const exported = await call(
      'GET',
      '/api/entity-records/export.csv?entityType=heir&search=valid',
      owner.cookie,
    );
    expect(exported.statusCode).toBe(200);
    const other = await registerOrganizationOwner(t.app);
    await call('POST', '/api/entity-templates/surplus-heirs/install', other.cookie);
    const res = await importCsv(other, exported.body);
    expect(res.json()).toEqual({ created: 3, failed: 0, errors: [] });
    expect(await heirs(other, 'valid')).toEqual(
      (await heirs(owner, 'valid')).map((r) =>
        expect.objectContaining({ displayName: r.displayName, data: r.data }),
      ),
    );
  });
});
