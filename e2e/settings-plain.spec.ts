import { expect, test, type Page, type Request } from '@playwright/test';
import { CONNECTION_TEST_PROMPT } from '../src/features/settings/testConnection';
import { fakeBackend, fillFromExample, generateButton, openTool, seedBackend, toolById } from './support/app';
import { heading1, scan, tools } from './support/a11y';

/*
 * Settings in plain words: Theme and the own AI key first,
 * the backend contract's fields folded under Advanced, a Test connection that
 * reports what a tool would meet, and errors that name Settings linking there.
 */

const advanced = "Advanced (for a school's own backend)";
const connected = 'Connected: the offline sample backend. It answers every tool with a built-in example, not an AI model, and nothing leaves this browser.';
// Nothing listens on the discard port: the address where a backend is not.
const nowhere = 'http://127.0.0.1:9';

const testButton = (page: Page) => page.getByRole('button', { name: 'Test connection' });
const testSection = (page: Page) => page.getByRole('region', { name: 'Check the connection' });

/** Every request the page makes to another origin than the app's own. */
function requestsElsewhere(page: Page): Request[] {
  const seen: Request[] = [];
  const own = new URL(page.url() || 'http://127.0.0.1/').origin;
  page.on('request', (request) => {
    if (!request.url().startsWith('http')) return; // data: and blob: URLs go nowhere
    if (new URL(request.url()).origin !== own) seen.push(request);
  });
  return seen;
}

test('Settings opens with Theme and the own AI key; the backend fields wait under Advanced', async ({ page }) => {
  await page.goto('#/settings');
  await expect(heading1(page, 'Settings')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.locator('h2, summary')).toHaveText(['Appearance', 'Use your own AI key', advanced, 'Check the connection', 'Names', 'Delete all my data']);
  await expect(page.getByRole('group', { name: 'Theme' })).toBeVisible();

  // Nothing is set, so Advanced is closed: no developer words on screen.
  const backendUrl = page.getByLabel('Backend URL');
  await expect(backendUrl).toBeHidden();
  await expect(page.getByLabel('Public client key')).toBeHidden();
  await expect(main).not.toContainText('functions/v1/gemini', { useInnerText: true });
  await expect(main).not.toContainText('bearer', { useInnerText: true, ignoreCase: true });

  await page.getByText(advanced, { exact: true }).click();
  await expect(backendUrl).toBeVisible();
  await expect(page.getByLabel('Public client key')).toBeVisible();
  await expect(page.getByLabel('Transcription service URL')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeVisible();
});

test('Advanced opens by itself when its fields hold values', async ({ page }) => {
  await seedBackend(page);
  await page.goto('#/settings');
  await expect(page.getByLabel('Backend URL')).toBeVisible();
  await expect(page.getByLabel('Backend URL')).toHaveValue('http://127.0.0.1:9/backend');
});

test('Test connection: success on the sample backend, sending nothing; the exact error where nothing listens', async ({ page }) => {
  await page.goto('#/settings');
  await expect(heading1(page, 'Settings')).toBeVisible();
  const elsewhere = requestsElsewhere(page);

  await testButton(page).click();
  await expect(testSection(page)).toContainText(connected);
  expect(elsewhere).toEqual([]);

  // Typed, not saved: the test tries what is on screen.
  await page.getByText(advanced, { exact: true }).click();
  await page.getByLabel('Backend URL').fill(nowhere);
  await page.getByLabel('Public client key').fill('school-public-key');
  // The result was for other settings: it goes.
  await expect(testSection(page)).not.toContainText('Connected:');
  await testButton(page).click();
  await expect(testSection(page)).toContainText(
    'Could not reach the AI backend at http://127.0.0.1:9. Check your connection, or the backend URL in Settings.',
  );
  // One request, to the contract's address, carrying the fixed prompt and nothing else.
  expect(elsewhere.map((r) => r.url())).toEqual([`${nowhere}/functions/v1/gemini`]);
  expect(elsewhere[0]!.postDataJSON()).toEqual({ contents: CONNECTION_TEST_PROMPT });
  expect(await elsewhere[0]!.headerValue('authorization')).toBe('Bearer school-public-key');
  // Nothing was saved by testing.
  await page.reload();
  await expect(heading1(page, 'Settings')).toBeVisible();
  await expect(page.getByLabel('Backend URL')).toBeHidden();

  // An address that is not one is named before anything is sent.
  await page.getByText(advanced, { exact: true }).click();
  await page.getByLabel('Backend URL').fill('not a url');
  await testButton(page).click();
  await expect(testSection(page)).toContainText('Enter a full address starting with http:// or https://.');
});

test("Test connection reports the backend's own error, runs once at a time, and can be cancelled", async ({ page }) => {
  const backend = await fakeBackend(page, { status: 401, json: { error: 'Invalid JWT' } });
  await page.goto('#/settings');
  await page.getByText(advanced, { exact: true }).click();
  await page.getByLabel('Backend URL').fill('http://127.0.0.1:9/school');
  await testButton(page).click();
  await expect(testSection(page)).toContainText('Invalid JWT');

  backend.reply({ status: 500, body: 'upstream exploded', contentType: 'text/plain' });
  await testButton(page).click();
  await expect(testSection(page)).toContainText('Request failed with status 500');

  const release = backend.hold();
  backend.reply({ json: { text: 'OK' } });
  const before = backend.requests.length;
  await testButton(page).click();
  await expect(testSection(page)).toContainText('Testing the connection...');
  await expect(testButton(page)).toHaveAttribute('aria-disabled', 'true');
  // A second press while it runs (the button is aria-disabled, but still pressable) starts nothing.
  await testButton(page).click({ force: true });
  await testSection(page).getByRole('button', { name: 'Cancel test' }).click();
  await expect(testSection(page)).toContainText('Cancelled.');
  expect(backend.requests.length - before).toBe(1);
  release();

  await testButton(page).click();
  await expect(testSection(page)).toContainText('Connected: the backend at http://127.0.0.1:9/school answered.');
});

test('a tool error that names Settings links there', async ({ page }) => {
  const smartNotes = toolById(tools, 'smart-notes');
  await seedBackend(page, nowhere);
  await openTool(page, smartNotes);
  await fillFromExample(page, smartNotes);
  await generateButton(page, smartNotes).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Error' });
  // The spec's box and our message, word for word; only the word Settings became a link.
  await expect(alert).toContainText('Could not reach the AI backend at http://127.0.0.1:9. Check your connection, or the backend URL in Settings.');
  const link = alert.getByRole('link', { name: 'Settings' });
  await expect(link).toHaveAttribute('href', '#/settings');
  await link.click();
  await expect(heading1(page, 'Settings')).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#/settings');
  // The setting to fix is on screen: Advanced is open because it holds the address.
  await expect(page.getByLabel('Backend URL')).toHaveValue(nowhere);
});

test('Settings is axe clean in light and dark, Advanced open, with a test result and a field error', async ({ page }) => {
  // Three scans, each in both schemes (about 8 s apiece on 2 busy cores): more than the default 30 s, as in a11y-screens.spec.ts.
  test.setTimeout(90_000);
  await page.goto('#/settings');
  await expect(heading1(page, 'Settings')).toBeVisible();
  await scan(page, 'settings, as it opens');
  await testButton(page).click();
  await expect(testSection(page)).toContainText(connected);
  await page.getByText(advanced, { exact: true }).click();
  await page.getByLabel('Backend URL').fill(nowhere);
  await testButton(page).click();
  await expect(testSection(page)).toContainText('Could not reach the AI backend');
  await scan(page, 'settings: Advanced open, a failed test');
  await page.getByLabel('Backend URL').fill('not a url');
  await expect(page.getByLabel('Backend URL')).toHaveAttribute('aria-invalid', 'true');
  await scan(page, 'settings: a field error');
});
