/*
 * Text that a spreadsheet may open as a cell, kept text (OWASP, "CSV
 * Injection"). Excel, LibreOffice and Google Sheets read a cell that starts
 * with = + - or @ as a formula, after any leading spaces too, and a cell
 * that starts with a tab or carriage return can hide one; so a model answer
 * such as =HYPERLINK("http://…","Click") or =IMPORTXML(…) would run (fetch a
 * URL, leak the sheet) when a teacher opens the export. Such a cell gets a
 * single quote in front, the mark spreadsheets themselves use for "this is
 * text": nothing else changes, and nothing is ever removed.
 *
 * Every cell starting with one of those characters gets it, also ordinary
 * ones such as "-3 °C", "- a bullet" or "+44 20…": a spreadsheet reads
 * those as formulas as well (they open as #NAME? or as a sum), so the quote
 * is what keeps them readable there. A plain number loses nothing either:
 * it opens as the text it was written as.
 */

const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/;

/** The cell as a spreadsheet will show it as text: a quote in front when it would start a formula. */
export function inertCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
