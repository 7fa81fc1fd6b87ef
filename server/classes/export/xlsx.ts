import type { ExportTable } from './table';

/*
 * The results as an .xlsx workbook, made with exceljs. exceljs is large, so
 * it is imported here, when a teacher asks for the file, and never when the
 * gateway starts. The header row is bold and frozen (it stays in view while
 * scrolling a long class); scores are numbers, so the sheet can sum them.
 */

export async function toXlsx(table: ExportTable, sheetTitle: string): Promise<Uint8Array<ArrayBuffer>> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'StudyForge';
  const sheet = workbook.addWorksheet('Results', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.header.map((header, index) => ({ header, key: `c${index}`, width: index === 0 ? 24 : Math.max(8, header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row.map((cell) => cell ?? undefined));
  sheet.getColumn(table.scoreColumn + 1).numFmt = '0';
  workbook.title = sheetTitle;
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
