import { expect, test } from '@playwright/test';
import { messages } from '../src/kernel/messages';
import { exampleAnswer, fakeBackend, fillFromExample, generateButton, openTool, resultRegion, seedBackend, toolById } from './support/app';
import { expectedTextOf, loadRegistry } from './support/registry';

/*
 * Faults around a request, and the retry after one, each with
 * what the user sees: too slow, offline mid-request, leaving the page, a
 * double click, one tool's slow answer and another tool, and answers of the
 * wrong shape. Inputs are never lost and the form always stays usable.
 */

const tools = await loadRegistry();
const essayBuddy = toolById(tools, 'essay-buddy');
const smartNotes = toolById(tools, 'smart-notes');
// Every test here is one fault case, counted in the run's summary (e2e/support/summaryReporter.ts).
test.beforeEach(({}, testInfo) => {
  testInfo.annotations.push({ type: 'fault-case', description: testInfo.title });
});

test('an answer that takes too long says so, and Try again works', async ({ page }) => {
  await page.clock.install();
  await seedBackend(page);
  const backend = await fakeBackend(page, { json: exampleAnswer(essayBuddy) });
  const release = backend.hold();
  await openTool(page, essayBuddy);
  await fillFromExample(page, essayBuddy);
  await generateButton(page, essayBuddy).click();
  await expect(page.getByRole('button', { name: 'Generating...' })).toBeDisabled();
  await page.clock.runFor(120_000);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(messages.timedOut);
  await expect(page.getByLabel('Essay topic or question')).toHaveValue((essayBuddy.example.input as { topic: string }).topic);
  release();
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(resultRegion(page)).toContainText(expectedTextOf(essayBuddy));
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('going offline mid-request says so; back online, Try again works', async ({ page, context }) => {
  await seedBackend(page);
  const backend = await fakeBackend(page, { json: exampleAnswer(essayBuddy) });
  const release = backend.hold();
  await openTool(page, essayBuddy);
  await fillFromExample(page, essayBuddy);
  await generateButton(page, essayBuddy).click();
  await expect(page.getByRole('button', { name: 'Generating...' })).toBeDisabled();
  await context.setOffline(true);
  await expect(page.getByRole('alert')).toContainText(messages.wentOffline);
  await context.setOffline(false);
  release();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(resultRegion(page)).toContainText(expectedTextOf(essayBuddy));
});

test('leaving the tool mid-request stops it; nothing arrives later, here or elsewhere', async ({ page }) => {
  await seedBackend(page);
  const backend = await fakeBackend(page, { json: exampleAnswer(essayBuddy) });
  const release = backend.hold();
  await openTool(page, essayBuddy);
  await fillFromExample(page, essayBuddy);
  await generateButton(page, essayBuddy).click();
  await expect(page.getByRole('button', { name: 'Generating...' })).toBeDisabled();

  await page.goto(`#/${smartNotes.id}`);
  await expect(page.getByRole('heading', { level: 1, name: smartNotes.title })).toBeVisible();
  release();
  await page.waitForTimeout(300); // Give a stray answer the chance to land, if it could.
  await expect(resultRegion(page)).toHaveCount(0);

  await page.goto(`#/${essayBuddy.id}`);
  await expect(page.getByText(messages.leftPage)).toBeVisible();
  await expect(resultRegion(page)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(generateButton(page, essayBuddy)).toBeEnabled();
});

test("a slow answer for one tool never lands in another tool's page", async ({ page }) => {
  await seedBackend(page);
  const slowText = 'SLOW ANSWER FOR ESSAY BUDDY';
  const backend = await fakeBackend(page, (request) =>
    (request.postDataJSON() as { config?: unknown }).config
      ? { json: { text: JSON.stringify({ ...(essayBuddy.example.output as object), thesis: slowText }) } }
      : { json: { text: '## Summary\nNotes from SmartNotes.' } },
  );
  const release = backend.hold();
  await openTool(page, essayBuddy);
  await fillFromExample(page, essayBuddy);
  await generateButton(page, essayBuddy).click();
  await page.goto(`#/${smartNotes.id}`);
  release();
  await fillFromExample(page, smartNotes);
  await generateButton(page, smartNotes).click();
  await expect(resultRegion(page)).toContainText('Notes from SmartNotes.');
  await expect(page.getByText(slowText)).toHaveCount(0);
});

test('a double click on Generate sends one request', async ({ page }) => {
  await seedBackend(page);
  const backend = await fakeBackend(page, { json: exampleAnswer(essayBuddy) });
  await openTool(page, essayBuddy);
  await fillFromExample(page, essayBuddy);
  await generateButton(page, essayBuddy).dblclick();
  await expect(resultRegion(page)).toContainText(expectedTextOf(essayBuddy));
  expect(backend.requests).toHaveLength(1);
});

test('an answer of the wrong shape is asked for once more, telling the model what was wrong', async ({ page }) => {
  await seedBackend(page);
  let calls = 0;
  const backend = await fakeBackend(page, () => {
    calls += 1;
    return calls === 1 ? { json: { text: '{"thesis": 42}' } } : { json: exampleAnswer(essayBuddy) };
  });
  await openTool(page, essayBuddy);
  await fillFromExample(page, essayBuddy);
  await generateButton(page, essayBuddy).click();
  await expect(resultRegion(page)).toContainText(expectedTextOf(essayBuddy));
  expect(backend.requests).toHaveLength(2);
  const retry = (backend.bodies()[1] as { contents: string }).contents;
  expect(retry).toContain('Your previous answer could not be used because it did not fit the required structure');
  expect(retry).toContain('at thesis');
});

test('two unusable answers in a row show the invalid-format message, and nothing unvalidated', async ({ page }) => {
  await seedBackend(page);
  const backend = await fakeBackend(page, { json: { text: 'Sure! Here is your plan: ...' } });
  await openTool(page, essayBuddy);
  await fillFromExample(page, essayBuddy);
  await generateButton(page, essayBuddy).click();
  await expect(page.getByRole('alert')).toContainText('The AI returned an invalid format. Please try again.');
  expect(backend.requests).toHaveLength(2);
  expect((backend.bodies()[1] as { contents: string }).contents).toContain('because it was not valid JSON');
  await expect(resultRegion(page)).toHaveCount(0);
  await expect(page.getByText('Sure! Here is your plan')).toHaveCount(0);
});

test('a backend that cannot be reached says where it tried', async ({ page }) => {
  await seedBackend(page);
  await fakeBackend(page, { abort: 'connectionrefused' });
  await openTool(page, essayBuddy);
  await fillFromExample(page, essayBuddy);
  await generateButton(page, essayBuddy).click();
  await expect(page.getByRole('alert')).toContainText('Could not reach the AI backend at http://127.0.0.1:9/backend');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
});
