import { expect, test, type Browser, type Page } from '@playwright/test';
import { appHeader } from './support/app';
import { scan } from './support/a11y';
import { attachScreens, LAPTOP, me, newDevice, PHONE, signIn, startAccountsWorld, type AccountsWorld } from './support/accounts';
import { heading1, tabTo } from './support/keyboard';

/*
 * A student's class screens against real gateways (server/node.ts on a real
 * PostgreSQL, the local OpenID provider), on a laptop and on a phone, by
 * keyboard alone: joining a class by its link with a first name only, the
 * dashboard's "Your assignments", an assigned quiz marked question by
 * question by the gateway ("Show me why" after a wrong answer, a reload
 * resuming the same attempt, the gateway's score), and "I need help",
 * which reaches the teacher. Each screen axe-clean in light and dark.
 */

test.describe.configure({ mode: 'serial' });

const TEACHER = 'teacher@studyforge.test';
const CLASS_NAME = 'Year 8 Science';
const TITLE = 'Water cycle quiz';
const TOPIC = 'The water cycle';

interface KeyedQuestion {
  question: string;
  options: string[];
  answer: string;
}

let world: AccountsWorld;
let teacher: Page;
let classId = '';
let joinCode = '';
let assignmentId = '';
let key: KeyedQuestion[] = [];

const main = (page: Page) => page.getByRole('main');

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(180_000);
  world = await startAccountsWorld({ env: { STUDYFORGE_TEACHERS: TEACHER } });
  // The teacher's class and assignment, made through the gateway's routes (the teacher's screens have their own flows).
  teacher = (await newDevice(browser, world.instances[0])).page;
  await signIn(teacher, TEACHER);
  const headers = { 'X-CSRF-Token': (await me(teacher.request)).csrfToken };
  const made = await teacher.request.post('/api/classes', { headers, data: { name: CLASS_NAME, allowNameJoin: true } });
  expect(made.ok(), await made.text()).toBe(true);
  const detail = (await made.json()) as { id: string; joinCode: string };
  classId = detail.id;
  joinCode = detail.joinCode;
  const assigned = await teacher.request.post(`/api/classes/${classId}/assignments`, {
    headers,
    data: { toolId: 'quiz-whiz', title: TITLE, note: 'Check each answer before the next one.', aiLevel: 'practice', presets: { topic: { value: TOPIC, locked: true } } },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  const assignment = (await assigned.json()) as { id: string; material: { content: unknown }[] };
  assignmentId = assignment.id;
  // The key as the teacher holds it: the flow answers by it, the student's page never has it.
  const content = assignment.material[0]?.content as KeyedQuestion[] | { data: KeyedQuestion[] };
  key = Array.isArray(content) ? content : content.data;
  expect(key.length).toBeGreaterThan(1);
});

test.afterAll(async () => {
  await teacher?.context().close();
  await world?.stop();
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await attachScreens(testInfo, world);
});

/** Checks an option by keyboard: Tab into the group lands on its first radio; Space checks it, each arrow moves on and checks. */
async function chooseByKeyboard(page: Page, question: KeyedQuestion, chosen: string): Promise<void> {
  const group = main(page).getByRole('group', { name: question.question });
  await tabTo(page, group.getByRole('radio').first());
  const steps = question.options.indexOf(chosen);
  if (steps === 0) await page.keyboard.press('Space');
  for (let step = 0; step < steps; step++) await page.keyboard.press('ArrowDown');
  await expect(group.getByRole('radio', { name: chosen, exact: true })).toBeChecked();
}

async function press(page: Page, name: string): Promise<void> {
  await tabTo(page, main(page).getByRole('button', { name, exact: true }));
  await page.keyboard.press('Enter');
}

for (const [device, viewport, firstName, at] of [
  ['laptop', LAPTOP, 'Mia', 0],
  ['phone', PHONE, 'Noah', 1],
] as const) {
  test(`on a ${device}: joins with a first name, takes the quiz and asks for help, by keyboard alone`, async ({ browser }) => {
    // Seven axe scans in two schemes and a quiz marked by the gateway: more than a flow's usual 30 s.
    test.setTimeout(180_000);
    const { page } = await newDevice(browser, world.instances[at], viewport);

    // The class's link, signed out: the class and its teacher named, the school sign-in, or a first name only.
    await page.goto(`#/join/${joinCode}`);
    await expect(heading1(page, `Join ${CLASS_NAME} (Demo Teacher)`)).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Sign in with your school account' })).toHaveAttribute('href', /^\/auth\/login\?provider=/);
    await scan(page, `${device}: join page, signed out`);
    const byName = main(page).getByRole('region', { name: 'Or join with your first name' });
    await tabTo(page, byName.getByRole('textbox', { name: 'First name' }));
    await page.keyboard.type(firstName);
    await tabTo(page, byName.getByRole('button', { name: 'Join class' }));
    await page.keyboard.press('Enter');
    // Signed in as a guest: the page loaded afresh in the class, and the header names them.
    await expect(page).toHaveURL(new RegExp(`#/classes/${classId}$`));
    await expect(appHeader(page).getByRole('link', { name: `${firstName}, your account` })).toBeVisible();

    // The dashboard lists the assignment; its link opens it.
    await page.goto('#/dashboard');
    const section = main(page).getByRole('region', { name: 'Your assignments' });
    await expect(section.getByRole('listitem').filter({ hasText: TITLE })).toContainText('Not started');
    await scan(page, `${device}: dashboard with Your assignments`);
    await tabTo(page, section.getByRole('link', { name: TITLE }));
    await page.keyboard.press('Enter');
    await expect(heading1(page, TITLE)).toBeVisible();
    await expect(main(page).getByText(TOPIC)).toBeVisible();
    await expect(main(page).getByText('Check each answer before the next one.')).toBeVisible();

    await press(page, 'Start quiz');
    await expect(main(page).getByText('AI-generated', { exact: true }).first()).toBeVisible();
    await scan(page, `${device}: a quiz question`);
    for (const [index, question] of key.entries()) {
      await expect(main(page).getByText(`Question ${index + 1} of ${key.length}`)).toBeVisible();
      // Not answered yet: nothing on the page says which option is right.
      await expect(main(page).getByText('Correct answer')).toHaveCount(0);
      // The first question wrong, to ask why; the rest right.
      const wrong = index === 0;
      await chooseByKeyboard(page, question, wrong ? (question.options.find((option) => option !== question.answer) ?? '') : question.answer);
      await press(page, 'Check answer');
      const verdict = main(page).getByRole('status').filter({ hasText: /^(Right!|Not quite)/ });
      await expect(verdict).toHaveText(wrong ? `Not quite. The answer is: ${question.answer}` : 'Right!');
      await expect(verdict).toBeFocused();
      if (wrong) {
        await press(page, 'Show me why');
        const why = main(page).getByRole('region', { name: 'Why this answer' });
        await expect(why.getByText('AI-generated', { exact: true })).toBeVisible({ timeout: 20_000 });
        await scan(page, `${device}: a wrong answer explained`);
        // A reload in the middle resumes the same attempt: the answered question's verdict, then the next question.
        await page.reload();
        await expect(main(page).getByText(`Question 2 of ${key.length}`)).toBeVisible();
        await expect(main(page).getByRole('region', { name: 'Your answers so far' })).toContainText(`The answer is: ${question.answer}`);
        continue;
      }
      await press(page, index === key.length - 1 ? 'Finish' : 'Next question');
    }
    const score = main(page).getByRole('status').filter({ hasText: 'You scored' });
    await expect(score).toHaveText(`You scored ${key.length - 1} out of ${key.length}`);
    await expect(score).toBeFocused();
    await scan(page, `${device}: the quiz finished`);

    // "I need help": a short note; the words saying it was sent take focus; the teacher has it.
    const note = `${firstName} is stuck on the first question`;
    await press(page, 'I need help');
    await expect(main(page).getByRole('textbox', { name: 'What do you need help with?' })).toBeFocused();
    await page.keyboard.type(note);
    await scan(page, `${device}: the help note`);
    await press(page, 'Send to my teacher');
    await expect(main(page).getByText('Your teacher has been told.')).toBeFocused();
    const results = await teacher.request.get(`/api/classes/${classId}/results?assignment=${assignmentId}`);
    expect(results.status(), await results.text()).toBe(200);
    const help = ((await results.json()) as { help: { name: string; note: string }[] }).help;
    expect(help).toContainEqual(expect.objectContaining({ name: firstName, note }));
    await page.context().close();
  });
}
