import { expect, test, type Page } from '@playwright/test';
import { fillFromExample, generateButton, openTool, resultRegion, toolById } from './support/app';
import { answer, expectQuestion, itemsOf, quizWhiz, tools } from './support/quiz';

/*
 * A result lands in sight. After Generate the result's
 * heading is on screen and focused, on a laptop and on a phone; a quiz folds
 * its form into one line once it is under way, so each question is in view.
 */

const sizes = [
  { name: 'laptop', viewport: { width: 1366, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const essayBuddy = toolById(tools, 'essay-buddy');

/** The element's box is wholly inside the viewport (not under the sticky header). */
async function expectBelowHeader(page: Page, name: string) {
  const heading = resultRegion(page).getByRole('heading', { level: 2, name });
  await expect(heading).toBeInViewport({ ratio: 1 });
  // Polled: the scroll is smooth unless the person asked for reduced motion.
  await expect
    .poll(async () => {
      const header = await page.locator('.app-header').boundingBox();
      const box = await heading.boundingBox();
      return box !== null && header !== null && box.y >= header.y + header.height - 1;
    }, { message: 'the heading is below the sticky header, not under it' })
    .toBe(true);
}

for (const size of sizes) {
  test.describe(`on a ${size.name} (${size.viewport.width}x${size.viewport.height})`, () => {
    test.use({ viewport: size.viewport });

    test('after Generate the result heading is in view and has focus', async ({ page }) => {
      await openTool(page, essayBuddy);
      await fillFromExample(page, essayBuddy);
      await generateButton(page, essayBuddy).click();
      const heading = resultRegion(page).getByRole('heading', { level: 2, name: 'Result' });
      await expect(heading).toBeFocused();
      await expectBelowHeader(page, 'Result');
    });

    test('each quiz question is in view, with the form folded into one line of inputs', async ({ page }) => {
      const items = itemsOf(quizWhiz);
      await openTool(page, quizWhiz);
      await fillFromExample(page, quizWhiz);
      await generateButton(page, quizWhiz).click();
      const result = resultRegion(page);
      await expect(result.getByRole('heading', { level: 2, name: 'Result' })).toBeFocused();
      await expect(page.getByRole('button', { name: 'Edit inputs' })).toBeVisible();
      await expect(generateButton(page, quizWhiz)).toBeHidden();
      for (const [i, item] of items.entries()) {
        await expectQuestion(result, items, i);
        const question = result.getByRole('heading', { level: 3, name: item.question, exact: true });
        await expect(question).toBeInViewport();
        await answer(result, item, item.answer);
        // The marked answer and the way on are in view too, not below the fold.
        const next = result.getByRole('button', { name: i === items.length - 1 ? 'See your score' : 'Next question' });
        await expect(next).toBeFocused();
        await expect(next).toBeInViewport();
        await next.click();
      }
      await expect(result.getByRole('heading', { level: 3, name: 'Quiz complete' })).toBeInViewport();
    });
  });
}

test('Edit inputs unfolds the quiz form at its first field, and a new quiz folds it again', async ({ page }) => {
  await openTool(page, quizWhiz);
  await fillFromExample(page, quizWhiz);
  await generateButton(page, quizWhiz).click();
  const edit = page.getByRole('button', { name: 'Edit inputs' });
  await expect(edit).toBeVisible();
  const first = quizWhiz.fields[0]!;
  const value = String((quizWhiz.example.input as Record<string, unknown>)[first.name]);
  // The one line names what the quiz was made from.
  await expect(page.getByText(`${first.label}: ${value.slice(0, 20)}`, { exact: false })).toBeVisible();

  await edit.click();
  await expect(page.getByLabel(first.label, { exact: true })).toBeFocused();
  await expect(edit).toHaveCount(0);
  // The quiz stays while the inputs are edited, then Generate starts a new one and folds the form again.
  await expectQuestion(resultRegion(page), itemsOf(quizWhiz), 0);
  await generateButton(page, quizWhiz).click();
  await expect(resultRegion(page).getByRole('heading', { level: 2, name: 'Result' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Edit inputs' })).toBeVisible();

  // Reloaded mid-quiz: still folded, and the page does not jump away from its heading.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Edit inputs' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: quizWhiz.title })).toBeFocused();
});
