import { expect, test, type Locator } from '@playwright/test';
import { messages } from '../src/engine/messages';
import { fakeBackend, fillFromExample, generateButton, openTool, resultRegion, seedBackend } from './support/app';
import {
  answer,
  answerRestRightly,
  builder,
  expectQuestion,
  expectReview,
  itemsOf,
  lessonOf,
  quizWhiz,
  startQuiz,
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
  for (let i = 0; i < fibAt; i++) await answer(result, items[i]!, items[i]!.answer);
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
  for (let i = 0; i < tfAt; i++) await answer(result, items[i]!, items[i]!.answer);
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
