import { readFile, writeFile } from 'node:fs/promises';
import type { Row } from './harness';
import { latestHeading, measurementsTable } from './report';

/*
 * A part of the bench run alone (`--only-sync`, `--only-classes`) rewrites
 * only its own rows of the latest measurements table, and a line under the
 * table naming the run they are from: a part's run must not wipe figures it
 * did not measure.
 */

export interface BenchPart {
  /** A table row of this part (its measures all start alike). */
  row: RegExp;
  /** The start of the line under the table that names the part's run. */
  note: string;
}

/** The doc with the latest table's rows of `part` replaced by `rows` and a line naming their run; the rest kept as it was. */
export function withPartRows(doc: string, part: BenchPart, rows: readonly Row[], runLine: string): string {
  const start = doc.indexOf(`${latestHeading}\n`);
  if (start < 0) throw new Error(`docs/performance.md has no heading "${latestHeading}" for the rows`);
  const next = doc.indexOf('\n## ', start + latestHeading.length);
  const end = next < 0 ? doc.length : next + 1;
  const lines = doc
    .slice(start, end)
    .split('\n')
    .filter((line) => !part.row.test(line) && !line.startsWith(part.note));
  const lastRow = lines.findLastIndex((line) => line.startsWith('|'));
  if (lastRow < 0) throw new Error('the latest measurements have no table for the rows');
  const newRows = measurementsTable(rows).split('\n').slice(2);
  lines.splice(lastRow + 1, 0, ...newRows, '', `${part.note} ${runLine}`);
  // Blank lines the removed note left behind collapse to one.
  const section = lines.join('\n').replace(/\n{3,}/g, '\n\n');
  return `${doc.slice(0, start)}${section}${doc.slice(end)}`;
}

export async function writePartRows(docPath: string, part: BenchPart, rows: readonly Row[], runLine: string): Promise<void> {
  await writeFile(docPath, withPartRows(await readFile(docPath, 'utf8'), part, rows, runLine));
}
