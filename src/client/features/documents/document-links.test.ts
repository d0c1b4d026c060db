import { describe, expect, it } from 'vitest';
import { documentCreateHref, suggestedDocumentName } from './document-links';

describe('document links', () => {
  it('opens the create page for a client, with the deal when there is one', () => {
    expect(documentCreateHref('c1')).toBe('/clients/c1/documents/create');
    expect(documentCreateHref('c1', 'd 2')).toBe('/clients/c1/documents/create?dealId=d%202');
  });

  it('names a document after its template and client', () => {
    expect(suggestedDocumentName('Fee Agreement', 'Ann Lee')).toBe('Fee Agreement — Ann Lee');
    expect(suggestedDocumentName('Fee Agreement', null)).toBe('Fee Agreement');
    expect(suggestedDocumentName('x'.repeat(300), 'A')).toHaveLength(255);
  });
});
