import { and, eq } from 'drizzle-orm';
import { documentText, parseDocumentContent } from '../../../common/documents/document-content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dealNotOfClientMessage,
  documentLockedMessage,
  documentNotFoundMessage,
} from '../../../common/validation/documents';
import { documentInstances, signatureFields } from '../../db/schema/documents';
import { systemAuditLogs } from '../../db/schema/platform';
import { versionConflictMessage } from '../../lib/record-version';
import { deniedMessage } from '../../plugins/access-guard';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  type Caller,
  callerOf,
  fieldErrors,
  foreignUuid,
  memberWith,
  organization,
  walkPages,
} from '../leads/test-kit';
import { invalidDocumentContentMessage } from './document-content';
import { chooseDocumentsMessage } from './delete-documents';
import { documentTemplateNotFoundMessage } from './document-records';
import { clientWithDeal, insertTemplate, insertTemplateField, pdfText } from './test-kit';

let t: TestApp;
let call: Caller;
let owner: SignedIn;
let other: SignedIn;
let ann: { clientId: string; dealId: string };
let bob: { clientId: string; dealId: string };
let templateId: string;

const feeAgreement = [
  '<h1>Surplus recovery fee agreement</h1>',
  '<p>This agreement is made on {{date.today}} between {{client.fullName}} of {{client.city}} and {{organization.name}}.</p>',
  '<p>It concerns the claim known as {{deal.name}}.</p>',
  '<p>Signed by {{user.fullName}}.</p>',
].join('');

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
  owner = await organization(t);
  other = await organization(t);
  ann = await clientWithDeal(t, owner, 'Ann Claimant', 'Parcel 12-34 surplus');
  bob = await clientWithDeal(t, owner, 'Bob Heir', 'Estate of Heir');
  templateId = await insertTemplate(t, owner, feeAgreement);
  await insertTemplateField(t, owner, templateId);
});
afterAll(() => t.close());

async function createDocument(body: Record<string, unknown>, who: SignedIn = owner) {
  const res = await call('POST', '/api/document-instances', who.cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, unknown> & { id: string; updatedAt: string; mergedContent: string };
}

const textOf = (content: string) => documentText(parseDocumentContent(content));

const countDocuments = async (orgId = owner.user.organizationId) =>
  (await t.db.select().from(documentInstances).where(eq(documentInstances.organizationId, orgId))).length;

describe('creating a document from a template for a client and deal', () => {
  it('merges the deal and its client, copies the fields, and renders a PDF with the values', async () => {
    const doc = await createDocument({ name: 'Fee agreement — Ann', templateId, ...ann });
    expect(doc).toMatchObject({
      name: 'Fee agreement — Ann',
      status: 'draft',
      version: 1,
      source: 'editor',
      templateId,
      templateName: 'Fee agreement',
      clientId: ann.clientId,
      clientName: 'Ann Claimant',
      dealId: ann.dealId,
      dealName: 'Parcel 12-34 surplus',
      archivedAt: null,
      createdBy: owner.user.id,
    });
    // Ann has no city: the one field without a value is flagged with its label, left in place.
    expect(doc.missing).toEqual([{ key: 'client.city', label: 'City' }]);
    expect(JSON.parse(doc.content as string).type).toBe('doc');
    expect(doc.mergedContent).toContain('Ann Claimant');
    expect(doc.mergedContent).toContain('Parcel 12-34 surplus');
    expect(doc.mergedContent).not.toContain('client.fullName');

    const fields = await t.db
      .select()
      .from(signatureFields)
      .where(eq(signatureFields.documentInstanceId, doc.id));
    expect(fields).toMatchObject([
      {
        signerEmail: 'ann@example.com',
        signerName: 'Ann Claimant',
        templateId: null,
        xPosition: 72,
        yPosition: 600,
      },
    ]);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/document-instances/${doc.id}/pdf`,
      headers: { cookie: owner.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename=/);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Ann Claimant');
    expect(text).toContain('Parcel 12-34 surplus');
    expect(text).not.toContain('{{');

    const download = await call('GET', `/api/document-instances/${doc.id}/pdf?download=1`, owner.cookie);
    expect(download.headers['content-disposition']).toContain(
      'attachment; filename="Fee agreement _ Ann.pdf"',
    );

    const pages = await call('GET', `/api/document-instances/${doc.id}/pages`, owner.cookie);
    expect(pages.json().pageCount).toBeGreaterThanOrEqual(1);
    expect(pages.json().pages[0]).toEqual({ pageNumber: 1, width: 612, height: 792 });

    const [audit] = await t.db
      .select()
      .from(systemAuditLogs)
      .where(and(eq(systemAuditLogs.action, 'document.created'), eq(systemAuditLogs.resourceId, doc.id)));
    expect(audit.details).toEqual({ name: 'Fee agreement — Ann', templateId });
  });

  it('takes a deal alone (its client comes with it) and a client alone', async () => {
    const forDeal = await createDocument({ name: 'For the deal', templateId, dealId: bob.dealId });
    expect(forDeal).toMatchObject({ clientId: bob.clientId, dealId: bob.dealId });
    expect(forDeal.mergedContent).toContain('Bob Heir');
    const forClient = await createDocument({
      name: 'Letter',
      clientId: ann.clientId,
      content: 'Dear {{client.fullName}},\n\nYour claim {{deal.name}} is filed.',
    });
    expect(textOf(forClient.mergedContent)).toContain('Dear Ann Claimant,');
    // No deal: its name stays a merge field, flagged.
    expect(forClient.missing).toEqual([{ key: 'deal.name', label: 'Deal name' }]);
  });

  it('answers each bad input with its message and writes nothing', async () => {
    const before = await countDocuments();
    const cases: [Record<string, unknown>, number, unknown][] = [
      [
        { name: 'Mixed', templateId, clientId: ann.clientId, dealId: bob.dealId },
        400,
        [{ path: 'dealId', message: dealNotOfClientMessage }],
      ],
      [{ name: 'A', templateId }, 400, [{ path: 'name', message: 'Name must be at least 2 characters' }]],
      [{ name: 'No content' }, 400, [{ path: 'content', message: 'Content is required' }]],
      [
        {
          name: 'Script',
          content: JSON.stringify({ type: 'doc', content: [{ type: 'script', text: 'x' }] }),
        },
        400,
        [{ path: 'content', message: invalidDocumentContentMessage }],
      ],
    ];
    for (const [body, status, errors] of cases) {
      const res = await call('POST', '/api/document-instances', owner.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(fieldErrors(res)).toEqual(errors);
    }
    const notFound: [Record<string, unknown>, string][] = [
      [{ name: 'Foreign template', templateId: foreignUuid }, documentTemplateNotFoundMessage],
      [{ name: 'Foreign client', templateId, clientId: foreignUuid }, 'Client not found'],
      [{ name: 'Foreign deal', templateId, dealId: foreignUuid }, 'Deal not found'],
    ];
    for (const [body, message] of notFound) {
      const res = await call('POST', '/api/document-instances', owner.cookie, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(message);
    }
    // Another organization's template and client are not found either.
    const theirs = await call('POST', '/api/document-instances', other.cookie, {
      name: 'Theirs',
      templateId,
    });
    expect(theirs.json().message).toBe(documentTemplateNotFoundMessage);
    expect(await countDocuments()).toBe(before);
  });

  it('refuses content over 2,000,000 characters with a clear message', async () => {
    const res = await call('POST', '/api/document-instances', owner.cookie, {
      name: 'Huge paste',
      content: 'x'.repeat(2_000_001),
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual([
      { path: 'content', message: 'Content must be at most 2,000,000 characters' },
    ]);
    // A body far past any content allowed is refused before it is read, with the same words.
    const huge = await call('POST', '/api/document-instances', owner.cookie, {
      name: 'Huger paste',
      content: 'x'.repeat(9 * 1024 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('Content must be at most 2,000,000 characters');
  });
});

describe('editing a document', () => {
  it('re-merges saved content; a frozen document answers 409; unlocking then saving raises the version', async () => {
    const doc = await createDocument({ name: 'Editable', templateId, ...ann });
    const saved = await call('PATCH', `/api/document-instances/${doc.id}`, owner.cookie, {
      content: '<p>Updated for {{client.fullName}}</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: 1, updatedBy: owner.user.id });
    expect(textOf(saved.json().mergedContent)).toBe('Updated for Ann Claimant');

    const locked = await call('PATCH', `/api/document-instances/${doc.id}`, owner.cookie, {
      status: 'locked_for_signing',
    });
    expect(locked.json().status).toBe('locked_for_signing');
    for (const body of [{ content: '<p>Sneaky</p>' }, { name: 'Renamed' }]) {
      const refused = await call('PATCH', `/api/document-instances/${doc.id}`, owner.cookie, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: documentLockedMessage });
    }

    const unlocked = await call('PATCH', `/api/document-instances/${doc.id}`, owner.cookie, {
      status: 'draft',
    });
    expect(unlocked.json()).toMatchObject({ status: 'draft', version: 1, revisionPending: true });
    const revised = await call('PATCH', `/api/document-instances/${doc.id}`, owner.cookie, {
      content: '<p>Second revision</p>',
    });
    expect(revised.json()).toMatchObject({ version: 2, revisionPending: false });
    const again = await call('PATCH', `/api/document-instances/${doc.id}`, owner.cookie, {
      content: '<p>Still the second revision</p>',
    });
    expect(again.json().version).toBe(2);
    const audited = await t.db
      .select({ details: systemAuditLogs.details })
      .from(systemAuditLogs)
      .where(and(eq(systemAuditLogs.action, 'document.updated'), eq(systemAuditLogs.resourceId, doc.id)));
    expect(audited.map((row) => row.details)).toContainEqual({
      name: 'Editable',
      fields: ['status'],
      status: 'locked_for_signing',
    });
  });

  it('leaves statuses reached by signing alone, and honours If-Match', async () => {
    const doc = await createDocument({ name: 'Signed one', templateId, ...ann });
    const stale = await t.app.inject({
      method: 'PATCH',
      url: `/api/document-instances/${doc.id}`,
      headers: { cookie: owner.cookie, 'if-match': 'W/"1"' },
      payload: { name: 'Stale' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(versionConflictMessage);
    await t.db.update(documentInstances).set({ status: 'signed' }).where(eq(documentInstances.id, doc.id));
    const back = await call('PATCH', `/api/document-instances/${doc.id}`, owner.cookie, { status: 'draft' });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({ message: documentLockedMessage });
    const wrong = await call('PATCH', `/api/document-instances/${doc.id}`, owner.cookie, {
      status: 'completed',
    });
    expect(fieldErrors(wrong)).toEqual([
      { path: 'status', message: 'Status can only be changed between draft and locked_for_signing here' },
    ]);
  });
});

describe('listing documents', () => {
  it('filters, searches and pages, with the names joined', async () => {
    const mine = await createDocument({ name: 'Zebra listing probe', templateId, ...bob });
    const list = async (query: string) => {
      const res = await call('GET', `/api/document-instances?${query}`, owner.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: { id: string; clientName: string | null }[]; total: number };
    };
    expect((await list('search=zebra')).items.map((i) => i.id)).toEqual([mine.id]);
    expect((await list(`clientId=${bob.clientId}&search=zebra`)).items[0]).toMatchObject({
      clientName: 'Bob Heir',
      dealName: 'Estate of Heir',
      templateName: 'Fee agreement',
    });
    expect((await list(`clientId=${ann.clientId}&search=zebra`)).total).toBe(0);
    expect(
      (await list(`dealId=${bob.dealId}&templateId=${templateId}&status=draft&search=zebra`)).total,
    ).toBe(1);
    expect((await list('status=signed&search=zebra')).total).toBe(0);
    expect((await list('createdFrom=2000-01-01&createdTo=2001-01-01')).total).toBe(0);
    const all = await list('limit=200');
    const ids = await walkPages(t, owner.cookie, '/api/document-instances?sort=name', 2);
    expect(ids.toSorted()).toEqual(all.items.map((i) => i.id).toSorted());
    const bad = await call('GET', '/api/document-instances?status=archived', owner.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it('hides client and deal names from a caller who may not read them', async () => {
    const reader = await memberWith(t, owner, {
      documents: { read: true, view: true },
      clients: { read: false },
      deals: { read: false },
    });
    const res = await call('GET', '/api/document-instances?search=zebra', reader.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({ clientName: null, dealName: null, clientId: bob.clientId });
  });
});

describe('permissions and other organizations', () => {
  it('guards each route by the documents permissions', async () => {
    const doc = await createDocument({ name: 'Guarded', templateId, ...ann });
    const nobody = await memberWith(t, owner, {
      documents: { read: false, view: false, create: false, update: false, edit: false, delete: false },
    });
    const viewer = await memberWith(t, owner, {
      documents: { read: true, view: true, create: false, update: false, edit: false, delete: false },
    });
    const editor = await memberWith(t, owner, {
      documents: { read: true, view: true, create: false, update: true, edit: true, delete: false },
    });
    const denied = [
      ['GET', '/api/document-instances', nobody],
      ['GET', `/api/document-instances/${doc.id}`, nobody],
      ['GET', `/api/document-instances/${doc.id}/pdf`, nobody],
      ['POST', '/api/document-instances', viewer, { name: 'Nope', templateId }],
      ['PATCH', `/api/document-instances/${doc.id}`, viewer, { name: 'Nope' }],
      ['DELETE', `/api/document-instances/${doc.id}`, editor],
      ['POST', '/api/document-instances/bulk', editor, { ids: [doc.id], action: 'delete' }],
    ] as const;
    for (const [method, url, who, body] of denied) {
      const res = await call(method, url, who.cookie, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(deniedMessage);
    }
    expect((await call('GET', `/api/document-instances/${doc.id}`, viewer.cookie)).statusCode).toBe(200);
    const archived = await call('POST', '/api/document-instances/bulk', editor.cookie, {
      ids: [doc.id],
      action: 'archive',
    });
    expect(archived.json()).toEqual({ affected: 1 });
  });

  it("answers 404 for another organization's document and changes nothing", async () => {
    const doc = await createDocument({ name: 'Private', templateId, ...ann });
    for (const [method, url, body] of [
      ['GET', `/api/document-instances/${doc.id}`],
      ['GET', `/api/document-instances/${doc.id}/pdf`],
      ['GET', `/api/document-instances/${doc.id}/pages`],
      ['PATCH', `/api/document-instances/${doc.id}`, { name: 'Hijacked' }],
      ['DELETE', `/api/document-instances/${doc.id}`],
    ] as const) {
      const res = await call(method, url, other.cookie, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(documentNotFoundMessage);
    }
    const bulk = await call('POST', '/api/document-instances/bulk', other.cookie, {
      ids: [doc.id],
      action: 'delete',
    });
    expect(bulk.json()).toEqual({ affected: 0 });
    const theirs = await call('GET', '/api/document-instances?limit=200', other.cookie);
    expect(theirs.json().items.map((i: { id: string }) => i.id)).not.toContain(doc.id);
    expect((await call('GET', `/api/document-instances/${doc.id}`, owner.cookie)).json().name).toBe(
      'Private',
    );
  });
});

describe('bulk actions, deletion and cascades', () => {
  it('archives and unarchives chosen documents, and deletes every match of the filters', async () => {
    const client = await clientWithDeal(t, owner, 'Cara Bulk', 'Bulk deal');
    const a = await createDocument({ name: 'Bulk A', templateId, ...client });
    const b = await createDocument({ name: 'Bulk B', templateId, ...client });
    const archive = await call('POST', '/api/document-instances/bulk', owner.cookie, {
      ids: [a.id, b.id, foreignUuid],
      action: 'archive',
    });
    expect(archive.json()).toEqual({ affected: 2 });
    const active = await call('GET', `/api/document-instances?clientId=${client.clientId}`, owner.cookie);
    expect(active.json().total).toBe(0);
    const archived = await call(
      'GET',
      `/api/document-instances?clientId=${client.clientId}&archived=true`,
      owner.cookie,
    );
    expect(archived.json().items.map((i: { archivedAt: string | null }) => Boolean(i.archivedAt))).toEqual([
      true,
      true,
    ]);
    // Filing is no edit: the version a PATCH must name is unchanged.
    expect(archived.json().items.find((i: { id: string }) => i.id === a.id).updatedAt).toBe(a.updatedAt);
    const back = await call('POST', '/api/document-instances/bulk', owner.cookie, {
      ids: [a.id],
      action: 'unarchive',
    });
    expect(back.json()).toEqual({ affected: 1 });
    const removed = await call('POST', '/api/document-instances/bulk', owner.cookie, {
      all: true,
      clientId: client.clientId,
      action: 'delete',
    });
    expect(removed.json()).toEqual({ affected: 1 });
    const left = await call(
      'GET',
      `/api/document-instances?clientId=${client.clientId}&archived=true`,
      owner.cookie,
    );
    expect(left.json().items.map((i: { id: string }) => i.id)).toEqual([b.id]);
    const invalid = await call('POST', '/api/document-instances/bulk', owner.cookie, {
      ids: [],
      action: 'shred',
    });
    expect(invalid.statusCode).toBe(400);
    for (const body of [{ action: 'archive' }, { ids: [a.id], all: true, action: 'archive' }]) {
      const unclear = await call('POST', '/api/document-instances/bulk', owner.cookie, body);
      expect(fieldErrors(unclear)).toEqual([{ path: 'ids', message: chooseDocumentsMessage }]);
    }
  });

  it('deletes one document (audited), and a deleted client or deal takes its documents', async () => {
    const doc = await createDocument({ name: 'Delete me', templateId, ...ann });
    expect((await call('DELETE', `/api/document-instances/${doc.id}`, owner.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/document-instances/${doc.id}`, owner.cookie)).statusCode).toBe(404);
    const [audit] = await t.db
      .select()
      .from(systemAuditLogs)
      .where(and(eq(systemAuditLogs.action, 'document.deleted'), eq(systemAuditLogs.resourceId, doc.id)));
    expect(audit.details).toEqual({ name: 'Delete me' });

    const dana = await clientWithDeal(t, owner, 'Dana Cascade', 'Cascade deal');
    const onDeal = await createDocument({ name: 'On the deal', templateId, ...dana });
    const onClient = await createDocument({
      name: 'On the client',
      content: 'Hello',
      clientId: dana.clientId,
    });
    expect((await call('DELETE', `/api/deals/${dana.dealId}`, owner.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/document-instances/${onDeal.id}`, owner.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/document-instances/${onClient.id}`, owner.cookie)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/clients/${dana.clientId}`, owner.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/document-instances/${onClient.id}`, owner.cookie)).statusCode).toBe(404);
  });
});
