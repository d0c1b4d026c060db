import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { documentExtensions } from '../../../common/documents/editor-extensions';
import { standardMergeFields } from '../../../common/merge-fields';
import { browserDocumentExtensions, chipText } from './browser-extensions';
import { documentContentMaxLength, pasteSize, pasteTooLarge, serializeDocument } from './content-limits';
import { groupFields } from './components/merge-field-palette';

const clipboard = (html: string, text: string) => ({
  getData: (type: string) => (type === 'text/html' ? html : type === 'text/plain' ? text : ''),
});

describe('paste and content limits', () => {
  it('measures a paste by its larger form and refuses one that would pass the limit', () => {
    expect(pasteSize(null)).toBe(0);
    expect(pasteSize(clipboard('<p>abc</p>', 'abc'))).toBe(10);
    expect(pasteTooLarge(100, 1000)).toBe(false);
    // A 10 MB paste is refused before the editor parses it.
    expect(pasteTooLarge(100, 10 * 1024 * 1024)).toBe(true);
    expect(pasteTooLarge(documentContentMaxLength - 10, 11)).toBe(true);
  });

  it('serializes a document, or answers null when it is over 2,000,000 characters', () => {
    const small = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] }] };
    expect(serializeDocument(small)).toBe(JSON.stringify(small));
    const huge = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'x'.repeat(documentContentMaxLength) }] },
      ],
    };
    expect(serializeDocument(huge)).toBeNull();
  });
});

describe('the browser editor schema', () => {
  it('has exactly the nodes and marks the server validates against', () => {
    const server = getSchema(documentExtensions);
    const browser = getSchema(browserDocumentExtensions);
    expect(Object.keys(browser.nodes).toSorted()).toEqual(Object.keys(server.nodes).toSorted());
    expect(Object.keys(browser.marks).toSorted()).toEqual(Object.keys(server.marks).toSorted());
    expect(Object.keys(browser.nodes.mergeField.spec.attrs ?? {})).toEqual(['key', 'label']);
    // What the editor writes (a chip, a table, a page break) passes the server's check.
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'mergeField', attrs: { key: 'client.fullName', label: 'Full name' } }],
        },
        {
          type: 'table',
          content: [{ type: 'tableRow', content: [{ type: 'tableCell', content: [{ type: 'paragraph' }] }] }],
        },
        { type: 'pageBreak' },
      ],
    };
    expect(() => server.nodeFromJSON(doc).check()).not.toThrow();
  });

  it('labels a chip with its own label, else the catalogue, else its key', () => {
    const labels = new Map([['deal.caseNumber', 'Case number']]);
    expect(chipText('client.fullName', 'Full name', labels)).toBe('Full name');
    expect(chipText('deal.caseNumber', null, labels)).toBe('Case number');
    expect(chipText('deal.gone', null, labels)).toBe('deal.gone');
  });
});

describe('merge-field palette groups', () => {
  it('groups Organization, You, Client, Lead, Deal, Date in that order, without company fields', () => {
    const groups = groupFields(standardMergeFields, '');
    expect(groups.map((group) => group.label)).toEqual([
      'Organization',
      'You',
      'Client',
      'Lead',
      'Deal',
      'Date',
    ]);
    expect(groups.flatMap((group) => group.fields).some((field) => field.group === 'company')).toBe(false);
  });

  it('searches labels and keys, dropping empty groups', () => {
    const groups = groupFields(
      [
        ...standardMergeFields,
        { key: 'deal.surplusAmount', label: 'Surplus amount', group: 'deal', custom: true },
      ],
      'surplus',
    );
    expect(groups.map((group) => group.label)).toEqual(['Deal']);
    expect(groups[0].fields.map((field) => field.key)).toEqual(['deal.surplusAmount']);
    expect(groupFields(standardMergeFields, 'client.em')[0].fields.map((field) => field.key)).toEqual([
      'client.email',
    ]);
    expect(groupFields(standardMergeFields, 'nothing like this')).toEqual([]);
  });
});
