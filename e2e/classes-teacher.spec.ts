import { expect, test, type Page } from '@playwright/test';
import { startAccountGateway, signInOnProviderPage, type AccountGateway } from './support/accountGateway';
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

let gateway: AccountGateway;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  gateway = await startAccountGateway();
});
test.afterAll(async () => {
  await gateway?.stop();
});

async function signInAsTeacher(page: Page): Promise<void> {
  await page.goto(`${gateway.url}/#/account`);
  await main(page).getByRole('link', { name: 'Sign in with Demo school' }).click();
  await signInOnProviderPage(page, TEACHER);
  await expect(main(page).getByText('Role: Teacher')).toBeVisible();
}

/** Types into the field the keyboard reaches, after tabbing to it. */
async function typeInto(page: Page, field: ReturnType<Page['getByLabel']>, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test('signed out, the Classes page says to sign in and links to the Account page', async ({ page }) => {
  await page.goto(`${gateway.url}/#/classes`);
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
  const link = `${gateway.url}/#/join/${plainCode}`;
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
  await page.goto(`${gateway.url}/#/classes`);
  await expect(main(page).getByRole('link', { name: 'Algebra 7B' })).toBeVisible();
  await expect(main(page).getByText('Year 7 · Maths · 0 students')).toBeVisible();
});
