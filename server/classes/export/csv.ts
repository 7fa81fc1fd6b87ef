import type { ExportTable, ExportCell } from './table';

/*
 * The results as CSV (RFC 4180, CRLF lines, a UTF-8 byte order mark so a
 * spreadsheet reads accented names right). A text cell a spreadsheet would
 * run as a formula (starting with = + - @, a tab or a carriage return: a
 * student can type any name) is prefixed with ' so it shows as text.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(cell: ExportCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(table: ExportTable): string {
  const lines = [table.header, ...table.rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
