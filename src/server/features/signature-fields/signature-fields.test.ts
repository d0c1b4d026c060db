import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pdfmake from 'pdfmake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentInstances, documentTemplates, signatureFields } from '../../db/schema/documents';
import { createDiskFileStore } from '../../lib/disk-file-store';
import type { ServiceContext } from '../../lib/service-context';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { renderDocumentPdf } from '../document-rendering/render-document-pdf';
import { type Caller, callerOf, fieldErrors, foreignUuid, memberWith, organization } from '../leads/test-kit';
import { copyTemplateFieldsToDocument, templateAnchorTexts } from './copy-template-fields';
import { documentLockedMessage as frozenMessage } from '../../../common/validation/documents';

let t: TestApp;
let call: Caller;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
  owner = await organization(t);
  other = await organization(t);
});
afterAll(() => t.close());

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const oneParagraph = JSON.stringify({ type: 'doc', content: [paragraph('Agreement text.')] });

async function newTemplate(who: SignedIn, content = oneParagraph) {
  const [row] = await t.db
    .insert(documentTemplates)
    .values({
      organizationId: who.user.organizationId,
      name: 'Fee agreement',
      templateType: 'agreement',
      content,
    })
    .returning({ id: documentTemplates.id });
  return row.id;
}

async function newDocument(who: SignedIn, values: Partial<typeof documentInstances.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(documentInstances)
    .values({
      organizationId: who.user.organizationId,
      name: 'Fee agreement — Doe',
      content: oneParagraph,
      ...values,
    })
    .returning({ id: documentInstances.id });
  return row.id;
}

/** The 400's errors as path → message. */
const errorMap = (res: Parameters<typeof fieldErrors>[0]) =>
  Object.fromEntries(fieldErrors(res).map((error) => [error.path, error.message]));

const signer = { signerEmail: 'jane@example.com', signerName: 'Jane Doe' };
const box = { fieldName: 'Client signature', xPosition: 100, yPosition: 600, ...signer };

describe('POST /api/signature-fields', () => {
  it('creates a field on a document with the spec defaults and lists it', async () => {
    const documentInstanceId = await newDocument(owner);
    const res = await call('POST', '/api/signature-fields', owner.cookie, { documentInstanceId, ...box });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      documentInstanceId,
      templateId: null,
      fieldType: 'signature',
      pageNumber: 1,
      width: 200,
      height: 50,
      anchorPosition: 'after',
      offsetX: 10,
      offsetY: 0,
      isRequired: true,
      fieldOrder: 0,
    });
    const second = await call('POST', '/api/signature-fields', owner.cookie, {
      documentInstanceId,
      ...box,
      fieldName: 'Date',
      fieldType: 'date',
    });
    expect(second.json().fieldOrder).toBe(1);
    const list = await call(
      'GET',
      `/api/signature-fields?documentInstanceId=${documentInstanceId}`,
      owner.cookie,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((f: { fieldName: string }) => f.fieldName)).toEqual([
      'Client signature',
      'Date',
    ]);
    expect(list.json().total).toBe(2);
  });

  it('answers the spec messages', async () => {
    const documentInstanceId = await newDocument(owner);
    const post = (body: Record<string, unknown>) => call('POST', '/api/signature-fields', owner.cookie, body);
    expect(errorMap(await post({ ...box }))).toEqual({
      documentInstanceId: 'Either documentInstanceId or templateId is required',
    });
    expect(
      errorMap(
        await post({
          documentInstanceId,
          fieldName: '',
          signerEmail: 'not-an-email',
          xPosition: -1,
          yPosition: -5,
          width: 49,
          height: 19,
          fieldType: 'stamp',
          anchorPosition: 'inside',
          pageNumber: 0,
        }),
      ),
    ).toEqual({
      fieldName: 'Field name is required',
      signerEmail: 'Must be a valid email',
      xPosition: 'X position must be at least 0',
      yPosition: 'Y position must be at least 0',
      width: 'Width must be at least 50',
      height: 'Height must be at least 20',
      fieldType: 'Invalid field type',
      anchorPosition: 'Invalid anchor position',
      pageNumber: 'Page number must be at least 1',
    });
    // The page's bounds: Letter is 612 × 792 points and this document has one page.
    expect(errorMap(await post({ documentInstanceId, ...box, xPosition: 500, width: 200 }))).toEqual({
      xPosition: 'Field must fit inside the page',
    });
    expect(errorMap(await post({ documentInstanceId, ...box, yPosition: 760 }))).toEqual({
      yPosition: 'Field must fit inside the page',
    });
    expect(errorMap(await post({ documentInstanceId, ...box, pageNumber: 2 }))).toEqual({
      pageNumber: 'Page number must be at most 1',
    });
    // Signer tokens belong to templates; a document's signer is an address.
    expect(errorMap(await post({ documentInstanceId, ...box, signerEmail: '{{client.email}}' }))).toEqual({
      signerEmail: 'Must be a valid email',
    });
    const fits = await post({ documentInstanceId, ...box, xPosition: 412, yPosition: 742 });
    expect(fits.statusCode, fits.body).toBe(201);
    const [{ n }] = await t.db
      .select({ n: signatureFields.id })
      .from(signatureFields)
      .where(eq(signatureFields.documentInstanceId, documentInstanceId));
    expect(n).toBe(fits.json().id);
  });

  it('checks an uploaded PDF’s own page sizes', async () => {
    const fileId = randomUUID();
    const pdf = Buffer.from(
      await pdfmake
        .createPdf({ pageSize: 'A4', content: [{ text: 'one' }, { text: 'two', pageBreak: 'before' }] })
        .getBuffer(),
    );
    // Rendering fonts are registered by the renderer module.
    await renderDocumentPdf({ doc: { type: 'doc' }, title: '', organization: { name: '' } });
    await createDiskFileStore(t.filesDir).put(owner.user.organizationId, fileId, pdf);
    const documentInstanceId = await newDocument(owner, {
      source: 'upload',
      fileId,
      pageCount: 2,
      content: '',
    });
    const post = (body: Record<string, unknown>) =>
      call('POST', '/api/signature-fields', owner.cookie, { documentInstanceId, ...box, ...body });
    expect((await post({ pageNumber: 2, xPosition: 395 })).statusCode).toBe(201);
    expect(errorMap(await post({ pageNumber: 2, xPosition: 396 }))).toEqual({
      xPosition: 'Field must fit inside the page',
    });
    expect(errorMap(await post({ pageNumber: 3 }))).toEqual({ pageNumber: 'Page number must be at most 2' });
  });
});

describe('choice, validation and font settings (issue 17)', () => {
  it('stores placeholder, options, validation type, font size and family', async () => {
    const documentInstanceId = await newDocument(owner);
    const post = (body: Record<string, unknown>) =>
      call('POST', '/api/signature-fields', owner.cookie, { documentInstanceId, ...box, ...body });
    const plain = await post({});
    expect(plain.json()).toMatchObject({
      placeholder: null,
      options: null,
      validationType: null,
      fontSize: 12,
      fontFamily: 'Arial',
    });
    const dropdown = await post({
      fieldType: 'dropdown',
      width: 160,
      height: 30,
      options: [' Yes ', 'No'],
      placeholder: 'Pick one',
      fontSize: 14,
      fontFamily: 'Times New Roman',
    });
    expect(dropdown.statusCode, dropdown.body).toBe(201);
    expect(dropdown.json()).toMatchObject({
      fieldType: 'dropdown',
      options: ['Yes', 'No'],
      placeholder: 'Pick one',
      fontSize: 14,
      fontFamily: 'Times New Roman',
    });
    const text = await post({ fieldType: 'text', validationType: 'ssn', options: ['ignored'] });
    // Options belong to choice fields only.
    expect(text.json()).toMatchObject({ validationType: 'ssn', options: null });
  });

  it('answers the messages of the new settings', async () => {
    const documentInstanceId = await newDocument(owner);
    const post = (body: Record<string, unknown>) =>
      call('POST', '/api/signature-fields', owner.cookie, { documentInstanceId, ...box, ...body });
    expect(errorMap(await post({ fieldType: 'dropdown' }))).toEqual({ options: 'Add at least one option' });
    expect(errorMap(await post({ fieldType: 'radio', options: [] }))).toEqual({
      options: 'Add at least one option',
    });
    expect(
      errorMap(
        await post({
          options: ['  '],
          validationType: 'iban',
          fontSize: 5,
          fontFamily: 'Comic Sans MS',
          placeholder: 'x'.repeat(256),
        }),
      ),
    ).toEqual({
      'options.0': 'An option cannot be empty',
      validationType: 'Invalid validation type',
      fontSize: 'Font size must be between 6 and 72',
      fontFamily: 'Invalid font family',
      placeholder: 'Placeholder must be at most 255 characters',
    });
    expect(errorMap(await post({ fontSize: 73 }))).toEqual({
      fontSize: 'Font size must be between 6 and 72',
    });
    const url = `/api/document-instances/${documentInstanceId}/signature-fields`;
    const refused = await call('PUT', url, owner.cookie, {
      fields: [{ ...box }, { ...box, fieldType: 'radio', xPosition: 350, width: 100 }],
    });
    expect(refused.json().errors).toEqual([{ path: 'fields.1.options', message: 'Add at least one option' }]);
  });

  it('PATCH checks options against the type the field would have', async () => {
    const documentInstanceId = await newDocument(owner);
    const field = (
      await call('POST', '/api/signature-fields', owner.cookie, { documentInstanceId, ...box })
    ).json();
    const patch = (body: Record<string, unknown>) =>
      call('PATCH', `/api/signature-fields/${field.id}`, owner.cookie, body);
    expect(errorMap(await patch({ fieldType: 'dropdown' }))).toEqual({ options: 'Add at least one option' });
    const choice = await patch({ fieldType: 'radio', options: ['A', 'B'] });
    expect(choice.json()).toMatchObject({ fieldType: 'radio', options: ['A', 'B'] });
    expect(errorMap(await patch({ options: [] }))).toEqual({ options: 'Add at least one option' });
    const back = await patch({ fieldType: 'text' });
    expect(back.json()).toMatchObject({ fieldType: 'text', options: null });
  });
});

describe('PATCH and DELETE /api/signature-fields/:id', () => {
  it('moves and resizes a field within its page, and deletes it', async () => {
    const documentInstanceId = await newDocument(owner);
    const field = (
      await call('POST', '/api/signature-fields', owner.cookie, { documentInstanceId, ...box })
    ).json();
    const moved = await call('PATCH', `/api/signature-fields/${field.id}`, owner.cookie, {
      xPosition: 300,
      width: 150,
      isRequired: false,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ xPosition: 300, width: 150, isRequired: false, yPosition: 600 });
    expect(
      errorMap(await call('PATCH', `/api/signature-fields/${field.id}`, owner.cookie, { width: 400 })),
    ).toEqual({
      xPosition: 'Field must fit inside the page',
    });
    expect((await call('DELETE', `/api/signature-fields/${field.id}`, owner.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/signature-fields/${field.id}`, owner.cookie)).statusCode).toBe(404);
  });
});

describe('PUT …/signature-fields', () => {
  it('replaces every field of a document at once, or none when one is wrong', async () => {
    const documentInstanceId = await newDocument(owner);
    const url = `/api/document-instances/${documentInstanceId}/signature-fields`;
    const first = await call('PUT', url, owner.cookie, {
      fields: [
        { ...box, fieldName: 'Signature' },
        { ...box, fieldName: 'Initials', fieldType: 'initials', xPosition: 350, width: 60 },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(
      first.json().items.map((f: { fieldName: string; fieldOrder: number }) => [f.fieldName, f.fieldOrder]),
    ).toEqual([
      ['Signature', 0],
      ['Initials', 1],
    ]);
    const refused = await call('PUT', url, owner.cookie, {
      fields: [
        { ...box, fieldName: 'Only' },
        { ...box, yPosition: 780 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: 'fields.1.yPosition', message: 'Field must fit inside the page' },
    ]);
    const kept = await call(
      'GET',
      `/api/signature-fields?documentInstanceId=${documentInstanceId}`,
      owner.cookie,
    );
    expect(kept.json().items.map((f: { id: string }) => f.id)).toEqual(
      first.json().items.map((f: { id: string }) => f.id),
    );
    const replaced = await call('PUT', url, owner.cookie, { fields: [{ ...box, fieldName: 'Only' }] });
    expect(replaced.json().items.map((f: { fieldName: string }) => f.fieldName)).toEqual(['Only']);
    const cleared = await call('PUT', url, owner.cookie, { fields: [] });
    expect(cleared.json()).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it('template fields may name their signer with tokens', async () => {
    const templateId = await newTemplate(owner);
    const res = await call('PUT', `/api/document-templates/${templateId}/signature-fields`, owner.cookie, {
      fields: [
        {
          fieldName: 'Client signature',
          signerEmail: '{{ client.email }}',
          signerName: '{{client.fullName}}',
          textAnchor: 'Client Signature:',
          useSmartPositioning: true,
        },
        { fieldName: 'Locator', signerEmail: '{{user.email}}', xPosition: 56, yPosition: 700 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((f: { signerEmail: string }) => f.signerEmail)).toEqual([
      '{{client.email}}',
      '{{user.email}}',
    ]);
    const posted = await call('POST', '/api/signature-fields', owner.cookie, {
      templateId,
      fieldName: 'Other',
      signerEmail: '{{lead.email}}',
    });
    expect(errorMap(posted)).toEqual({ signerEmail: 'Must be a valid email' });
    const list = await call('GET', `/api/signature-fields?templateId=${templateId}`, owner.cookie);
    expect(list.json().total).toBe(2);
  });
});

describe('guards', () => {
  it('403 without the permission of the field’s kind', async () => {
    const documentInstanceId = await newDocument(owner);
    const templateId = await newTemplate(owner);
    const viewer = await memberWith(t, owner, {
      documents: { view: true, read: true, edit: false, update: false },
      settings: { manage: false },
    });
    const editor = await memberWith(t, owner, {
      documents: { edit: true, update: true },
      settings: { manage: false },
    });
    expect(
      (await call('GET', `/api/signature-fields?documentInstanceId=${documentInstanceId}`, viewer.cookie))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/api/signature-fields', viewer.cookie, { documentInstanceId, ...box })).statusCode,
    ).toBe(403);
    expect(
      (
        await call('PUT', `/api/document-instances/${documentInstanceId}/signature-fields`, viewer.cookie, {
          fields: [],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/signature-fields', editor.cookie, { documentInstanceId, ...box })).statusCode,
    ).toBe(201);
    // Templates' fields are settings:manage.
    expect(
      (await call('POST', '/api/signature-fields', editor.cookie, { templateId, ...box })).statusCode,
    ).toBe(403);
    expect(
      (
        await call('PUT', `/api/document-templates/${templateId}/signature-fields`, editor.cookie, {
          fields: [],
        })
      ).statusCode,
    ).toBe(403);
  });

  it('another organization’s documents, templates and fields are 404 and unchanged', async () => {
    const documentInstanceId = await newDocument(owner);
    const templateId = await newTemplate(owner);
    const field = (
      await call('POST', '/api/signature-fields', owner.cookie, { documentInstanceId, ...box })
    ).json();
    const answers = [
      await call('GET', `/api/signature-fields?documentInstanceId=${documentInstanceId}`, other.cookie),
      await call('GET', `/api/signature-fields?templateId=${templateId}`, other.cookie),
      await call('GET', `/api/signature-fields/${field.id}`, other.cookie),
      await call('POST', '/api/signature-fields', other.cookie, { documentInstanceId, ...box }),
      await call('POST', '/api/signature-fields', other.cookie, { templateId, ...box }),
      await call('PATCH', `/api/signature-fields/${field.id}`, other.cookie, { xPosition: 0 }),
      await call('DELETE', `/api/signature-fields/${field.id}`, other.cookie),
      await call('PUT', `/api/document-instances/${documentInstanceId}/signature-fields`, other.cookie, {
        fields: [],
      }),
      await call('PUT', `/api/document-templates/${templateId}/signature-fields`, other.cookie, {
        fields: [],
      }),
      await call('PUT', `/api/document-instances/${foreignUuid}/signature-fields`, owner.cookie, {
        fields: [],
      }),
      await call('PATCH', '/api/signature-fields/not-a-uuid', owner.cookie, { xPosition: 0 }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 404));
    const still = await call('GET', `/api/signature-fields/${field.id}`, owner.cookie);
    expect(still.json()).toMatchObject({ xPosition: 100 });
  });

  it('a document frozen for signing keeps its fields (409)', async () => {
    const documentInstanceId = await newDocument(owner);
    const field = (
      await call('POST', '/api/signature-fields', owner.cookie, { documentInstanceId, ...box })
    ).json();
    await t.db
      .update(documentInstances)
      .set({ status: 'locked_for_signing' })
      .where(eq(documentInstances.id, documentInstanceId));
    const answers = [
      await call('POST', '/api/signature-fields', owner.cookie, { documentInstanceId, ...box }),
      await call('PATCH', `/api/signature-fields/${field.id}`, owner.cookie, { xPosition: 10 }),
      await call('DELETE', `/api/signature-fields/${field.id}`, owner.cookie),
      await call('PUT', `/api/document-instances/${documentInstanceId}/signature-fields`, owner.cookie, {
        fields: [],
      }),
    ];
    expect(answers.map((res) => [res.statusCode, res.json().message])).toEqual(
      answers.map(() => [409, frozenMessage]),
    );
    const list = await call(
      'GET',
      `/api/signature-fields?documentInstanceId=${documentInstanceId}`,
      owner.cookie,
    );
    expect(list.json().items).toMatchObject([{ id: field.id, xPosition: 100 }]);
  });
});

describe('copyTemplateFieldsToDocument', () => {
  it('merges signer tokens and places smart fields next to their anchors', async () => {
    const content = JSON.stringify({
      type: 'doc',
      content: [
        paragraph('Terms of the agreement.'),
        { type: 'pageBreak' },
        paragraph('Client Signature: here'),
      ],
    });
    const templateId = await newTemplate(owner, content);
    const put = await call('PUT', `/api/document-templates/${templateId}/signature-fields`, owner.cookie, {
      fields: [
        {
          fieldName: 'Client signature',
          signerEmail: '{{client.email}}',
          signerName: '{{client.fullName}}',
          textAnchor: 'Client Signature:',
          anchorPosition: 'after',
          offsetX: 10,
          offsetY: -5,
          useSmartPositioning: true,
        },
        {
          fieldName: 'Missing anchor',
          signerEmail: '{{user.email}}',
          textAnchor: 'Nowhere',
          useSmartPositioning: true,
        },
        { fieldName: 'Fixed', signerEmail: 'locator@example.com', xPosition: 56, yPosition: 500 },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const documentInstanceId = await newDocument(owner, { content, templateId });
    const ctx = { db: t.db, orgId: owner.user.organizationId, actor: {} } as unknown as ServiceContext;
    const rows = await t.db.transaction(async (tx) => {
      const anchorTexts = await templateAnchorTexts(tx, ctx, templateId);
      expect(anchorTexts.toSorted()).toEqual(['Client Signature:', 'Nowhere']);
      const rendered = await renderDocumentPdf(
        { doc: JSON.parse(content), title: 't', organization: { name: 'Org' } },
        { anchors: anchorTexts },
      );
      return copyTemplateFieldsToDocument(tx, ctx, {
        templateId,
        documentInstanceId,
        anchors: rendered.anchors,
        values: { 'client.email': 'jane@example.com', 'client.fullName': 'Jane Doe', 'user.email': '' },
      });
    });
    const [anchored, missing, fixed] = rows;
    expect(anchored).toMatchObject({
      documentInstanceId,
      templateId: null,
      signerEmail: 'jane@example.com',
      signerName: 'Jane Doe',
      pageNumber: 2,
      useSmartPositioning: false,
    });
    // Right of the anchor (left margin 56 + the words' width + offset 10), its top 5 points higher.
    expect(anchored.xPosition).toBeGreaterThan(56 + 80);
    expect(anchored.xPosition).toBeLessThan(56 + 120);
    expect(anchored.yPosition).toBe(84 - 5);
    // No anchor, no stored position: the foot of page 1, signer left for the user (no e-mail value).
    expect(missing).toMatchObject({
      pageNumber: 1,
      xPosition: 56,
      yPosition: 792 - 72 - 50,
      signerEmail: null,
    });
    expect(fixed).toMatchObject({
      pageNumber: 1,
      xPosition: 56,
      yPosition: 500,
      signerEmail: 'locator@example.com',
    });
  });
});
