import { describe, expect, it } from 'vitest';
import { importMaxBytes } from '../../../common/validation/entity-record-import';
import { importedLabel, importFileProblem, notImportedLabel, summarizeImport } from './import-records';

const fields = [
  { fieldName: 'sharePercent', displayName: 'Share %' },
  { fieldName: 'relationship', displayName: 'Relationship to owner' },
];

describe('importFileProblem', () => {
  it('accepts a .csv file up to 5 MB', () => {
    expect(importFileProblem({ name: 'heirs.CSV', size: importMaxBytes })).toBeNull();
  });

  it('refuses a larger file and another kind of file before sending', () => {
    expect(importFileProblem({ name: 'heirs.csv', size: importMaxBytes + 1 })).toBe(
      'The file must be at most 5 MB',
    );
    expect(importFileProblem({ name: 'heirs.xlsx', size: 10 })).toBe('Choose a .csv file');
  });
});

describe('summarizeImport', () => {
  it('separates unknown columns from row failures and names columns as the file does', () => {
    expect(
      summarizeImport(
        {
          created: 2,
          failed: 2,
          errors: [
            { row: 1, path: 'Favourite colour', message: 'Unknown column: ignored' },
            { row: 3, path: 'data.sharePercent', message: 'Share % must be at most 100' },
            { row: 4, path: 'displayName', message: 'Name is required' },
            { row: 4, path: 'data.gone', message: 'Unknown field' },
          ],
        },
        fields,
      ),
    ).toEqual({
      created: 2,
      failed: 2,
      unknownColumns: ['Favourite colour'],
      failures: [
        { row: 3, column: 'Share %', message: 'Share % must be at most 100' },
        { row: 4, column: 'Name', message: 'Name is required' },
        { row: 4, column: 'gone', message: 'Unknown field' },
      ],
      failureCount: 3,
    });
  });

  it('lists the first 200 failures of a file full of bad rows', () => {
    const errors = Array.from({ length: 250 }, (_, index) => ({
      row: index + 2,
      path: 'displayName',
      message: 'Name is required',
    }));
    const summary = summarizeImport({ created: 0, failed: 250, errors }, fields);
    expect(summary.failures).toHaveLength(200);
    expect(summary.failures[199].row).toBe(201);
    expect(summary.failureCount).toBe(250);
  });
});

describe('labels', () => {
  it('counts records and rows', () => {
    expect(importedLabel(2)).toBe('2 records imported');
    expect(importedLabel(1)).toBe('1 record imported');
    expect(notImportedLabel(1)).toBe('1 row not imported');
    expect(notImportedLabel(1200)).toBe('1,200 rows not imported');
  });
});
