import { describe, expect, it } from 'vitest';
import { csvRow } from './csv';
import { CsvFormatError, parseCsv } from './parse-csv';

describe('parseCsv', () => {
  it('reads records with CRLF, LF or CR line ends and no empty record after the last', () => {
    expect(parseCsv('a,b\r\n1,2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a,b\r1,2\r')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reads quoted commas, doubled quotes and line breaks inside quotes', () => {
    expect(parseCsv('"Smith, Ann","say ""hi""","two\nlines",plain\n')).toEqual([
      ['Smith, Ann', 'say "hi"', 'two\nlines', 'plain'],
    ]);
  });

  it('drops the byte-order mark and keeps empty cells', () => {
    expect(parseCsv('\uFEFFName,County\n,Orange\nLot 4,\n')).toEqual([
      ['Name', 'County'],
      ['', 'Orange'],
      ['Lot 4', ''],
    ]);
  });

  it('reads back what the export writes', () => {
    const values = ['Ann "the heir" Lee', 'a,b', 'line\r\nbreak', '', 42];
    expect(parseCsv(csvRow(values) + csvRow(['x']))).toEqual([
      ['Ann "the heir" Lee', 'a,b', 'line\r\nbreak', '', '42'],
      ['x'],
    ]);
  });

  it('refuses a quote that is never closed', () => {
    expect(() => parseCsv('Name\n"Open ended\n')).toThrow(CsvFormatError);
  });

  it('reads an empty text as no records', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF')).toEqual([]);
  });
});
