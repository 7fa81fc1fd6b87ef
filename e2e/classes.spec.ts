import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { appHeader } from './support/app';
import { signInOnProviderPage } from './support/accountGateway';
import { attachScreens, closeDevices, newDevice, signIn, signInEntry, startAccountsWorld, type AccountsWorld, type Instance } from './support/accounts';
import { answersOnScreen, quizOf, watchStudentTraffic, type KeyedQuestion, type StudentTraffic } from './support/answerKeyWatch';

/*
 * A class as a school runs it, in four browsers on a real PostgreSQL behind
 * two gateway instances: the teacher makes a class, two students join by its
 * link with the school account and a third by the code and a first name
 * only; the teacher assigns QuizWhiz on a locked topic at the practice
 * level; the students take it, each answer marked by the gateway, and the
 * answer key reaches a student only question by question; the teacher's
 * class view shows each score, the most-missed question and a call for help
 * as they happen, without a reload; the results export as .xlsx and CSV.
 * Students sit on both instances and the teacher on one, so live updates
 * cross between instances.
 */

// In order, in one worker, sharing the four browsers; each step signs in or waits on several servers: more than 30 s when busy.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const TEACHER = 'teacher@studyforge.test';
const CLASS_NAME = 'Year 9 History';
const TITLE = 'Great Depression check';
const TOPIC = 'The causes of the Great Depression';
/** A phrase only the teacher's hidden instructions hold: it must never reach a student. */
const SECRET = 'marker QX7 for the AI only';
const HELP_NOTE = 'I do not get question 3 about the banks';

interface Student {
  /** The school account's address, or null for the student who joins with a first name only. */
  email: string | null;
  /** The name the teacher sees. */
  name: string;
  /** Questions (0-based) this student gets wrong on purpose: question 3 is missed most. */
  misses: number[];
  page: Page;
  traffic: StudentTraffic;
}

let world: AccountsWorld;
let teacher: Page;
const students: Student[] = [];
let joinLink = '';
let joinCode = '';
let key: KeyedQuestion[] = [];

/** A live update goes student -> gateway -> database -> the other gateway -> the teacher's page: more than one click's wait on a busy machine. */
const LIVE = { timeout: 20_000 };

const main = (page: Page) => page.getByRole('main');
const scoreOf = (student: Student) => key.length - student.misses.length;
const resultsPanel = () => main(teacher).getByRole('region', { name: 'Results' });
/** The class view's students as the teacher reads them: name, status and score, in name order. */
async function studentRows(): Promise<string[][]> {
  const rows = resultsPanel().getByRole('table', { name: 'Students' }).locator('tbody tr');
  const read = await rows.evaluateAll((found) => found.map((row) => Array.from(row.children, (cell) => (cell.textContent ?? '').trim())));
  return read.map(([name = '', , status = '', score = '']) => [name, status, score]).sort((a, b) => a.join().localeCompare(b.join()));
}

/** What those rows should say once `finished` have handed in their quiz. */
function expectedRows(finished: readonly Student[]): string[][] {
  return students
    .map((student) => (finished.includes(student) ? [student.name, 'Finished', `${scoreOf(student)} / ${key.length}`] : [student.name, 'Not started', '—']))
    .sort((a, b) => a.join().localeCompare(b.join()));
}

/** The same path at another instance: the class's link names the teacher's instance; a student may be served by the other. */
const atInstance = (link: string, instance: Instance) => `${instance.url}/${new URL(link).hash}`;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  world = await startAccountsWorld({ env: { STUDYFORGE_TEACHERS: TEACHER } });
  const [first, second] = world.instances;
  teacher = (await newDevice(browser, first)).page;
  const device = async (instance: Instance, email: string | null, name: string, misses: number[]) => {
    const { page } = await newDevice(browser, instance);
    // Recorded from the first page load: everything the student's browser is ever given.
    students.push({ email, name, misses, page, traffic: watchStudentTraffic(page, () => key, SECRET) });
  };
  // A member shows in the class by the account's name, so the teacher tells each score's student apart.
  await device(second, 'student01@studyforge.test', 'Student 01', []);
  await device(first, 'student02@studyforge.test', 'Student 02', [2]);
  await device(second, null, 'Mia', [2, 4]);
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await attachScreens(testInfo, world);
});

test.afterAll(async () => {
  await closeDevices();
  await world?.stop();
});

test('the teacher makes a class that students may join with a first name only', async () => {
  await signIn(teacher, TEACHER);
  await appHeader(teacher).getByRole('link', { name: 'Classes' }).click();
  const form = main(teacher).getByRole('region', { name: 'New class' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(CLASS_NAME);
  await form.getByRole('textbox', { name: 'Grade', exact: true }).fill('9');
  await form.getByRole('textbox', { name: 'Subject', exact: true }).fill('History');
  await form.getByLabel(/first name only/).check();
  await form.getByRole('button', { name: 'Create class' }).click();

  await expect(main(teacher).getByRole('heading', { level: 1, name: CLASS_NAME })).toBeVisible();
  const joining = main(teacher).getByRole('region', { name: 'How students join' });
  joinCode = ((await joining.getByText(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/).textContent()) ?? '').trim();
  joinLink = (await joining.getByRole('link', { name: /\/#\/join\// }).getAttribute('href')) ?? '';
  expect(joinLink).toContain(`#/join/${joinCode.replace('-', '')}`);
});

test('two students join by the link with their school account, one by the code and a first name', async () => {
  const [first, second, guest] = students as [Student, Student, Student];
  for (const [student, instance] of [
    [first, world.instances[1]],
    [second, world.instances[0]],
  ] as const) {
    const { page } = student;
    // Signed out, the link offers the school account; the provider sends the student back to the same link, which joins.
    await page.goto(atInstance(joinLink, instance));
    await expect(main(page).getByRole('heading', { level: 1, name: `Join ${CLASS_NAME} (Demo Teacher)` })).toBeVisible();
    await main(page).getByRole('link', { name: 'Sign in with your school account' }).click();
    await signInOnProviderPage(page, student.email ?? '', /#\/join\/[A-Z0-9]+$/);
    await main(page).getByRole('button', { name: 'Join class' }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: CLASS_NAME })).toBeVisible();
  }

  // The code read off the board, typed with its dash; a first name, no account.
  const { page } = guest;
  await page.goto('#/join');
  await main(page).getByLabel('Class code').fill(joinCode.toLowerCase());
  await main(page).getByRole('button', { name: 'Find class' }).click();
  await expect(signInEntry(page)).toBeVisible();
  const byName = main(page).getByRole('region', { name: 'Or join with your first name' });
  await byName.getByLabel('First name').fill(guest.name);
  await byName.getByRole('button', { name: 'Join class' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: CLASS_NAME })).toBeVisible();
});

test('the teacher assigns QuizWhiz on a locked topic at the practice level', async () => {
  const panel = main(teacher).getByRole('region', { name: 'Assignments' });
  await panel.getByRole('button', { name: 'New assignment' }).click();
  const form = panel.getByRole('form', { name: 'New assignment' });
  await form.getByRole('radio', { name: 'Practice' }).check();
  await form.getByLabel('Tool', { exact: true }).selectOption({ label: 'QuizWhiz' });
  const topic = form.getByRole('group', { name: 'Topic or text' });
  await topic.getByLabel('Value').fill(TOPIC);
  await topic.getByLabel('Locked').check();
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE);
  await form.getByLabel('Note for students').fill('One question at a time. Do your best!');
  await form.getByLabel(/Instructions for the AI/).fill(`Never give the final answer; ask a guiding question. ${SECRET}`);
  const made = teacher.waitForResponse((response) => response.request().method() === 'POST' && /\/api\/classes\/[^/]+\/assignments$/.test(new URL(response.url()).pathname));
  await form.getByRole('button', { name: 'Assign' }).click();
  const reply = await made;
  expect(reply.status(), await reply.text()).toBe(200);
  // The key as the teacher has it (the gateway made the quiz): what no student may see before answering.
  key = quizOf(await reply.json());
  expect(key).toHaveLength(5);
  await expect(panel.getByRole('link', { name: TITLE })).toBeVisible();

  // The class view for it: everyone listed, no one started.
  await expect.poll(studentRows).toEqual(expectedRows([]));
  await expect(resultsPanel().getByText('No question has been missed yet.')).toBeVisible();
});

/** Marks the teacher's page: a reload or a navigation would lose the mark. */
const markTeacherPage = () => teacher.evaluate(() => Object.assign(window, { notReloaded: true }));
const teacherPageKept = () => teacher.evaluate(() => (window as { notReloaded?: boolean }).notReloaded === true);

async function takeQuiz(student: Student): Promise<void> {
  const { page, traffic } = student;
  // The assignment appeared after they joined: their class page, opened again, lists it.
  await page.reload();
  const opened = page.waitForResponse((response) => response.request().method() === 'GET' && /\/api\/classes\/[^/]+\/assignments\/[^/]+$/.test(new URL(response.url()).pathname));
  await main(page).getByRole('link', { name: TITLE }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  // The topic the teacher locked, as the student's copy has it: theirs to read, not to change.
  expect(((await (await opened).json()) as { presets?: unknown }).presets).toEqual({ topic: { value: TOPIC, locked: true } });
  expect(await answersOnScreen(page, key, traffic.answered)).toEqual([]);
  await main(page).getByRole('button', { name: 'Start quiz' }).click();
  await expect(main(page).getByText('AI-generated').first()).toBeVisible();

  for (const [index, question] of key.entries()) {
    const options = main(page).getByRole('group', { name: question.question, exact: true });
    await expect(options.getByRole('radio')).toHaveCount(question.options.length);
    // Shown, not yet answered: the page does not know which option is right.
    expect(await answersOnScreen(page, key, traffic.answered)).toEqual([]);
    const wrong = question.options.find((option) => option !== question.answer) ?? '';
    const chosen = student.misses.includes(index) ? wrong : question.answer;
    await options.getByRole('radio', { name: chosen, exact: true }).check();
    traffic.answered.add(index);
    await main(page).getByRole('button', { name: 'Check answer' }).click();
    // Answered: now, and only for this question, the right option is named.
    await expect(main(page).getByRole('status').filter({ hasText: /^(Right!|Not quite)/ })).toHaveText(
      chosen === question.answer ? 'Right!' : `Not quite. The answer is: ${question.answer}`,
    );
    await expect(options.locator('label', { hasText: 'Correct answer' })).toContainText(question.answer);
    expect(await answersOnScreen(page, key, traffic.answered)).toEqual([]);
    await main(page).getByRole('button', { name: index === key.length - 1 ? 'Finish' : 'Next question' }).click();
  }
  await expect(main(page).getByRole('status').filter({ hasText: 'You scored' })).toHaveText(`You scored ${scoreOf(student)} out of ${key.length}`);
}

test('the students take it; the teacher sees each score and the most-missed question arrive, without reloading', async () => {
  test.setTimeout(240_000);
  await markTeacherPage();
  for (const [index, student] of students.entries()) {
    await takeQuiz(student);
    await expect.poll(studentRows, LIVE).toEqual(expectedRows(students.slice(0, index + 1)));
  }
  // Question 3 was missed by two, question 5 by one: most missed first, with the wrong option chosen.
  const mostMissed = resultsPanel().getByRole('list', { name: 'Most missed' }).getByRole('listitem');
  await expect(mostMissed).toHaveCount(2, LIVE);
  await expect(mostMissed.first()).toContainText(key[2]!.question);
  await expect(mostMissed.first()).toContainText('2 of 3 wrong');
  await expect(mostMissed.nth(1)).toContainText(key[4]!.question);
  expect(await teacherPageKept()).toBe(true);

  for (const student of students) {
    expect(await student.traffic.jsonResponses(), `${student.name}: JSON responses seen`).toBeGreaterThan(5);
    expect(await student.traffic.leaks(), `${student.name}: the answer key or hidden instructions in a response`).toEqual([]);
  }
});

test('a student asks for help with a note, and the teacher sees it at once', async () => {
  const { page, name } = students[2]!;
  await main(page).getByRole('button', { name: 'I need help' }).click();
  await main(page).getByLabel('What do you need help with?').fill(HELP_NOTE);
  await main(page).getByRole('button', { name: 'Send to my teacher' }).click();
  await expect(main(page).getByText('Your teacher has been told.')).toBeVisible();

  const help = resultsPanel().getByRole('list', { name: /Help requests/ }).getByRole('listitem');
  await expect(help).toHaveCount(1, LIVE);
  await expect(help).toContainText(HELP_NOTE);
  await expect(help).toContainText(name);
  expect(await teacherPageKept()).toBe(true);
});

async function downloaded(label: string): Promise<Download> {
  const download = teacher.waitForEvent('download');
  await resultsPanel().getByRole('link', { name: label }).click();
  return download;
}

test('the results download as .xlsx and as CSV, one row per student with their score', async () => {
  const xlsx = await downloaded('Download Excel (.xlsx)');
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await xlsx.path());
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const column = (name: string) => header.indexOf(name) + 1;
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push({ name: row.getCell(column('Name')).value, score: row.getCell(column('Score')).value, total: row.getCell(column('Total')).value, help: row.getCell(column('Help requests')).value });
  });
  const inOrder = (list: Record<string, unknown>[]) => list.map((row) => JSON.stringify(row)).sort();
  expect(inOrder(rows)).toEqual(inOrder(students.map((student) => ({ name: student.name, score: scoreOf(student), total: key.length, help: student === students[2] ? 1 : 0 }))));

  const csv = await downloaded('Download CSV');
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const parsed = Papa.parse<Record<string, string>>((await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data.map((row) => [row.Name, row.Score]).sort()).toEqual(students.map((student) => [student.name, String(scoreOf(student))]).sort());
});
