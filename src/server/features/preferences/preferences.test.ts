import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  columnsRequiredMessage,
  invalidColumnIdMessage,
  maxListColumns,
  tooManyColumnsMessage,
  unknownListMessage,
} from '../../../common/validation/preferences';
import { userListPreferences } from '../../db/schema/preferences';
import { notSignedInMessage } from '../../plugins/access-guard';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Caller, callerOf, fieldErrors, memberWith, organization } from '../leads/test-kit';

let t: TestApp;
let call: Caller;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
  owner = await organization(t);
});
afterAll(() => t.close());

const url = (listKey: string) => `/api/preferences/lists/${listKey}`;
const columnsOf = async (who: SignedIn, listKey: string) => {
  const res = await call('GET', url(listKey), who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().columns as string[] | null;
};

describe('/api/preferences/lists/:listKey', () => {
  it('answers null before a choice, then the saved choice; a second save replaces it', async () => {
    const org = await organization(t);
    expect(await columnsOf(org, 'leads')).toBeNull();

    const saved = await call('PUT', url('leads'), org.cookie, { columns: ['cf:abc', '-email', 'cf:abc'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ columns: ['cf:abc', '-email'] });
    expect(await columnsOf(org, 'leads')).toEqual(['cf:abc', '-email']);
    // Lists are kept apart.
    expect(await columnsOf(org, 'deals')).toBeNull();

    await call('PUT', url('leads'), org.cookie, { columns: [] });
    expect(await columnsOf(org, 'leads')).toEqual([]);
    const rows = await t.db
      .select()
      .from(userListPreferences)
      .where(eq(userListPreferences.organizationId, org.user.organizationId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: org.user.id, listKey: 'leads', columns: [] });
  });

  it('keeps each list of leads, clients, companies and deals', async () => {
    for (const listKey of ['leads', 'clients', 'companies', 'deals']) {
      await call('PUT', url(listKey), owner.cookie, { columns: [`cf:${listKey}`] });
    }
    for (const listKey of ['leads', 'clients', 'companies', 'deals']) {
      expect(await columnsOf(owner, listKey)).toEqual([`cf:${listKey}`]);
    }
  });

  it('keeps a custom object’s list (objects:<entityType>) apart from the others', async () => {
    const org = await organization(t);
    await call('PUT', url('objects:heirs'), org.cookie, { columns: ['-data:share', 'tags'] });
    await call('PUT', url('objects%3Acourt_filings'), org.cookie, { columns: ['hearingDate'] });

    expect(await columnsOf(org, 'objects:heirs')).toEqual(['-data:share', 'tags']);
    expect(await columnsOf(org, 'objects:court_filings')).toEqual(['hearingDate']);
    expect(await columnsOf(org, 'objects:properties')).toBeNull();
    expect(await columnsOf(org, 'deals')).toBeNull();
  });

  it('is each user’s own: another member of the organization, or of another one, sees and changes only theirs', async () => {
    const org = await organization(t);
    const member = await memberWith(t, org, {});
    const stranger = await organization(t);
    await call('PUT', url('clients'), org.cookie, { columns: ['industry'] });

    expect(await columnsOf(member, 'clients')).toBeNull();
    expect(await columnsOf(stranger, 'clients')).toBeNull();
    await call('PUT', url('clients'), member.cookie, { columns: ['-status'] });
    await call('PUT', url('clients'), stranger.cookie, { columns: ['-tags'] });

    expect(await columnsOf(org, 'clients')).toEqual(['industry']);
    expect(await columnsOf(member, 'clients')).toEqual(['-status']);
    expect(await columnsOf(stranger, 'clients')).toEqual(['-tags']);
  });

  it('needs no permission beyond being signed in', async () => {
    const powerless = await memberWith(t, owner, {
      leads: { read: false, create: false, update: false, delete: false },
      settings: { view: false, update: false, manage: false },
    });
    expect((await call('PUT', url('leads'), powerless.cookie, { columns: ['phone'] })).statusCode).toBe(200);
    expect(await columnsOf(powerless, 'leads')).toEqual(['phone']);
  });

  it('answers 401 when signed out', async () => {
    for (const res of [
      await call('GET', url('leads')),
      await call('PUT', url('leads'), undefined, { columns: ['phone'] }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(notSignedInMessage);
    }
  });

  it('refuses an unknown list', async () => {
    for (const res of [
      await call('GET', url('invoices'), owner.cookie),
      await call('PUT', url('invoices'), owner.cookie, { columns: [] }),
      await call('GET', url('objects:Heirs'), owner.cookie),
      await call('PUT', url('objects:'), owner.cookie, { columns: [] }),
      await call('PUT', url('objects:heirs-2'), owner.cookie, { columns: [] }),
    ]) {
      expect(fieldErrors(res)).toEqual([{ path: 'listKey', message: unknownListMessage }]);
    }
  });

  it('refuses a missing list, too many columns and column ids that are not ids, saving nothing', async () => {
    const org = await organization(t);
    expect(fieldErrors(await call('PUT', url('deals'), org.cookie, {}))).toEqual([
      { path: 'columns', message: columnsRequiredMessage },
    ]);
    const many = Array.from({ length: maxListColumns + 1 }, (_, i) => `cf:${i}`);
    expect(fieldErrors(await call('PUT', url('deals'), org.cookie, { columns: many }))).toEqual([
      { path: 'columns', message: tooManyColumnsMessage },
    ]);
    expect(
      (await call('PUT', url('deals'), org.cookie, { columns: many.slice(0, maxListColumns) })).statusCode,
    ).toBe(200);
    expect(
      fieldErrors(
        await call('PUT', url('deals'), org.cookie, {
          columns: ['ok', '', 'two words', 7, `cf:${'x'.repeat(200)}`],
        }),
      ).map((error) => error.path),
    ).toEqual(['columns.1', 'columns.2', 'columns.3', 'columns.4']);
    expect(
      fieldErrors(await call('PUT', url('deals'), org.cookie, { columns: ['<script>'] }))[0].message,
    ).toBe(invalidColumnIdMessage);
    expect(await columnsOf(org, 'deals')).toHaveLength(maxListColumns);
  });

  it('goes with the user when the user is deleted', async () => {
    const member = await memberWith(t, owner, {});
    await call('PUT', url('companies'), member.cookie, { columns: ['website'] });
    const mine = and(
      eq(userListPreferences.organizationId, owner.user.organizationId),
      eq(userListPreferences.userId, member.id),
    );
    expect(await t.db.select().from(userListPreferences).where(mine)).toHaveLength(1);
    expect((await call('DELETE', `/api/users/${member.id}`, owner.cookie)).statusCode).toBe(204);
    expect(await t.db.select().from(userListPreferences).where(mine)).toEqual([]);
  });
});
