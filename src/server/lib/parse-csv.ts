/*
 * CSV reading (RFC 4180, as spreadsheets write it): quoted fields with doubled quotes and line
 * breaks inside, CRLF, LF or CR line ends, and the byte-order mark Excel puts before UTF-8 text.
 * The reverse of the export writer in csv.ts.
 */

export const unterminatedQuoteMessage = 'The file has a quoted value that is never closed';

export class CsvFormatError extends Error {}

/** Every record as its cells; a trailing line end adds no empty record. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
  };
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += c;
  }
  if (quoted) throw new CsvFormatError(unterminatedQuoteMessage);
  if (field !== '' || row.length > 0) endRow();
  return rows;
}
