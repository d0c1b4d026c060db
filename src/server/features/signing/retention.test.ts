import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, deals } from '../../db/schema/crm';
import { documentInstances, documentShares, signatureFields } from '../../db/schema/documents';
import { files } from '../../db/schema/files';
import {
  enhancedSignatureFields,
  enhancedSignatureRecipients,
  enhancedSignatureRequests,
  enhancedSignatures,
  signatureAuditTrail,
} from '../../db/schema/signing';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createDiskFileStore } from '../../lib/disk-file-store';
import { sweepOrganizationFiles } from '../files/sweep-files';
import { type Caller, callerOf, organization } from '../leads/test-kit';
import { sampleHoldsSealedMessage } from '../sample-data/clear-sample-data';
import { requestRow, seedSentRequest, signAll } from '../signing-session/test-kit';
import { retainedDocumentMessage, retainedHolderMessage } from './retention';

let t: TestApp;
let call: Caller;
let owner: SignedIn;
let other: SignedIn;
let sealed: Awaited<ReturnType<typeof seedSentRequest>>;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
  owner = await organization(t);
  other = await organization(t);
  sealed = await seedSentRequest(t, owner, {
    recipients: [{ name: 'Ann Doe', email: 'ann@example.com', fields: [{ fieldType: 'signature' }] }],
  });
  const finish = await signAll(t, sealed.recipients[0]);
  expect(finish.statusCode, finish.body).toBe(200);
  expect((await requestRow(t, sealed.requestId)).status).toBe('completed');
  const [document] = await t.db
    .select({ clientId: documentInstances.clientId })
    .from(documentInstances)
    .where(eq(documentInstances.id, sealed.documentId));
  clientId = document.clientId as string;
});
afterAll(() => t.close());

/** Counts of every row that makes up the evidence, to prove a refused call changed nothing. */
async function evidenceCounts() {
  const of = async (table: typeof enhancedSignatureRecipients | typeof enhancedSignatureFields) =>
    (await t.db.select({ n: count() }).from(table).where(eq(table.signatureRequestId, sealed.requestId)))[0]
      .n;
  const [audit] = await t.db
    .select({ n: count() })
    .from(signatureAuditTrail)
    .where(eq(signatureAuditTrail.signatureRequestId, sealed.requestId));
  const [signatures] = await t.db
    .select({ n: count() })
    .from(enhancedSignatures)
    .where(eq(enhancedSignatures.signatureRequestId, sealed.requestId));
  const [document] = await t.db
    .select({
      name: documentInstances.name,
      status: documentInstances.status,
      content: documentInstances.content,
    })
    .from(documentInstances)
    .where(eq(documentInstances.id, sealed.documentId));
  const request = await requestRow(t, sealed.requestId);
  return {
    recipients: await of(enhancedSignatureRecipients),
    fields: await of(enhancedSignatureFields),
    audit: audit.n,
    signatures: signatures.n,
    document,
    request: { title: request.title, status: request.status, updatedAt: request.updatedAt },
  };
}

async function expectRefused(
  method: 'PATCH' | 'DELETE' | 'POST' | 'PUT',
  url: string,
  message: string,
  body?: unknown,
) {
  const before = await evidenceCounts();
  const res = await call(method, url, owner.cookie, body);
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json().message).toBe(message);
  expect(await evidenceCounts()).toEqual(before);
}

describe('a completed (sealed) request and its document are kept as evidence', () => {
  it('the document cannot be renamed, edited, reopened or deleted, alone or in bulk', async () => {
    const url = `/api/document-instances/${sealed.documentId}`;
    await expectRefused('PATCH', url, retainedDocumentMessage, { name: 'Renamed' });
    await expectRefused('PATCH', url, retainedDocumentMessage, { status: 'draft', name: 'Renamed' });
    await expectRefused('DELETE', url, retainedDocumentMessage);
    const bulk = '/api/document-instances/bulk';
    await expectRefused('POST', bulk, retainedHolderMessage('documents'), {
      ids: [sealed.documentId],
      action: 'delete',
    });
    await expectRefused('POST', bulk, retainedHolderMessage('documents'), { all: true, action: 'delete' });
  });

  it('archiving is filing, not editing: allowed', async () => {
    const bulk = '/api/document-instances/bulk';
    const archived = await call('POST', bulk, owner.cookie, { ids: [sealed.documentId], action: 'archive' });
    expect(archived.json()).toEqual({ affected: 1 });
    const back = await call('POST', bulk, owner.cookie, { ids: [sealed.documentId], action: 'unarchive' });
    expect(back.json()).toEqual({ affected: 1 });
  });

  it("the document's placed signature fields cannot change", async () => {
    const [placed] = await t.db
      .select({ id: signatureFields.id })
      .from(signatureFields)
      .where(eq(signatureFields.documentInstanceId, sealed.documentId));
    await expectRefused('PATCH', `/api/signature-fields/${placed.id}`, retainedDocumentMessage, {
      xPosition: 10,
    });
    await expectRefused('DELETE', `/api/signature-fields/${placed.id}`, retainedDocumentMessage);
  });

  it('the request, its recipients and fields cannot be edited or deleted', async () => {
    const url = `/api/enhanced-signature-requests/${sealed.requestId}`;
    const [recipient] = sealed.recipients;
    await expectRefused('PATCH', url, retainedDocumentMessage, { title: 'Changed' });
    await expectRefused('DELETE', url, retainedDocumentMessage);
    await expectRefused('POST', `${url}/recipients`, retainedDocumentMessage, {
      name: 'Bob',
      email: 'bob@example.com',
    });
    await expectRefused('PATCH', `${url}/recipients/${recipient.id}`, retainedDocumentMessage, {
      name: 'Someone else',
    });
    await expectRefused('DELETE', `${url}/recipients/${recipient.id}`, retainedDocumentMessage);
    await expectRefused('POST', `${url}/fields`, retainedDocumentMessage, {
      fieldType: 'text',
      page: 1,
      xPosition: 10,
      yPosition: 10,
      width: 100,
      height: 20,
    });
    await expectRefused('PATCH', `${url}/fields/${recipient.fieldIds[0]}`, retainedDocumentMessage, {
      xPosition: 10,
    });
    await expectRefused('DELETE', `${url}/fields/${recipient.fieldIds[0]}`, retainedDocumentMessage);
  });

  it('its workflow and shares (the simple-signing mirror) cannot be deleted', async () => {
    await expectRefused(
      'DELETE',
      `/api/document-signing-workflows/${sealed.workflowId}`,
      retainedDocumentMessage,
    );
    await expectRefused(
      'DELETE',
      `/api/document-shares/${sealed.recipients[0].shareId}`,
      retainedDocumentMessage,
    );
    const [share] = await t.db
      .select({ id: documentShares.id })
      .from(documentShares)
      .where(eq(documentShares.id, sealed.recipients[0].shareId));
    expect(share).toBeDefined();
  });

  it('the deal and the client holding it cannot be deleted, alone, by ids or by a filter', async () => {
    await expectRefused('DELETE', `/api/deals/${sealed.dealId}`, retainedHolderMessage('deal'));
    await expectRefused('DELETE', `/api/clients/${clientId}`, retainedHolderMessage('client'));
    await expectRefused('POST', '/api/deals/bulk', retainedHolderMessage('deals'), {
      ids: [sealed.dealId],
      action: 'delete',
    });
    await expectRefused('POST', '/api/deals/bulk', retainedHolderMessage('deals'), {
      filter: {},
      action: 'delete',
    });
    await expectRefused('POST', '/api/clients/bulk', retainedHolderMessage('clients'), {
      filter: {},
      action: 'delete',
    });
    await expectRefused('POST', '/api/clients/bulk', retainedHolderMessage('clients'), {
      ids: [clientId],
      action: 'delete',
      dryRun: true,
    });
    expect(await t.db.select({ id: deals.id }).from(deals).where(eq(deals.id, sealed.dealId))).toHaveLength(
      1,
    );
    expect(await t.db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId))).toHaveLength(
      1,
    );
  });

  it('a filter that leaves the holding deal out still deletes the others', async () => {
    const spare = await call('POST', '/api/deals', owner.cookie, {
      dealName: 'Spare deal',
      stage: 'proposal',
    });
    const res = await call('POST', '/api/deals/bulk', owner.cookie, {
      filter: { search: 'Spare deal' },
      action: 'delete',
    });
    expect(res.json()).toEqual({ affected: 1 });
    expect(await t.db.select().from(deals).where(eq(deals.id, spare.json().id))).toHaveLength(0);
  });

  it('clearing sample data that holds it is refused', async () => {
    await t.db.update(deals).set({ isSampleData: true }).where(eq(deals.id, sealed.dealId));
    try {
      await expectRefused('DELETE', '/api/sample-data', sampleHoldsSealedMessage);
    } finally {
      await t.db.update(deals).set({ isSampleData: false }).where(eq(deals.id, sealed.dealId));
    }
  });

  it('the file sweep keeps the sealed PDF', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/files?name=sealed.pdf&type=application/pdf',
      headers: { 'content-type': 'application/octet-stream', cookie: owner.cookie },
      payload: `%PDF-1.7 ${randomUUID()}`,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const fileId = upload.json().url.split('/')[3] as string;
    await t.db
      .update(enhancedSignatureRequests)
      .set({ sealedFileId: fileId, sealStatus: 'sealed' })
      .where(eq(enhancedSignatureRequests.id, sealed.requestId));
    await sweepOrganizationFiles(
      t.db,
      createDiskFileStore(t.filesDir),
      owner.user.organizationId,
      new Date(Date.now() + 60_000),
    );
    const kept = await t.db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.organizationId, owner.user.organizationId), eq(files.id, fileId)));
    expect(kept).toHaveLength(1);
  });

  it("another organization's caller gets 404 and changes nothing", async () => {
    const before = await evidenceCounts();
    for (const [method, url] of [
      ['DELETE', `/api/document-instances/${sealed.documentId}`],
      ['PATCH', `/api/document-instances/${sealed.documentId}`],
      ['DELETE', `/api/enhanced-signature-requests/${sealed.requestId}`],
      ['PATCH', `/api/enhanced-signature-requests/${sealed.requestId}`],
      ['DELETE', `/api/deals/${sealed.dealId}`],
      ['DELETE', `/api/clients/${clientId}`],
    ] as const) {
      const res = await call(
        method,
        url,
        other.cookie,
        method === 'PATCH' ? { name: 'Renamed', title: 'Renamed' } : undefined,
      );
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    const bulk = await call('POST', '/api/deals/bulk', other.cookie, {
      ids: [sealed.dealId],
      action: 'delete',
    });
    expect(bulk.json()).toEqual({ affected: 0 });
    expect(await evidenceCounts()).toEqual(before);
  });

  it('a draft document of the same deal is still deleted as before', async () => {
    const [draft] = await t.db
      .insert(documentInstances)
      .values({
        organizationId: owner.user.organizationId,
        name: 'Scratch',
        content: '{}',
        dealId: sealed.dealId,
      })
      .returning({ id: documentInstances.id });
    const res = await call('DELETE', `/api/document-instances/${draft.id}`, owner.cookie);
    expect(res.statusCode, res.body).toBe(204);
  });
});
