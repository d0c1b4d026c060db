import { describe, expect, it } from 'vitest';
import { csvCell, csvLines, csvRow, exportFilename } from './csv';

describe('csvCell', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    ['plain', 'plain'],
    ['', ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
    ['"', '""""'],
    [42, '42'],
    [-5, '-5'],
    [12.5, '12.5'],
    [true, 'true'],
    [['vip', 'hot'], 'vip; hot'],
    [[], ''],
    [new Date('2025-03-01T12:00:00Z'), '2025-03-01T12:00:00.000Z'],
    [{ county: 'Cook' }, '"{""county"":""Cook""}"'],
  ])('%j → %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
    // Guarded first, then quoted: the quote is part of the cell.
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['a=b', 'a=b'],
  ])('guards the formula %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('csvRow', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(csvRow(['Ann', null, 'x,y', 3])).toBe('Ann,,"x,y",3\r\n');
  });
});

async function* sampleBatches() {
  yield [{ name: 'Ann', n: 1 }];
  yield [];
  yield [
    { name: 'Bo, Jr.', n: 2 },
    { name: '=evil()', n: 3 },
  ];
}

describe('csvLines', () => {
  it('writes the header, then each batch, skipping empty ones', async () => {
    const chunks: string[] = [];
    for await (const chunk of csvLines(
      [
        { header: 'name', value: (row: { name: string; n: number }) => row.name },
        { header: 'n', value: (row: { name: string; n: number }) => row.n },
      ],
      sampleBatches(),
    )) {
      chunks.push(chunk);
    }
    expect(chunks).toEqual(['name,n\r\n', 'Ann,1\r\n', '"Bo, Jr.",2\r\n\'=evil(),3\r\n']);
  });
});

describe('exportFilename', () => {
  it('dates the file in UTC', () => {
    expect(exportFilename('leads', new Date('2025-03-01T23:30:00-05:00'))).toBe('leads-2025-03-02.csv');
  });
});
