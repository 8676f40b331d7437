/*
 * CSV that a spreadsheet opens as the text it holds, never as a formula. A cell a teacher
 * or a pupil typed (a title, a name, a comment) that starts with =, +, -, @, a tab or a
 * carriage return would be run by Excel, LibreOffice or Google Sheets as a formula (which
 * can fetch addresses or, with DDE, start programs). Such a cell is written with a leading
 * apostrophe, which the spreadsheets show as text and do not display (OWASP's advice).
 */

/** The characters that make a spreadsheet read a cell as a formula, with their full-width forms. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** One cell, made safe and quoted: every cell is quoted, and its quotes doubled. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  // Spreadsheets skip leading spaces before deciding what a cell is.
  if (typeof value === 'string' && FORMULA_START.test(text.trimStart())) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * A whole CSV file: UTF-8 with a byte-order mark (so Excel reads names like Zoë and Łukasz
 * correctly) and CRLF line ends, as RFC 4180 writes them.
 */
export function csvFile(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>) {
  const body = rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
  return Buffer.from(`\uFEFF${body}\r\n`, 'utf8');
}
