import { expect, test, type Locator } from '@playwright/test';
import { messages } from '../src/kernel/messages';
import { scan, useScheme } from './support/a11y';
import { fakeBackend, fillFromExample, generateButton, openTool, resultRegion, seedBackend } from './support/app';
import {
  answer,
  answerAllWrongAt,
  answerRestRightly,
  answerRightly,
  builder,
  expectQuestion,
  expectReview,
  itemsOf,
  lessonOf,
  quizWhiz,
  startQuiz,
  nextButton,
  wrongAnswerTo,
} from './support/quiz';

/*
 * The quiz screens item by item (spec 4, 5): fill-in-the-blank rules, the
 * option buttons of each quiz, a keyboard-only run and an item the schema
 * refuses. The playing journeys of both quizzes are in quiz.spec.ts.
 */

test('interactive-quiz-builder fill in the blank: Check stays disabled while blank, and the answer matches case-insensitively', async ({ page }) => {
  const items = itemsOf(builder);
  const fibAt = items.findIndex((i) => i.type === 'FIB');
  expect(fibAt, 'the example has a fill-in-the-blank item').toBeGreaterThanOrEqual(0);
  const result = await startQuiz(page, builder);
  for (let i = 0; i < fibAt; i++) await answerRightly(result, items[i]!);
  await expectQuestion(result, items, fibAt);

  const input = result.getByLabel('Your answer');
  const check = result.getByRole('button', { name: 'Check' });
  await expect(input).toHaveValue('');
  await expect(check).toBeDisabled();
  await input.fill('   ');
  await expect(check).toBeDisabled();
  await input.press('Enter');
  await expectQuestion(result, items, fibAt); // Enter on a blank answer checks nothing.

  const shouted = `  ${items[fibAt]!.answer.toUpperCase()} `;
  await input.fill(shouted);
  await expect(check).toBeEnabled();
  await check.click();
  await expect(result.getByRole('status')).toHaveText('Correct!');
  // The typed answer stays on its question, marked right, until Next question.
  await expectQuestion(result, items, fibAt);
  await expect(result.locator('.quiz-fill-answered')).toContainText(`${shouted.trim()} (correct)`);
  await nextButton(result).click();
  await answerRestRightly(result, items, fibAt + 1);
  // The review shows what was typed (trimmed), counted right.
  await expectReview(result, items, new Map([[fibAt, { given: shouted.trim(), right: true }]]));
});

test("quiz-whiz shows each question's four options as lettered buttons", async ({ page }) => {
  const items = itemsOf(quizWhiz);
  const result = await startQuiz(page, quizWhiz);
  const options = result.getByRole('group', { name: items[0]!.question, exact: true }).getByRole('button');
  await expect(options).toHaveCount(4);
  await expect(options).toHaveText(items[0]!.options.map((o, i) => `${'ABCD'[i]}${o}`));
});

test('interactive-quiz-builder shows True and False for a true/false item', async ({ page }) => {
  const items = itemsOf(builder);
  const tfAt = items.findIndex((i) => i.type === 'TF');
  const result = await startQuiz(page, builder);
  for (let i = 0; i < tfAt; i++) await answerRightly(result, items[i]!);
  const options = result.getByRole('group', { name: items[tfAt]!.question, exact: true }).getByRole('button');
  await expect(options).toHaveCount(2);
  await expect(options.nth(0)).toContainText('True');
  await expect(options.nth(1)).toContainText('False');
  await expect(result.getByText('True or false')).toBeVisible();
});

test('quiz-whiz by keyboard alone: reach the options with Tab, answer with Enter and Space', async ({ page }) => {
  const items = itemsOf(quizWhiz);
  await openTool(page, quizWhiz);
  await fillFromExample(page, quizWhiz);
  await generateButton(page, quizWhiz).focus();
  await page.keyboard.press('Enter');
  const result = resultRegion(page);
  await expectQuestion(result, items, 0);

  /** Tabs forward until the wanted option has focus (a bounded number of presses, so a trap fails the test). */
  async function tabTo(option: Locator): Promise<void> {
    for (let presses = 0; presses < 25; presses++) {
      if (await option.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    await expect(option).toBeFocused();
  }

  const group = (i: number) => result.getByRole('group', { name: items[i]!.question, exact: true });
  await tabTo(group(0).getByRole('button', { name: items[0]!.answer, exact: true }));
  await page.keyboard.press('Enter');

  // A right answer stays on its question with Next question focused, so nobody is rushed on.
  await expect(result.getByRole('status')).toHaveText('Correct!');
  await expect(result.getByRole('button', { name: 'Next question' })).toBeFocused();
  await page.keyboard.press('Enter');

  // The next question takes focus, so the options are the next Tab stops.
  await expectQuestion(result, items, 1);
  await expect(result.getByRole('heading', { level: 3, name: items[1]!.question })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(group(1).getByRole('button').first()).toBeFocused();
  const wrong = wrongAnswerTo(items[1]!);
  await tabTo(group(1).getByRole('button', { name: wrong, exact: true }));
  await page.keyboard.press('Space');

  const lesson = lessonOf(quizWhiz);
  await expect(result.getByRole('heading', { name: 'Not quite' })).toBeFocused();
  const followUp = result.getByRole('region', { name: 'Try this one' });
  await tabTo(followUp.getByRole('button', { name: lesson.followUpQuestion.answer }));
  await page.keyboard.press('Enter');
  // Picking moves focus to Continue Quiz, so Enter carries on.
  await expect(result.getByRole('button', { name: 'Continue Quiz' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectQuestion(result, items, 2);
  await expect(result.getByRole('heading', { level: 3, name: items[2]!.question })).toBeFocused();
});

test('an item of an unknown type is refused by the schema before any screen sees it', async ({ page }) => {
  // The screen's own 'Unknown question type' is covered in renderers/quiz/QuizResult.test.tsx.
  const items = itemsOf(builder);
  const withEssay = items.map((item, i) => (i === 0 ? { ...item, type: 'ESSAY', options: [] } : item));
  await seedBackend(page);
  await fakeBackend(page, { json: { text: JSON.stringify(withEssay) } });
  await openTool(page, builder);
  await fillFromExample(page, builder);
  await generateButton(page, builder).click();
  await expect(page.getByRole('alert')).toContainText(messages.invalidFormat);
  await expect(resultRegion(page)).toHaveCount(0);
});

/*
 * Marking answers: a right answer is marked on the question it answers, as
 * the follow-up marks its pick, and the end screen says how the quiz went.
 */
test.describe('feedback on the question answered, and an end screen that reflects the score', () => {
  // Each flow plays whole quizzes and runs axe in two schemes (about 20 s alone on 2 cores).
  test.describe.configure({ timeout: 90_000 });

  /** The computed colours that say "right": the option's border and the verdict's text share one. */
  const colourOf = (locator: Locator, property: 'borderTopColor' | 'color') =>
    locator.evaluate((el, p) => getComputedStyle(el)[p], property);
  const greenish = (rgb: string) => {
    const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
    return g > r && g > b;
  };

  test('quiz-whiz: a right answer shows green and Correct! on that question until Next question (axe, light and dark)', async ({ page }) => {
    const items = itemsOf(quizWhiz);
    const result = await startQuiz(page, quizWhiz);
    const first = items[0]!;
    await answer(result, first, first.answer);

    // Still the first question: the verdict is about it, not the next one.
    await expectQuestion(result, items, 0);
    const status = result.getByRole('status');
    await expect(status).toHaveText('Correct!');
    const options = result.getByRole('group', { name: first.question, exact: true }).getByRole('button');
    const picked = options.nth(first.options.indexOf(first.answer));
    await expect(picked).toContainText(`${first.answer} (your answer, correct)`);
    await expect(picked.locator('svg')).toHaveCount(1); // An icon as well as the words and the colour.
    for (const option of await options.all()) await expect(option).toBeDisabled();
    await expect(options.filter({ hasText: '(your answer' })).toHaveCount(1);
    await expect(result.getByRole('button', { name: 'Next question' })).toBeFocused();

    await scan(page, 'quiz, right answer marked');
    for (const scheme of ['light', 'dark'] as const) {
      await useScheme(page, scheme);
      const border = await colourOf(picked, 'borderTopColor');
      expect(greenish(border), `${scheme}: the picked option's border ${border} is green`).toBe(true);
      expect(await colourOf(status, 'color'), `${scheme}: the verdict is the same green`).toBe(border);
    }
    await useScheme(page, 'light');

    // The verdict pops in, unless the person asked for reduced motion.
    const animation = () => status.evaluate((el) => getComputedStyle(el).animationName);
    expect(await animation()).toBe('quiz-pop');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await animation()).toBe('none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });

    await result.getByRole('button', { name: 'Next question' }).click();
    await expectQuestion(result, items, 1);
    await expect(result.getByRole('heading', { level: 3, name: items[1]!.question, exact: true })).toBeFocused();
    await expect(result.getByText('Correct!')).toHaveCount(0); // No verdict carried over to the next question.
    for (const option of await result.getByRole('group', { name: items[1]!.question, exact: true }).getByRole('button').all()) {
      await expect(option).toBeEnabled();
    }
  });

  test('quiz-whiz: 5 / 5 and 3 / 5 end screens differ, and "Review the ones I missed" lists exactly the missed ones (axe on each)', async ({ page }) => {
    const items = itemsOf(quizWhiz);
    const heading = (result: Locator) => result.getByRole('heading', { level: 3, name: 'Quiz complete' });
    const outcome = (result: Locator) => result.locator('.quiz-outcome');

    let result = await startQuiz(page, quizWhiz);
    await answerRestRightly(result, items, 0);
    await expect(heading(result)).toBeFocused();
    await expect(result.getByText(/^Your score:/)).toHaveText(`Your score: 5 / ${items.length}`);
    await expect(outcome(result)).toHaveText('Perfect score! You got every question right.');
    // Screen readers hear how it went as focus lands on the heading.
    await expect(heading(result)).toHaveAccessibleDescription(`Perfect score! You got every question right. Your score: 5 / ${items.length}`);
    await expect(result.getByRole('button', { name: 'Review the ones I missed' })).toHaveCount(0);
    const perfectLook = await colourOf(outcome(result), 'borderTopColor');
    await scan(page, 'quiz finished, 5 / 5');

    await result.getByRole('button', { name: 'Create Another Quiz' }).click();
    await generateButton(page, quizWhiz).click();
    result = resultRegion(page);
    const missed = [1, 3];
    await answerAllWrongAt(result, items, missed);
    await expect(heading(result)).toBeFocused();
    await expect(result.getByText(/^Your score:/)).toHaveText(`Your score: 3 / ${items.length}`);
    await expect(outcome(result)).toContainText('Good work!');
    await expect(outcome(result)).not.toContainText('Perfect score!');
    expect(await colourOf(outcome(result), 'borderTopColor'), 'the 3 / 5 outcome looks different from 5 / 5').not.toBe(perfectLook);

    const review = result.getByRole('button', { name: 'Review the ones I missed' });
    await expect(review).toHaveAttribute('aria-expanded', 'false');
    await review.click();
    await expect(review).toHaveAttribute('aria-expanded', 'true');
    const rows = result.getByRole('list', { name: `The ones you missed (2 of ${items.length})` }).getByRole('listitem');
    await expect(rows).toHaveCount(missed.length);
    for (const [row, i] of missed.entries()) {
      const item = items[i]!;
      await expect(rows.nth(row)).toContainText(`Question ${i + 1}: ${item.question}`);
      await expect(rows.nth(row).getByRole('definition')).toHaveText([wrongAnswerTo(item), item.answer]);
    }
    // The spec's full review is still there, below.
    await expect(result.getByRole('list', { name: 'Review', exact: true }).getByRole('listitem')).toHaveCount(items.length);
    await scan(page, 'quiz finished, 3 / 5, missed ones reviewed');
  });
});
