import ExcelJS from 'exceljs';
import { afterEach, expect, it } from 'vitest';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { classWorld, type ClassWorld } from './testing/classWorld';
import { addAttempt, addHelp, addWork } from './testing/resultRows';

/*
 * A class's results as files a teacher opens in a spreadsheet: the .xlsx
 * read back with exceljs's own reader and the CSV parsed back, each with
 * one row per student (those who have not started too) and the scores the
 * class view shows. A name a spreadsheet would run as a formula arrives as
 * text in the CSV, and the file name is safe whatever the titles hold.
 */

const worlds: ClassWorld[] = [];
afterEach(async () => {
  await Promise.all(worlds.splice(0).map((world) => world.stop()));
});

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 9, minute));
const FORMULA_NAME = '=HYPERLINK("http://evil.test","Sam")';

/** RFC 4180 read back: quoted cells with "" inside, commas and CRLF between. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') row.push(cell), (cell = '');
    else if (char === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    else cell += char;
  }
  return rows;
}

describeOnBothDatabases('class result exports', (open) => {
  async function classWithWork() {
    const world = await classWorld(await open());
    worlds.push(world);
    const { db, teacher, students } = world;
    const [sam, sara, sid] = students;
    const { id: classId } = await world.createClassAs(teacher, 'Year 7: Science/"Blue" group');
    for (const student of students) await world.joinAs(student, classId);
    const assignmentId = await world.assignQuizAs(teacher, classId, { title: 'Planets & plants?' });
    // A student can type any name when joining by code: this one would be a formula in a spreadsheet.
    await db.system.updateTable('class_members').set({ display_name: FORMULA_NAME, group_name: 'Blue' }).where('user_id', '=', sam.id).execute();
    await addAttempt(db, sam, classId, assignmentId, { answers: [[0, 'Mercury'], [1, 'Oxygen'], [2, 'Six']], startedAt: at(0), finishedAt: at(4) });
    await addAttempt(db, sara, classId, assignmentId, { answers: [[0, 'Venus']], startedAt: at(1) });
    await addWork(db, sam, classId, assignmentId, 'time', { seconds: 150 });
    await addHelp(db, sara, classId, assignmentId, 'Help, please');
    await addHelp(db, sara, classId, assignmentId, 'Still stuck');
    return { world, classId, assignmentId, sid };
  }

  const HEADER = ['Name', 'Group', 'Status', 'Score', 'Total', 'Q1', 'Q2', 'Q3', 'Minutes spent', 'Help requests'];

  it('the .xlsx opens with a real reader: a frozen header, one row per student, numeric scores', async () => {
    const { world, classId, assignmentId } = await classWithWork();
    const response = await world.request(world.teacher, 'GET', `/api/classes/${classId}/export.xlsx?assignment=${assignmentId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Year 7 Science Blue group - Planets plants.xlsx"');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('Results');
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1)).toEqual([
      // A formula-looking name is a plain text cell in a workbook: nothing runs.
      [FORMULA_NAME, 'Blue', 'Finished', 2, 3, 'right', 'wrong', 'right', 2.5, 0],
      ['Sara', undefined, 'Started', 0, 3, 'wrong', 'blank', 'blank', 0, 2],
      ['Sid', undefined, 'Not started', undefined, undefined, 'blank', 'blank', 'blank', 0, 0],
    ]);
    expect(sheet?.getRow(2).getCell(4).type).toBe(ExcelJS.ValueType.Number);
  });

  it('the CSV parses back to the same rows, with a formula-like name made text', async () => {
    const { world, classId, assignmentId } = await classWithWork();
    const response = await world.request(world.teacher, 'GET', `/api/classes/${classId}/export.csv?assignment=${assignmentId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Year 7 Science Blue group - Planets plants.csv"');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith('\uFEFF')).toBe(true);

    expect(parseCsv(text.slice(1))).toEqual([
      HEADER,
      [`'${FORMULA_NAME}`, 'Blue', 'Finished', '2', '3', 'right', 'wrong', 'right', '2.5', '0'],
      ['Sara', '', 'Started', '0', '3', 'wrong', 'blank', 'blank', '0', '2'],
      ['Sid', '', 'Not started', '', '', 'blank', 'blank', 'blank', '0', '0'],
    ]);
  });
});
