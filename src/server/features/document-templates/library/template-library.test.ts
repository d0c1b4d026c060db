import { getSchema, type JSONContent } from '@tiptap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IndustrySector, industrySectorValues } from '../../../../common/constants';
import { documentText, mergeDocument, mergeFieldKeysOf } from '../../../../common/documents/document-content';
import { documentExtensions } from '../../../../common/documents/editor-extensions';
import { createDocumentTemplateSchema } from '../../../../common/validation/documents';
import { registerOrganizationOwner } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { call } from '../../users/test-helpers';
import { attorneyNote } from './build-document';
import type { LibraryTemplate } from './library-template';
import { documentTemplateLibrary } from './template-library';

const schema = getSchema(documentExtensions);
const bySector = (sector: IndustrySector) => documentTemplateLibrary.filter((t) => t.industryType === sector);
const textOf = (key: string) =>
  documentText(documentTemplateLibrary.find((t) => t.key === key)?.content ?? {});
function chipsOf(node: JSONContent): { key: string; label: string }[] {
  const own = node.type === 'mergeField' ? [node.attrs as { key: string; label: string }] : [];
  return [...own, ...(node.content ?? []).flatMap(chipsOf)];
}
const countOf = (text: string, part: string) => text.split(part).length - 1;

describe('document template library', () => {
  it('has unique keys and names, ≥ 1 template per sector and ≥ 5 for surplus-funds locators', () => {
    const keys = documentTemplateLibrary.map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(documentTemplateLibrary.map((t) => t.name)).size).toBe(keys.length);
    for (const sector of industrySectorValues)
      expect(bySector(sector).length, sector).toBeGreaterThanOrEqual(1);
    expect(bySector('Surplus Funds Locator').map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'Surplus Recovery Fee Agreement',
        'Limited Power of Attorney (Surplus Claim)',
        'Assignment of Surplus Rights (Partial)',
        'Claimant Information Sheet',
        'Letter to the Clerk of Court: Surplus Funds Status',
      ]),
    );
    expect(bySector('Wholesaler').map((t) => t.name)).toEqual(
      expect.arrayContaining(['Wholesale Assignment of Contract', 'Letter of Intent to Purchase']),
    );
    expect(bySector('Small Business').map((t) => t.name)).toContain('Service Agreement');
  });

  it('lists the sectors in the order of industrySectorValues, each sector’s templates together', () => {
    const order = documentTemplateLibrary.map((t) => industrySectorValues.indexOf(t.industryType));
    expect(order.every((n) => n >= 0)).toBe(true);
    expect(order).toEqual(order.toSorted((a, b) => a - b));
  });

  it('marks exactly the surplus fee agreement as the default agreement of its sector, one default per type', () => {
    const fee = documentTemplateLibrary.find((t) => t.key === 'surplus-recovery-fee-agreement');
    expect(fee?.isDefault).toBe(true);
    const defaults = documentTemplateLibrary
      .filter((t) => t.isDefault)
      .map((t) => `${t.industryType}/${t.templateType}`);
    expect(new Set(defaults).size).toBe(defaults.length);
  });

  it.each(documentTemplateLibrary.map((t) => [t.key, t] as const))(
    '%s is valid editor JSON with the attorney note, real text and anchors that occur once',
    (_key, template: LibraryTemplate) => {
      expect(() => schema.nodeFromJSON(template.content).check()).not.toThrow();
      const text = documentText(template.content);
      expect(text.startsWith(attorneyNote)).toBe(true);
      expect(text).not.toMatch(/lorem|ipsum|TODO|xxx/i);
      expect(text.length).toBeGreaterThan(800);
      expect(template.description.length).toBeGreaterThan(20);
      // Merge fields are chips, never `{{…}}` typed as text.
      expect(mergeFieldKeysOf(template.content).length).toBeGreaterThan(0);
      expect(JSON.stringify(template.content)).not.toContain('{{');
      // Each chip has its catalogue label, not a bare key.
      for (const chip of chipsOf(template.content)) expect(chip.label, chip.key).not.toBe(chip.key);
      // A trailing empty paragraph can push a blank page onto the PDF.
      expect(template.content.content?.at(-1)?.content?.length ?? 0).toBeGreaterThan(0);
      expect(template.fields.length).toBeGreaterThan(0);
      for (const f of template.fields) {
        expect(countOf(text, f.textAnchor), f.textAnchor).toBe(1);
        expect(['client', 'sender']).toContain(f.signer);
      }
      expect(template.fields.some((f) => f.fieldType === 'signature')).toBe(true);
    },
  );

  it('passes the API’s template validation as the templates route would receive it', () => {
    for (const template of documentTemplateLibrary) {
      const parsed = createDocumentTemplateSchema.safeParse({
        name: template.name,
        description: template.description,
        templateType: template.templateType,
        industryType: template.industryType,
        content: JSON.stringify(template.content),
        isDefault: template.isDefault ?? false,
      });
      expect(parsed.error?.issues ?? [], template.key).toEqual([]);
    }
  });

  it('gives the documents a client signs a client signature and a date', () => {
    for (const key of [
      'surplus-recovery-fee-agreement',
      'surplus-limited-power-of-attorney',
      'surplus-assignment-of-rights',
      'surplus-claimant-information-sheet',
    ]) {
      const template = documentTemplateLibrary.find((t) => t.key === key);
      const clientFields = template?.fields.filter((f) => f.signer === 'client').map((f) => f.fieldType);
      expect(clientFields, key).toEqual(expect.arrayContaining(['signature', 'date']));
    }
  });

  it('says what a claimant must know: the right to claim directly for free, cancellation, fee, notary blocks', () => {
    const fee = textOf('surplus-recovery-fee-agreement');
    expect(fee).toContain('You do not need to hire anyone to claim surplus funds');
    expect(fee).toContain('within three (3) business days');
    expect(fee).toContain('Notice of cancellation');
    for (const key of [
      'deal.locatorFeePercent',
      'deal.caseNumber',
      'deal.county',
      'deal.surplusAmount',
      'deal.propertyAddress',
      'client.fullName',
    ])
      expect(fee).toContain(`{{${key}}}`);
    expect(textOf('surplus-limited-power-of-attorney')).toContain('Notary acknowledgment');
    expect(textOf('surplus-limited-power-of-attorney')).toContain(
      'may not endorse, cash or deposit any check',
    );
    expect(textOf('surplus-assignment-of-rights')).toContain('Notary acknowledgment');
    expect(textOf('surplus-letter-to-clerk')).toContain('{{deal.caseNumber}}');
  });

  it('merges completely when every value is known (nothing left as a chip)', () => {
    for (const template of documentTemplateLibrary) {
      const values = Object.fromEntries(mergeFieldKeysOf(template.content).map((k) => [k, `value of ${k}`]));
      const { merged, missing } = mergeDocument(template.content, values);
      expect(missing).toEqual([]);
      expect(JSON.stringify(merged)).not.toContain('"mergeField"');
      expect(() => schema.nodeFromJSON(merged).check()).not.toThrow();
    }
  });
});

describe('document template library merge keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // The catalogue a new organization of the sector really has: standard fields and the custom
  // fields registration seeds (the surplus case on deals for locators, nothing for the others).
  it.each(industrySectorValues.map((s) => [s]))(
    'uses only merge keys a new %s organization has',
    async (sector) => {
      const owner = await registerOrganizationOwner(t.app, { industrySector: sector });
      const res = await call(t.app, 'GET', '/api/merge-fields', owner.cookie);
      expect(res.statusCode).toBe(200);
      const catalogue = new Set((res.json().items as { key: string }[]).map((f) => f.key));
      for (const template of bySector(sector)) {
        const unknown = mergeFieldKeysOf(template.content).filter((key) => !catalogue.has(key));
        expect(unknown, template.key).toEqual([]);
      }
    },
  );
});
