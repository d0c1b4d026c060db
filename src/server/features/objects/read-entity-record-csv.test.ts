import { describe, expect, it } from 'vitest';
import type { ObjectFieldType } from '../../../common/validation/objects';
import { AppError } from '../../lib/app-error';
import { readEntityRecordCsv } from './read-entity-record-csv';

const field = (fieldName: string, displayName: string, fieldType: ObjectFieldType) => ({
  fieldName,
  displayName,
  fieldType,
});
const fields = [
  field('relationship', 'Relationship to owner', 'select'),
  field('sharePercent', 'Share %', 'number'),
  field('deceased', 'Deceased', 'checkbox'),
  field('languages', 'Languages', 'multiselect'),
  field('bornOn', 'Born on', 'date'),
  field('researchNotes', 'Research notes', 'textarea'),
];

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, errors: error.errors };
    throw error;
  }
  throw new Error('not refused');
}

describe('readEntityRecordCsv', () => {
  it('matches columns by display name or field name in any case, Name to the record name', () => {
    const { rows, warnings } = readEntityRecordCsv(
      'NAME,relationship to owner,SHAREPERCENT,deceased\r\nAnn Lee,Child,50,yes\r\nBo Lee,Spouse,,No\r\n',
      fields,
    );
    expect(warnings).toEqual([]);
    expect(rows).toEqual([
      { row: 2, displayName: 'Ann Lee', data: { relationship: 'Child', sharePercent: '50', deceased: true } },
      { row: 3, displayName: 'Bo Lee', data: { relationship: 'Spouse', deceased: false } },
    ]);
  });

  it('reads a BOM, quoted commas, quotes and line breaks, and numbers rows as a spreadsheet does', () => {
    const csv =
      '\uFEFFName,Research notes,Languages\n"Lee, Ann","Found via ""obituary""\nconfirmed",English; Spanish\n,,\nBo,,\n';
    const { rows } = readEntityRecordCsv(csv, fields);
    expect(rows).toEqual([
      {
        row: 2,
        displayName: 'Lee, Ann',
        data: { researchNotes: 'Found via "obituary"\nconfirmed', languages: ['English', 'Spanish'] },
      },
      // Row 3 is blank: no record, but the next keeps its spreadsheet number.
      { row: 4, displayName: 'Bo', data: {} },
    ]);
  });

  it('reports unknown columns and ignores them; reads the export’s Tags, Notes and Created', () => {
    const { rows, warnings } = readEntityRecordCsv(
      "Name,Favourite colour,Tags,Notes,Created,Born on\n'=Ann,blue,heir; vip,Call after 5,2025-01-01T00:00:00Z,3/7/1951\n",
      fields,
    );
    expect(warnings).toEqual([{ row: 1, path: 'Favourite colour', message: 'Unknown column: ignored' }]);
    expect(rows).toEqual([
      {
        row: 2,
        displayName: '=Ann',
        data: { bornOn: '1951-03-07' },
        tags: ['heir', 'vip'],
        notes: 'Call after 5',
      },
    ]);
  });

  it('refuses a file without a Name column, with a column twice, a broken quote or no rows (400)', () => {
    expect(refusal(() => readEntityRecordCsv('Deceased\nyes\n', fields))).toEqual({
      status: 400,
      errors: [{ path: 'csv', message: 'The file needs a Name column' }],
    });
    expect(refusal(() => readEntityRecordCsv('Name,Share %,sharePercent\nA,1,2\n', fields))).toEqual({
      status: 400,
      errors: [{ path: 'csv.sharePercent', message: 'This column appears twice' }],
    });
    expect(refusal(() => readEntityRecordCsv('Name\n"Ann\n', fields))).toEqual({
      status: 400,
      errors: [{ path: 'csv', message: 'The file has a quoted value that is never closed' }],
    });
    expect(refusal(() => readEntityRecordCsv('Name\n\n', fields))).toEqual({
      status: 400,
      errors: [{ path: 'csv', message: 'The file has no rows to import' }],
    });
    expect(refusal(() => readEntityRecordCsv('\n\n', fields))).toEqual({
      status: 400,
      errors: [{ path: 'csv', message: 'The first row must name the columns' }],
    });
  });

  it('refuses more than 10,000 rows (400)', () => {
    const csv = `Name\n${'Someone\n'.repeat(10_001)}`;
    expect(refusal(() => readEntityRecordCsv(csv, fields))).toEqual({
      status: 400,
      errors: [{ path: 'csv', message: 'The file can hold at most 10,000 rows' }],
    });
    expect(readEntityRecordCsv(`Name\n${'Someone\n'.repeat(10_000)}`, fields).rows).toHaveLength(10_000);
  });
});
