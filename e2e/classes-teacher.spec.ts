import { expect, test, type Page } from '@playwright/test';
import { gatewayForFile, signInFromAccountPage } from './support/accountGateway';
import { appHeader } from './support/app';
import { scan } from './support/a11y';
import { heading1, tabTo } from './support/keyboard';

/*
 * A teacher's class screens against a real gateway (server/node.ts) with
 * sign-in on through the local OpenID provider and the embedded database:
 * the Classes link, making a class, its code, link and QR code, and
 * assigning a quiz with a locked topic, all by keyboard alone, and each
 * screen axe-clean in the light and dark schemes.
 */

test.describe.configure({ mode: 'default' });

const TEACHER = 'teacher@studyforge.test';
const main = (page: Page) => page.getByRole('main');

const gateway = gatewayForFile();

async function signInAsTeacher(page: Page): Promise<void> {
  await signInFromAccountPage(page, gateway().url, TEACHER);
  await expect(main(page).getByText('Role: Teacher')).toBeVisible();
}

/** Types into the field the keyboard reaches, after tabbing to it. */
async function typeInto(page: Page, field: ReturnType<Page['getByLabel']>, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test('signed out, the Classes page says to sign in and links to the Account page', async ({ page }) => {
  await page.goto(`${gateway().url}/#/classes`);
  await expect(main(page).getByText('Sign in to use classes.')).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '#/account');
  await expect(appHeader(page).getByRole('link', { name: 'Classes' })).toHaveCount(0);
});

test('a teacher makes a class, shares its code and QR code, and assigns a quiz, by keyboard alone', async ({ page }) => {
  // A sign-in through the provider, six axe scans in two schemes and a quiz made on the server: more than a flow's usual 30 s.
  test.slow();
  await signInAsTeacher(page);

  // The account corner's Classes link, reached by Shift+Tab from the Account page's heading, up into the header.
  await tabTo(page, appHeader(page).getByRole('link', { name: 'Classes' }), { back: true });
  await page.keyboard.press('Enter');
  await expect(heading1(page, 'Classes')).toBeVisible();
  await expect(main(page).getByText('You have no classes yet. Make one below.')).toBeVisible();
  await scan(page, 'Classes, no classes yet');

  // "New class": a blank name is refused in the form, then the class is made.
  await tabTo(page, main(page).getByRole('button', { name: 'Create class' }));
  await page.keyboard.press('Enter');
  await expect(main(page).getByText('Name is required.')).toBeVisible();
  await typeInto(page, main(page).getByLabel(/^Name/), 'Algebra 7B');
  await typeInto(page, main(page).getByLabel('Grade'), 'Year 7');
  await typeInto(page, main(page).getByLabel('Subject'), 'Maths');
  await tabTo(page, main(page).getByRole('checkbox', { name: /first name only/ }));
  await page.keyboard.press('Space');
  await tabTo(page, main(page).getByRole('button', { name: 'Create class' }));
  await page.keyboard.press('Enter');

  // The class: its code in two groups, the link to the join page, its QR code.
  await expect(heading1(page, 'Algebra 7B')).toBeVisible();
  await expect(main(page).getByText('Year 7 · Maths')).toBeVisible();
  const code = main(page).locator('.join-code');
  await expect(code).toHaveText(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
  const plainCode = (await code.textContent())!.replace('-', '');
  const link = `${gateway().url}/#/join/${plainCode}`;
  await expect(main(page).getByRole('link', { name: link })).toHaveAttribute('href', link);
  const qr = main(page).getByRole('img', { name: 'QR code of the link to join Algebra 7B' });
  await expect(qr).toBeVisible();
  expect(await qr.locator('path').getAttribute('d')).toMatch(/^(M\d+ \d+h1v1h-1z){100,}$/);
  await expect(main(page).getByRole('checkbox', { name: /first name only/ })).toBeChecked();
  await scan(page, 'a new class: join panel and QR code');

  // "New assignment": QuizWhiz at the practice level, its topic preset and locked.
  await tabTo(page, main(page).getByRole('button', { name: 'New assignment' }));
  await page.keyboard.press('Enter');
  const tool = main(page).getByRole('combobox', { name: 'Tool' });
  await tabTo(page, tool);
  await page.keyboard.type('QuizWhiz');
  await expect(tool).toHaveValue('quiz-whiz');
  const topic = main(page).getByRole('group', { name: 'Topic or text' });
  await typeInto(page, topic.getByLabel('Value'), 'The water cycle');
  await tabTo(page, topic.getByRole('checkbox', { name: 'Locked' }));
  await page.keyboard.press('Space');
  await typeInto(page, main(page).getByLabel(/^Title/), 'Water cycle quiz');
  await typeInto(page, main(page).getByLabel('Instructions for the AI (students do not see these)'), 'Never give the answer away.');
  await scan(page, 'the New assignment form');
  await tabTo(page, main(page).getByRole('button', { name: 'Assign' }));
  await page.keyboard.press('Enter');

  // The assignment is listed; focus is back on "New assignment"; results for it show (no students yet).
  await expect(main(page).getByText('Assigned: Water cycle quiz.')).toBeVisible({ timeout: 20_000 });
  await expect(main(page).getByRole('button', { name: 'New assignment' })).toBeFocused();
  await expect(main(page).getByRole('link', { name: 'Water cycle quiz' })).toBeVisible();
  await expect(main(page).getByRole('combobox', { name: 'Assignment' })).toHaveValue(/.+/);
  await expect(main(page).getByRole('link', { name: 'Download Excel (.xlsx)' })).toHaveAttribute('href', /\/export\.xlsx\?assignment=/);
  await scan(page, 'a class with an assignment and its results');

  // The class is listed on the Classes page with its count of students.
  await page.goto(`${gateway().url}/#/classes`);
  await expect(main(page).getByRole('link', { name: 'Algebra 7B' })).toBeVisible();
  await expect(main(page).getByText('Year 7 · Maths · 0 students')).toBeVisible();
});

/** A JSON call as the signed-in browser makes it: its cookie, and the session's CSRF token on a change. */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const request = page.context().request;
  const { csrfToken } = (await (await request.get(`${gateway().url}/api/me`)).json()) as { csrfToken: string };
  const response = await request.fetch(`${gateway().url}${path}`, {
    method,
    headers: { 'X-CSRF-Token': csrfToken, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

test('the results update live as a student works, and a help request can be marked done, without a reload', async ({ page, browser }) => {
  test.slow();
  await signInAsTeacher(page);
  const made = await api<{ id: string; joinCode: string }>(page, 'POST', '/api/classes', { name: 'Science 8', grade: 'Year 8', subject: 'Science' });
  const assignment = await api<{ id: string }>(page, 'POST', `/api/classes/${made.id}/assignments`, {
    toolId: 'quiz-whiz',
    title: 'Water cycle',
    aiLevel: 'practice',
    presets: { topic: { value: 'The water cycle', shown: true, locked: true } },
    needsApproval: true,
  });
  await page.goto(`${gateway().url}/#/classes/${made.id}`);
  const results = main(page).getByRole('region', { name: 'Results' });
  await expect(results.getByText('No students in the class yet.')).toBeVisible();
  // The quiz the server made, answers shown, labelled as the AI's; approved by keyboard before students see it.
  await expect(results.getByText('For everyone: waiting for your approval')).toBeVisible();
  await expect(results.getByText('AI-generated')).toBeVisible();
  await expect(results.getByText(/\(answer\)$/).first()).toBeVisible();
  await scan(page, 'material waiting for approval');
  await tabTo(page, results.getByRole('button', { name: 'Approve for everyone' }));
  await page.keyboard.press('Enter');
  await expect(results.getByText('For everyone: approved')).toBeVisible();
  // Marks this page load: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { sameLoad: boolean }).sameLoad = true));

  // A student, in a browser of their own, joins and answers every question with its first option.
  const student = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const studentPage = await student.newPage();
    await signInFromAccountPage(studentPage, gateway().url, 'student01@studyforge.test');
    await api(studentPage, 'POST', '/api/join', { code: made.joinCode });
    const base = `/api/classes/${made.id}/assignments/${assignment.id}`;
    const view = await api<{ quiz: { options: string[] }[] }>(studentPage, 'GET', base);
    const attemptId = crypto.randomUUID();
    await api(studentPage, 'POST', `${base}/attempts`, { attemptId });
    const verdicts: { correct: boolean }[] = [];
    for (const [question, { options }] of view.quiz.entries()) {
      verdicts.push(await api(studentPage, 'POST', `${base}/attempts/${attemptId}/answers`, { question, chosen: options[0] }));
    }
    await api(studentPage, 'POST', `${base}/attempts/${attemptId}/finish`, {});
    const score = verdicts.filter((verdict) => verdict.correct).length;

    // The teacher's screen shows it as it arrives: their score, and (with a miss) the most-missed question.
    const row = results.getByRole('table', { name: 'Students' }).locator('tbody tr');
    await expect(row).toContainText('Finished');
    await expect(row).toContainText(`${score} / ${view.quiz.length}`);
    if (score < view.quiz.length) await expect(results.getByRole('list', { name: 'Most missed' })).toContainText('Wrong answers chosen most');
    await expect(main(page).locator('[aria-live="polite"]').filter({ hasText: /^Results updated: 1 of 1 finished\./ })).toBeAttached();

    await api(studentPage, 'POST', `${base}/help`, { note: 'I do not get evaporation' });
    await expect(results.getByText('I do not get evaporation')).toBeVisible();
    await tabTo(page, results.getByRole('button', { name: /^Mark as done/ }));
    await page.keyboard.press('Enter');
    await expect(results.getByText('No one is asking for help.')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameLoad?: boolean }).sameLoad)).toBe(true);
    await scan(page, 'a class with live results and a help request done');
  } finally {
    await student.close();
  }
});
