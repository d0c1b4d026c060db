import { spawn } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeFieldKeysOf } from '../../../common/documents/document-content';
import { standardMergeFields } from '../../../common/merge-fields';
import { documentTemplates, signatureFields } from '../../db/schema/documents';
import { systemAuditLogs } from '../../db/schema/platform';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  type Caller,
  callerOf,
  created,
  fieldErrors,
  foreignUuid,
  memberWith,
  organization,
} from '../leads/test-kit';
import { documentTemplateNotFoundMessage } from './document-templates';
import { documentTemplateLibrary } from './library/template-library';
import { dealOfAnotherClientMessage } from './merge-template';
import { templateTooLargeMessage } from './routes';
import { normaliseDocumentContent } from './template-content';
import { libraryTemplateInstalledMessage } from './template-library-install';

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

type Json = Record<string, unknown>;
type Template = Json & { id: string; content: string; mergeFields: string[]; updatedAt: string };

const text = (value: string) => ({ type: 'text', text: value });
const chip = (key: string) => ({ type: 'mergeField', attrs: { key, label: null } });
const doc = (...content: Json[]) => JSON.stringify({ type: 'doc', content });
const para = (...content: Json[]) => ({ type: 'paragraph', content });

const agreement = {
  name: 'Fee agreement',
  description: 'For claimants',
  templateType: 'agreement',
  industryType: 'Surplus Funds Locator',
  content: doc(
    { type: 'heading', attrs: { level: 1 }, content: [text('Recovery agreement')] },
    para(text('Between '), chip('client.fullName'), text(' and '), chip('organization.name'), text('.')),
    para(text('Case '), chip('deal.caseNumber'), text(' in '), chip('deal.county'), text(' County.')),
    para(text('Surplus: '), chip('deal.surplusAmount'), text('. Phone: '), chip('client.phone')),
  ),
};

const tableRow = (cells: string[]) => ({
  type: 'tableRow',
  content: cells.map((c) => ({ type: 'tableCell', content: [para(text(c))] })),
});

async function createTemplate(who: SignedIn, body: Json = agreement): Promise<Template> {
  const res = await call('POST', '/api/document-templates', who.cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Template;
}

async function rowOf(id: string) {
  const [row] = await t.db.select().from(documentTemplates).where(eq(documentTemplates.id, id));
  return row;
}

/** The text poppler reads from a PDF (`pdftotext - -`), as the hidden tests read it. */
function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pdftotext', ['-layout', '-', '-']);
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out).toString('utf8')) : reject(new Error(`pdftotext ${code}`)),
    );
    child.stdin.end(pdf);
  });
}

describe('document templates CRUD', () => {
  it('creates a template stored as editor JSON with its merge keys, lists it without content', async () => {
    const template = await createTemplate(owner);
    expect(template).toMatchObject({
      name: 'Fee agreement',
      templateType: 'agreement',
      isActive: true,
      isDefault: false,
      libraryKey: null,
      mergeFields: [
        'client.fullName',
        'organization.name',
        'deal.caseNumber',
        'deal.county',
        'deal.surplusAmount',
        'client.phone',
      ],
    });
    expect(JSON.parse(template.content).type).toBe('doc');
    const list = await call('GET', '/api/document-templates?templateType=agreement&search=fee', owner.cookie);
    expect(list.statusCode).toBe(200);
    const item = list.json().items.find((i: Json) => i.id === template.id);
    expect(item).toMatchObject({ name: 'Fee agreement', mergeFields: template.mergeFields });
    expect(item).not.toHaveProperty('content');
    const none = await call('GET', '/api/document-templates?templateType=letter&search=fee', owner.cookie);
    expect(none.json().items.map((i: Json) => i.id)).not.toContain(template.id);
  });

  it('reads text and HTML as paragraphs with {{key}} tokens as merge fields', async () => {
    const template = await createTemplate(owner, {
      name: 'Plain letter',
      templateType: 'letter',
      content: '<p>Dear {{client.firstName}},</p><p>Regards, {{user.fullName}}</p>',
    });
    const parsed = JSON.parse(template.content);
    expect(parsed.content).toHaveLength(2);
    expect(parsed.content[0].content).toEqual([
      { type: 'text', text: 'Dear ' },
      { type: 'mergeField', attrs: { key: 'client.firstName', label: null } },
      { type: 'text', text: ',' },
    ]);
    expect(template.mergeFields).toEqual(['client.firstName', 'user.fullName']);
  });

  it('pages the list with a cursor and caps the page at 200', async () => {
    for (const name of ['Paged A', 'Paged B', 'Paged C']) {
      await createTemplate(owner, { name, templateType: 'paged', content: 'Hello' });
    }
    const first = await call('GET', '/api/document-templates?templateType=paged&limit=2', owner.cookie);
    expect(first.json()).toMatchObject({ total: 3 });
    expect(first.json().items.map((i: Json) => i.name)).toEqual(['Paged A', 'Paged B']);
    const next = await call(
      'GET',
      `/api/document-templates?templateType=paged&limit=2&cursor=${first.json().nextCursor}`,
      owner.cookie,
    );
    expect(next.json().items.map((i: Json) => i.name)).toEqual(['Paged C']);
    expect(next.json().nextCursor).toBeNull();
  });

  it('answers an ETag, honours If-Match, and keeps one default per type', async () => {
    const a = await createTemplate(owner, {
      ...agreement,
      name: 'Default A',
      templateType: 'poa',
      isDefault: true,
    });
    const b = await createTemplate(owner, { ...agreement, name: 'Default B', templateType: 'poa' });
    const got = await call('GET', `/api/document-templates/${b.id}`, owner.cookie);
    const etag = got.headers.etag as string;
    expect(etag).toMatch(/^W\/"\d+"$/);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/document-templates/${b.id}`,
      headers: { cookie: owner.cookie, 'if-match': etag },
      payload: { isDefault: true, name: 'Default B2' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ isDefault: true, name: 'Default B2' });
    expect((await rowOf(a.id)).isDefault).toBe(false);
    const stale = await t.app.inject({
      method: 'PATCH',
      url: `/api/document-templates/${b.id}`,
      headers: { cookie: owner.cookie, 'if-match': etag },
      payload: { name: 'Lost update' },
    });
    expect(stale.statusCode).toBe(409);
    expect((await rowOf(b.id)).name).toBe('Default B2');
  });

  it('saves new content, recomputes its merge keys and audits the change', async () => {
    const template = await createTemplate(owner, { ...agreement, name: 'To edit' });
    const res = await call('PATCH', `/api/document-templates/${template.id}`, owner.cookie, {
      content: doc(para(text('Only '), chip('deal.caseNumber'))),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mergeFields).toEqual(['deal.caseNumber']);
    const events = await t.db
      .select({ action: systemAuditLogs.action, details: systemAuditLogs.details })
      .from(systemAuditLogs)
      .where(eq(systemAuditLogs.resourceId, template.id));
    expect(events.map((e) => e.action).toSorted()).toEqual([
      'document_template.created',
      'document_template.updated',
    ]);
    expect(events.find((e) => e.action === 'document_template.updated')?.details).toEqual({
      name: 'To edit',
      fields: ['content', 'mergeFields'],
    });
  });

  it('duplicates as "<name> (copy)", not default, with its signature fields', async () => {
    const template = await createTemplate(owner, {
      ...agreement,
      name: 'Original',
      templateType: 'dup',
      isDefault: true,
    });
    await t.db.insert(signatureFields).values({
      organizationId: owner.user.organizationId,
      templateId: template.id,
      fieldName: 'Claimant signature',
      signerEmail: '{{client.email}}',
      textAnchor: 'Claimant signature:',
      useSmartPositioning: true,
    });
    const res = await call('POST', `/api/document-templates/${template.id}/duplicate`, owner.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Original (copy)',
      isDefault: false,
      content: template.content,
    });
    const copied = await t.db
      .select()
      .from(signatureFields)
      .where(eq(signatureFields.templateId, res.json().id));
    expect(copied).toHaveLength(1);
    expect(copied[0]).toMatchObject({ fieldName: 'Claimant signature', textAnchor: 'Claimant signature:' });
    expect((await rowOf(template.id)).isDefault).toBe(true);
  });

  it('deletes a template (204) and then answers 404', async () => {
    const template = await createTemplate(owner, { ...agreement, name: 'Doomed' });
    expect((await call('DELETE', `/api/document-templates/${template.id}`, owner.cookie)).statusCode).toBe(
      204,
    );
    const gone = await call('GET', `/api/document-templates/${template.id}`, owner.cookie);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(documentTemplateNotFoundMessage);
  });
});

describe('validation and bad content', () => {
  it('names each missing or short field with the spec message', async () => {
    const res = await call('POST', '/api/document-templates', owner.cookie, { name: 'F', content: '' });
    expect(fieldErrors(res)).toEqual([
      { path: 'name', message: 'Name must be at least 2 characters' },
      { path: 'templateType', message: 'Template type is required' },
      { path: 'content', message: 'Content is required' },
    ]);
  });

  const bad: [string, string, string][] = [
    [
      'an unknown node type',
      doc({ type: 'iframe', attrs: { src: 'https://evil.test' } }),
      'The document contains an element the editor does not support: iframe',
    ],
    [
      'a script node',
      doc({ type: 'script', content: [text('alert(1)')] }),
      'The document contains an element the editor does not support: script',
    ],
    [
      'an unknown mark',
      doc(para({ type: 'text', text: 'x', marks: [{ type: 'onclick' }] })),
      'The document contains an element the editor does not support: onclick',
    ],
    [
      'a javascript: link',
      doc(
        para({ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }),
      ),
      'Links must start with http://, https:// or mailto:',
    ],
    [
      'HTML with a script',
      '<p>Hi</p><script>alert(1)</script>',
      'The document contains an element the editor does not support: script',
    ],
    [
      'JSON that is not a document',
      '{"type":"script","text":"x"}',
      'Content must be text, HTML or an editor document',
    ],
    [
      'text directly in the doc',
      doc(text('loose')),
      "The document's structure is not valid: a doc holds content it cannot hold",
    ],
    ['an unknown merge field', doc(para(chip('deal.foo'))), 'Unknown merge field: {{deal.foo}}'],
    ['an unknown {{token}} in text', 'Dear {{client.nickname}}', 'Unknown merge field: {{client.nickname}}'],
  ];
  it.each(bad)('refuses %s with a 400 on content and stores nothing', async (_name, content, message) => {
    const before = await t.db.$count(
      documentTemplates,
      eq(documentTemplates.organizationId, owner.user.organizationId),
    );
    const res = await call('POST', '/api/document-templates', owner.cookie, { ...agreement, content });
    expect(fieldErrors(res)).toEqual([{ path: 'content', message }]);
    expect(
      await t.db.$count(documentTemplates, eq(documentTemplates.organizationId, owner.user.organizationId)),
    ).toBe(before);
  });

  it('refuses bad content on PATCH and leaves the template as it was', async () => {
    const template = await createTemplate(owner, { ...agreement, name: 'Kept' });
    const res = await call('PATCH', `/api/document-templates/${template.id}`, owner.cookie, {
      name: 'Changed',
      content: doc(para(chip('deal.nothing'))),
    });
    expect(fieldErrors(res)).toEqual([{ path: 'content', message: 'Unknown merge field: {{deal.nothing}}' }]);
    const row = await rowOf(template.id);
    expect(row).toMatchObject({ name: 'Kept', content: template.content });
  });

  it('refuses content over 2,000,000 characters with a clear message (400), and a 10 MB paste with 413', async () => {
    const long = 'a'.repeat(2_000_001);
    const res = await call('POST', '/api/document-templates', owner.cookie, { ...agreement, content: long });
    expect(fieldErrors(res)).toEqual([
      { path: 'content', message: 'Content must be at most 2,000,000 characters' },
    ]);
    const paste = await call('POST', '/api/document-templates', owner.cookie, {
      ...agreement,
      content: 'b'.repeat(10 * 1024 * 1024),
    });
    expect(paste.statusCode).toBe(413);
    expect(paste.json().message).toBe(templateTooLargeMessage);
  }, 30_000);

  it('accepts a long real document under the limit (tables, page breaks)', async () => {
    const table = { type: 'table', content: [tableRow(['Item', 'Amount']), tableRow(['Surplus', '$10'])] };
    const blocks = Array.from({ length: 400 }, (_, i) => para(text(`Clause ${i} `.repeat(40))));
    const template = await createTemplate(owner, {
      ...agreement,
      name: 'Long',
      content: doc(...blocks, { type: 'pageBreak' }, table),
    });
    expect(template.content.length).toBeGreaterThan(100_000);
  });
});

describe('permissions and tenancy', () => {
  it('lets a plain user read templates but not change them (403)', async () => {
    const template = await createTemplate(owner, { ...agreement, name: 'Guarded' });
    const user = await memberWith(t, owner, {});
    expect((await call('GET', '/api/document-templates', user.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/document-templates/${template.id}`, user.cookie)).statusCode).toBe(200);
    const writes = [
      call('POST', '/api/document-templates', user.cookie, agreement),
      call('PATCH', `/api/document-templates/${template.id}`, user.cookie, { name: 'Hijacked' }),
      call('DELETE', `/api/document-templates/${template.id}`, user.cookie),
      call('POST', `/api/document-templates/${template.id}/duplicate`, user.cookie),
      call('POST', `/api/document-template-library/${documentTemplateLibrary[0].key}/install`, user.cookie),
    ];
    for (const res of await Promise.all(writes)) expect(res.statusCode).toBe(403);
    expect((await rowOf(template.id)).name).toBe('Guarded');
  });

  it("answers 404 for another organization's template on every route and changes nothing", async () => {
    const theirs = await createTemplate(other, { ...agreement, name: 'Theirs' });
    const before = await rowOf(theirs.id);
    const attempts = [
      call('GET', `/api/document-templates/${theirs.id}`, owner.cookie),
      call('PATCH', `/api/document-templates/${theirs.id}`, owner.cookie, { name: 'Hijacked' }),
      call('DELETE', `/api/document-templates/${theirs.id}`, owner.cookie),
      call('POST', `/api/document-templates/${theirs.id}/duplicate`, owner.cookie),
      call('POST', `/api/document-templates/${theirs.id}/preview`, owner.cookie, {}),
      call('GET', `/api/document-templates/${theirs.id}/pdf`, owner.cookie),
      call('GET', `/api/document-templates/${foreignUuid}`, owner.cookie),
      call('GET', '/api/document-templates/not-a-uuid', owner.cookie),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(documentTemplateNotFoundMessage);
    }
    expect(await rowOf(theirs.id)).toEqual(before);
    const list = await call('GET', '/api/document-templates?limit=200', owner.cookie);
    expect(list.json().items.map((i: Json) => i.id)).not.toContain(theirs.id);
  });
});

/** A client with a surplus deal (case number and county filled, no surplus amount). */
async function dealWithClient(who: SignedIn) {
  const client = await created(t, '/api/clients', who.cookie, {
    displayName: 'Mary Heir',
    email: 'mary@example.com',
    city: 'Tampa',
    state: 'FL',
  });
  const deal = await created(t, '/api/deals', who.cookie, {
    dealName: 'Oak St surplus',
    relatedClient: client.id,
    stage: 'Research',
    customFields: { caseNumber: '23-CA-000917', county: 'Hillsborough' },
  });
  return { client, deal };
}

describe('preview and PDF merged with a real record', () => {
  it('fills the deal, its client and the organization; lists the fields without a value with labels', async () => {
    const template = await createTemplate(owner, { ...agreement, name: 'Preview me' });
    const { client, deal } = await dealWithClient(owner);
    const res = await call('POST', `/api/document-templates/${template.id}/preview`, owner.cookie, {
      clientId: client.id,
      dealId: deal.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.content).toBe(template.content);
    const merged = JSON.stringify(JSON.parse(body.mergedContent));
    for (const value of ['Mary Heir', 'Acme Recovery', '23-CA-000917', 'Hillsborough']) {
      expect(merged).toContain(value);
    }
    expect(body.missing).toEqual([
      { key: 'deal.surplusAmount', label: 'Surplus amount' },
      { key: 'client.phone', label: 'Phone' },
    ]);
  });

  it('previews without a record: the organization, sender and date fill in, the rest is missing', async () => {
    const template = await createTemplate(owner, {
      ...agreement,
      name: 'No record',
      content: doc(
        para(
          chip('organization.name'),
          text(' '),
          chip('user.fullName'),
          text(' '),
          chip('date.today'),
          text(' '),
          chip('client.fullName'),
        ),
      ),
    });
    const res = await call('POST', `/api/document-templates/${template.id}/preview`, owner.cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    const merged = JSON.parse(res.json().mergedContent).content[0].content;
    expect(merged.map((n: Json) => n.text ?? `[${(n.attrs as Json).key}]`).join('')).toBe(
      `Acme Recovery Ada Owner ${new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })} [client.fullName]`,
    );
    expect(res.json().missing).toEqual([{ key: 'client.fullName', label: 'Full name' }]);
  });

  it("refuses a deal of another client, and another organization's deal is not found", async () => {
    const template = await createTemplate(owner, { ...agreement, name: 'Mismatch' });
    const { deal } = await dealWithClient(owner);
    const stranger = await created(t, '/api/clients', owner.cookie, { displayName: 'Sam Stranger' });
    const res = await call('POST', `/api/document-templates/${template.id}/preview`, owner.cookie, {
      clientId: stranger.id,
      dealId: deal.id,
    });
    expect(fieldErrors(res)).toEqual([{ path: 'dealId', message: dealOfAnotherClientMessage }]);
    const theirs = await dealWithClient(other);
    const foreign = await call('POST', `/api/document-templates/${template.id}/preview`, owner.cookie, {
      dealId: theirs.deal.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Deal not found');
  });

  it('renders a PDF whose text holds the merged values and no {{', async () => {
    const template = await createTemplate(owner, {
      ...agreement,
      name: 'Printable',
      content: doc(
        para(text('Between '), chip('client.fullName'), text(' and '), chip('organization.name'), text('.')),
        para(text('Case '), chip('deal.caseNumber'), text(' in '), chip('deal.county'), text(' County.')),
      ),
    });
    const { client, deal } = await dealWithClient(owner);
    const res = await call(
      'GET',
      `/api/document-templates/${template.id}/pdf?clientId=${client.id}&dealId=${deal.id}&download=1`,
      owner.cookie,
    );
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Printable.pdf"/);
    const words = await pdfText(res.rawPayload);
    for (const value of ['Mary Heir', 'Acme Recovery', '23-CA-000917', 'Hillsborough']) {
      expect(words).toContain(value);
    }
    expect(words).not.toContain('{{');
    const inline = await call('GET', `/api/document-templates/${template.id}/pdf`, owner.cookie);
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
  });
});

describe('merge-field catalogue', () => {
  it("offers the deal's surplus-case fields and today's date", async () => {
    const res = await call('GET', '/api/merge-fields', owner.cookie);
    const keys = res.json().items.map((f: { key: string }) => f.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'deal.caseNumber',
        'deal.county',
        'deal.propertyAddress',
        'deal.surplusAmount',
        'deal.claimDeadline',
        'deal.locatorFeePercent',
        'client.fullName',
        'date.today',
      ]),
    );
  });
});

describe('template library', () => {
  it("seeds a new organization with its sector's samples and their anchored signature fields", async () => {
    const org = await organization(t);
    const sector = documentTemplateLibrary.filter((s) => s.industryType === 'Surplus Funds Locator');
    const rows = await t.db
      .select()
      .from(documentTemplates)
      .where(eq(documentTemplates.organizationId, org.user.organizationId));
    expect(rows.map((r) => r.libraryKey).toSorted()).toEqual(sector.map((s) => s.key).toSorted());
    const withFields = sector.find((s) => (s.fields?.length ?? 0) > 0);
    if (withFields) {
      const row = rows.find((r) => r.libraryKey === withFields.key);
      const fields = await t.db
        .select()
        .from(signatureFields)
        .where(
          and(
            eq(signatureFields.organizationId, org.user.organizationId),
            eq(signatureFields.templateId, row?.id ?? ''),
          ),
        );
      expect(fields).toHaveLength(withFields.fields?.length ?? 0);
      for (const field of fields) {
        expect(field.useSmartPositioning).toBe(true);
        expect(['{{client.email}}', '{{user.email}}']).toContain(field.signerEmail);
        expect(field.textAnchor).toBeTruthy();
      }
    }
    const library = await call('GET', '/api/document-template-library', org.cookie);
    expect(library.statusCode).toBe(200);
    for (const sample of sector) {
      expect(library.json().find((i: Json) => i.key === sample.key)).toMatchObject({ installed: true });
    }
  });

  it('installs a sample once (201), then answers 409; an unknown key is 404', async () => {
    const org = await organization(t);
    const sample = documentTemplateLibrary[0];
    const existing = await t.db
      .select({ id: documentTemplates.id })
      .from(documentTemplates)
      .where(
        and(
          eq(documentTemplates.organizationId, org.user.organizationId),
          eq(documentTemplates.libraryKey, sample.key),
        ),
      );
    // A seeded sample is removed first, so the install is the one adding it.
    for (const row of existing) await call('DELETE', `/api/document-templates/${row.id}`, org.cookie);
    const before = await call('GET', '/api/document-template-library', org.cookie);
    expect(before.json().find((i: Json) => i.key === sample.key)).toMatchObject({
      installed: false,
      templateId: null,
    });
    const res = await call('POST', `/api/document-template-library/${sample.key}/install`, org.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: sample.name,
      libraryKey: sample.key,
      templateType: sample.templateType,
    });
    const again = await call('POST', `/api/document-template-library/${sample.key}/install`, org.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(libraryTemplateInstalledMessage);
    const after = await call('GET', '/api/document-template-library', org.cookie);
    expect(after.json().find((i: Json) => i.key === sample.key)).toMatchObject({
      installed: true,
      templateId: res.json().id,
    });
    expect(
      (await call('POST', '/api/document-template-library/no-such-key/install', org.cookie)).statusCode,
    ).toBe(404);
  });

  it("other sectors' samples use only the standard merge fields (they have no surplus fields)", async () => {
    const standard = new Set(standardMergeFields.map((f) => f.key));
    for (const sample of documentTemplateLibrary.filter((s) => s.industryType !== 'Surplus Funds Locator')) {
      const { doc: parsed, errors } = await normaliseDocumentContent(JSON.stringify(sample.content));
      expect(errors, sample.key).toEqual([]);
      for (const key of mergeFieldKeysOf(parsed ?? {}))
        expect(standard.has(key), `${sample.key} ${key}`).toBe(true);
    }
  });

  it('every sample is valid editor content whose merge fields a surplus organization has', async () => {
    const catalogue = await call('GET', '/api/merge-fields', owner.cookie);
    const keys = new Set(catalogue.json().items.map((f: { key: string }) => f.key));
    for (const sample of documentTemplateLibrary.filter((s) => s.industryType === 'Surplus Funds Locator')) {
      const res = await call('POST', '/api/document-templates', owner.cookie, {
        name: sample.name,
        templateType: sample.templateType,
        content: JSON.stringify(sample.content),
      });
      expect(res.statusCode, `${sample.key}: ${res.body}`).toBe(201);
      for (const key of res.json().mergeFields) expect(keys.has(key), `${sample.key} ${key}`).toBe(true);
    }
  });
});
