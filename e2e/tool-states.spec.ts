import { expect, test } from '@playwright/test';
import {
  exampleAnswer,
  fakeBackend,
  fillFromExample,
  generateButton,
  openTool,
  resultRegion,
  seedBackend,
  toolById,
} from './support/app';
import { expectedTextOf, loadRegistry } from './support/registry';

/*
 * A tool page's states (spec 4, 5): Generate disabled while required input is
 * blank, two-input tools, the slide-count rules, persistence across reloads,
 * and the loading state (busy label, disabled button, previous result cleared).
 */

const tools = await loadRegistry();
const essayBuddy = toolById(tools, 'essay-buddy');
const rubricBuilder = toolById(tools, 'rubric-builder');
const presentation = toolById(tools, 'presentation-generator');

/** Tools whose one required input is a single text or textarea field. */
for (const id of ['essay-buddy', 'smart-notes', 'concept-cracker']) {
  test(`${id}: Generate is disabled while the required input is blank or whitespace`, async ({ page }) => {
    const tool = toolById(tools, id);
    const required = tool.fields.filter((f) => f.required && (f.kind === 'text' || f.kind === 'textarea'));
    expect(required).toHaveLength(1);
    const input = page.getByLabel(required[0]!.label, { exact: true });

    await openTool(page, tool);
    await expect(input).toHaveValue('');
    await expect(generateButton(page, tool)).toBeDisabled();

    await input.fill('   \n\t  ');
    await expect(generateButton(page, tool)).toBeDisabled();

    await input.fill('  Photosynthesis ');
    await expect(generateButton(page, tool)).toBeEnabled();

    await input.fill('');
    await expect(generateButton(page, tool)).toBeDisabled();
  });
}

test('rubric-builder needs both the assignment type and the objectives', async ({ page }) => {
  await openTool(page, rubricBuilder);
  const assignmentType = page.getByLabel('Assignment type', { exact: true });
  const objectives = page.getByLabel('Learning objectives', { exact: true });

  // Spec 9: the assignment type defaults to 'Persuasive Essay'.
  await expect(assignmentType).toHaveValue('Persuasive Essay');
  await expect(objectives).toHaveValue('');
  await expect(generateButton(page, rubricBuilder)).toBeDisabled();

  await objectives.fill('Supports claims with relevant evidence');
  await expect(generateButton(page, rubricBuilder)).toBeEnabled();

  await assignmentType.fill('');
  await expect(generateButton(page, rubricBuilder)).toBeDisabled();
  await assignmentType.fill('   ');
  await expect(generateButton(page, rubricBuilder)).toBeDisabled();

  await assignmentType.fill('Lab Report');
  await objectives.fill('  ');
  await expect(generateButton(page, rubricBuilder)).toBeDisabled();
  await objectives.fill('Records results accurately');
  await expect(generateButton(page, rubricBuilder)).toBeEnabled();
});

test.describe('presentation-generator slide count', () => {
  test('defaults to 5', async ({ page }) => {
    await openTool(page, presentation);
    await expect(page.getByLabel('Number of slides', { exact: true })).toHaveValue('5');
  });

  test('20 is out of range: a field error, and nothing is sent', async ({ page }) => {
    await seedBackend(page);
    const backend = await fakeBackend(page, { json: exampleAnswer(presentation) });
    await openTool(page, presentation);
    await page.getByLabel('Presentation topic', { exact: true }).fill('The water cycle');
    const slides = page.getByLabel('Number of slides', { exact: true });
    await slides.fill('20');
    await generateButton(page, presentation).click();

    await expect(slides).toHaveAttribute('aria-invalid', 'true');
    await expect(slides).toHaveAccessibleDescription(/must be .*2.*15/i);
    await expect(resultRegion(page)).toHaveCount(0);
    expect(backend.requests).toHaveLength(0);

    // Back in range, the same form sends.
    await slides.fill('7');
    await generateButton(page, presentation).click();
    await expect(resultRegion(page)).toBeVisible();
    expect(backend.requests).toHaveLength(1);
    expect((backend.bodies()[0] as { contents: string }).contents).toContain('exactly 7 slides');
  });

  test('a blank slide count falls back to 5', async ({ page }) => {
    await seedBackend(page);
    const backend = await fakeBackend(page, { json: exampleAnswer(presentation) });
    await openTool(page, presentation);
    await page.getByLabel('Presentation topic', { exact: true }).fill('The water cycle');
    await page.getByLabel('Number of slides', { exact: true }).fill('');
    await expect(generateButton(page, presentation)).toBeEnabled();
    await generateButton(page, presentation).click();

    await expect(resultRegion(page)).toContainText(expectedTextOf(presentation));
    expect(backend.requests).toHaveLength(1);
    const { contents } = backend.bodies()[0] as { contents: string };
    expect(contents).toContain('exactly 5 slides');
  });
});

test('inputs and the result survive a reload', async ({ page }) => {
  await openTool(page, essayBuddy);
  const topic = page.getByLabel('Essay topic or question', { exact: true });
  const essayType = page.getByLabel('Essay type', { exact: true });
  await expect(essayType).toHaveValue('Argumentative');
  await topic.fill('Should homework be banned?');
  await essayType.selectOption('Reflective');
  await generateButton(page, essayBuddy).click();
  await expect(resultRegion(page)).toContainText(expectedTextOf(essayBuddy));

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: essayBuddy.title })).toBeVisible();
  await expect(page.getByLabel('Essay topic or question', { exact: true })).toHaveValue('Should homework be banned?');
  await expect(page.getByLabel('Essay type', { exact: true })).toHaveValue('Reflective');
  await expect(resultRegion(page)).toContainText(expectedTextOf(essayBuddy));
});

test('inputs typed without generating survive a reload', async ({ page }) => {
  await openTool(page, rubricBuilder);
  await page.getByLabel('Learning objectives', { exact: true }).fill('Cites sources');
  await page.reload();
  await expect(page.getByLabel('Learning objectives', { exact: true })).toHaveValue('Cites sources');
  await expect(page.getByLabel('Assignment type', { exact: true })).toHaveValue('Persuasive Essay');
  await expect(resultRegion(page)).toHaveCount(0);
});

test("while loading: 'Generating...', disabled, and the previous result is cleared", async ({ page }) => {
  await seedBackend(page);
  const backend = await fakeBackend(page, { json: exampleAnswer(essayBuddy) });
  await openTool(page, essayBuddy);
  await fillFromExample(page, essayBuddy);
  await generateButton(page, essayBuddy).click();
  await expect(resultRegion(page)).toContainText(expectedTextOf(essayBuddy));

  const release = backend.hold();
  await generateButton(page, essayBuddy).click();
  const busy = page.getByRole('button', { name: 'Generating...' });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  await expect(generateButton(page, essayBuddy)).toHaveCount(0);
  await expect(resultRegion(page)).toHaveCount(0);
  await expect.poll(() => backend.requests.length).toBe(2);

  // A second click while loading sends nothing more.
  await busy.click({ force: true });

  release();
  await expect(resultRegion(page)).toContainText(expectedTextOf(essayBuddy));
  await expect(generateButton(page, essayBuddy)).toBeEnabled();
  expect(backend.requests).toHaveLength(2);
});

test('a new request never destroys a good result: a failed or cancelled regenerate gives it back, with the error or notice beside it', async ({ page }) => {
  await seedBackend(page);
  const backend = await fakeBackend(page, { json: exampleAnswer(essayBuddy) });
  await openTool(page, essayBuddy);
  await fillFromExample(page, essayBuddy);
  await generateButton(page, essayBuddy).click();
  await expect(resultRegion(page)).toContainText(expectedTextOf(essayBuddy));

  backend.reply({ status: 500, json: { error: 'Model overloaded' } });
  await generateButton(page, essayBuddy).click();
  await expect(page.getByRole('alert')).toContainText('Model overloaded');
  await expect(resultRegion(page)).toContainText(expectedTextOf(essayBuddy));
  // Still there after a reload: the failed request never stored an empty result.
  await page.reload();
  await expect(resultRegion(page)).toContainText(expectedTextOf(essayBuddy));

  backend.reply({ json: exampleAnswer(essayBuddy) });
  backend.hold();
  await generateButton(page, essayBuddy).click();
  await expect(resultRegion(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(resultRegion(page)).toContainText(expectedTextOf(essayBuddy));
  await expect(generateButton(page, essayBuddy)).toBeEnabled();
});

test('pressing Enter while loading sends nothing more', async ({ page }) => {
  await seedBackend(page);
  const backend = await fakeBackend(page, { json: exampleAnswer(essayBuddy) });
  const release = backend.hold();
  await openTool(page, essayBuddy);
  await fillFromExample(page, essayBuddy);
  await generateButton(page, essayBuddy).click();
  await expect(page.getByRole('button', { name: 'Generating...' })).toBeDisabled();
  await page.getByLabel('Essay topic or question', { exact: true }).press('Enter');
  release();
  await expect(resultRegion(page)).toBeVisible();
  expect(backend.requests).toHaveLength(1);
});
