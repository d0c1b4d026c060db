import { and, eq } from 'drizzle-orm';
import { PDF } from '@libpdf/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentInstances } from '../../db/schema/documents';
import { files } from '../../db/schema/files';
import { systemAuditLogs } from '../../db/schema/platform';
import { createDiskFileStore } from '../../lib/disk-file-store';
import { deniedMessage } from '../../plugins/access-guard';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { renderDocumentPdf } from '../document-rendering/render-document-pdf';
import { sweepOrganizationFiles } from '../files/sweep-files';
import { type Caller, callerOf, fieldErrors, memberWith, organization } from '../leads/test-kit';
import {
  damagedPdfMessage,
  encryptedPdfMessage,
  maxPdfBytes,
  notPdfMessage,
  pdfTooLargeMessage,
  tooManyPagesMessage,
} from './inspect-pdf';
import { clientWithDeal, pdfText } from './test-kit';
import { uploadHasNoContentMessage } from './update-document';

let t: TestApp;
let call: Caller;
let owner: SignedIn;
let other: SignedIn;
let claimForm: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
  owner = await organization(t);
  other = await organization(t);
  const rendered = await renderDocumentPdf({
    doc: {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'County claim form for excess proceeds' }] },
      ],
    },
    title: 'Claim form',
    organization: { name: 'County' },
  });
  claimForm = rendered.pdf;
});
afterAll(() => t.close());

function upload(bytes: Buffer | string, query: string, who: SignedIn = owner, type = 'application/pdf') {
  return t.app.inject({
    method: 'POST',
    url: `/api/document-instances/upload?${query}`,
    headers: { 'content-type': type, cookie: who.cookie },
    payload: bytes,
  });
}

async function pdfOf(pages: number, protect = false) {
  const pdf = PDF.create();
  for (let i = 0; i < pages; i += 1) pdf.addPage();
  if (protect) pdf.setProtection({ userPassword: 'secret' });
  return Buffer.from(await pdf.save());
}

describe('uploading a PDF as a document', () => {
  it('keeps a real PDF for a client and deal, serves it back and tells its pages', async () => {
    const { clientId, dealId } = await clientWithDeal(t, owner, 'Ann Upload', 'Upload deal');
    const res = await upload(claimForm, `name=County claim form&clientId=${clientId}&dealId=${dealId}`);
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({
      name: 'County claim form',
      source: 'upload',
      status: 'draft',
      version: 1,
      pageCount: 1,
      clientId,
      dealId,
      clientName: 'Ann Upload',
      missing: [],
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/document-instances/${doc.id}/pdf?download=1`,
      headers: { cookie: owner.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('attachment; filename="County claim form.pdf"');
    expect(pdf.rawPayload.equals(claimForm)).toBe(true);
    expect(pdfText(pdf.rawPayload)).toContain('County claim form for excess proceeds');
    const pages = await call('GET', `/api/document-instances/${doc.id}/pages`, owner.cookie);
    expect(pages.json()).toEqual({ pageCount: 1, pages: [{ pageNumber: 1, width: 612, height: 792 }] });
    const [audit] = await t.db
      .select()
      .from(systemAuditLogs)
      .where(and(eq(systemAuditLogs.action, 'document.uploaded'), eq(systemAuditLogs.resourceId, doc.id)));
    expect(audit.details).toEqual({ name: 'County claim form', pages: 1, size: claimForm.length });

    // Its pages are the file: a rename is fine, content is not.
    const renamed = await call('PATCH', `/api/document-instances/${doc.id}`, owner.cookie, {
      name: 'Claim form',
    });
    expect(renamed.json().name).toBe('Claim form');
    const content = await call('PATCH', `/api/document-instances/${doc.id}`, owner.cookie, { content: 'Hi' });
    expect(fieldErrors(content)).toEqual([{ path: 'content', message: uploadHasNoContentMessage }]);
    // Another organization cannot read it.
    expect((await call('GET', `/api/document-instances/${doc.id}/pdf`, other.cookie)).statusCode).toBe(404);
  });

  it('reads pages of other sizes and counts', async () => {
    const res = await upload(await pdfOf(3), 'name=Three pages');
    expect(res.json().pageCount).toBe(3);
    const pages = await call('GET', `/api/document-instances/${res.json().id}/pages`, owner.cookie);
    expect(pages.json().pages).toHaveLength(3);
  });

  it('refuses what is not a usable PDF, with its message, and keeps nothing', async () => {
    const before = await t.db.select().from(files).where(eq(files.organizationId, owner.user.organizationId));
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const damaged = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(400, 0x41)]);
    const cases: [Buffer, string][] = [
      [html, notPdfMessage],
      [damaged, damagedPdfMessage],
      [claimForm.subarray(0, Math.floor(claimForm.length / 2)), damagedPdfMessage],
      [await pdfOf(1, true), encryptedPdfMessage],
      [await pdfOf(501), tooManyPagesMessage],
    ];
    for (const [bytes, message] of cases) {
      const res = await upload(bytes, 'name=Bad.pdf');
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const empty = await upload(Buffer.alloc(0), 'name=Empty');
    expect(empty.statusCode).toBe(400);
    const noName = await upload(claimForm, 'name=');
    expect(fieldErrors(noName)).toEqual([{ path: 'name', message: 'Name must be at least 2 characters' }]);
    const json = await upload(JSON.stringify({ a: 1 }), 'name=Json', owner, 'application/json');
    expect(json.statusCode).toBe(415);
    const after = await t.db.select().from(files).where(eq(files.organizationId, owner.user.organizationId));
    expect(after.length).toBe(before.length);
  });

  it('answers 413 for a PDF over 20 MB, and 403 before reading it for a caller who may not create', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(maxPdfBytes, 0x20)]);
    const res = await upload(big, 'name=Huge');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(pdfTooLargeMessage);
    const viewer = await memberWith(t, owner, { documents: { read: true, view: true, create: false } });
    const denied = await upload(claimForm, 'name=Denied', viewer);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(deniedMessage);
  });
});

describe('the file of an uploaded document', () => {
  it('survives the sweep while the document exists, and goes once its client is deleted', async () => {
    const store = createDiskFileStore(t.filesDir);
    const orgId = owner.user.organizationId;
    const { clientId } = await clientWithDeal(t, owner, 'Eve Sweep', 'Sweep deal');
    const res = await upload(claimForm, `name=Swept form&clientId=${clientId}`);
    const [{ fileId }] = await t.db
      .select({ fileId: documentInstances.fileId })
      .from(documentInstances)
      .where(eq(documentInstances.id, res.json().id));
    const fileRow = () =>
      t.db
        .select()
        .from(files)
        .where(and(eq(files.organizationId, orgId), eq(files.id, fileId as string)));
    const later = new Date(Date.now() + 60_000);
    await sweepOrganizationFiles(t.db, store, orgId, later);
    expect(await fileRow()).toHaveLength(1);
    expect(await store.open(orgId, fileId as string)).not.toBeNull();

    expect((await call('DELETE', `/api/clients/${clientId}`, owner.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/document-instances/${res.json().id}`, owner.cookie)).statusCode).toBe(
      404,
    );
    await sweepOrganizationFiles(t.db, store, orgId, later);
    expect(await fileRow()).toHaveLength(0);
    expect(await store.open(orgId, fileId as string)).toBeNull();
  });
});
