import { describe, expect, it } from 'vitest';
import { bulkConfirmation, documentsNoun } from './documents-list-model';

describe('bulk confirmation', () => {
  it('names the count in the question, the button and the result', () => {
    const question = bulkConfirmation('delete', 3);
    expect(question.title).toBe('Delete 3 documents?');
    expect(question.confirm).toBe('Delete 3 documents');
    expect(question.description).toMatch(/cannot be undone/);
    expect(bulkConfirmation('archive', 1).done).toBe('Archived 1 document');
    expect(bulkConfirmation('unarchive', 1200).title).toBe(`Unarchive ${(1200).toLocaleString()} documents?`);
  });

  it('counts in words', () => {
    expect(documentsNoun(1)).toBe('document');
    expect(documentsNoun(0)).toBe('documents');
  });
});
