import { expect, test, type Locator, type Page } from '@playwright/test';
import { z } from 'zod';
import { remediationResult } from '../registry/shared/remediation';
import type { ToolDeclaration } from '../src/engine/defineTool';
import { messages } from '../src/engine/messages';
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
import { loadRegistry } from './support/registry';

/*
 * The quiz screen of both quizzes (spec 4, 5): playing, remediation after a
 * wrong answer, the score and review, starting over, surviving a reload,
 * fill-in-the-blank rules and a keyboard-only run. Questions, answers and
 * lessons come from the registry examples, which the offline sample backend
 * answers with, so the flows follow the registry when it changes.
 */

const tools = await loadRegistry();
const quizWhiz = toolById(tools, 'quiz-whiz');
const builder = toolById(tools, 'interactive-quiz-builder');

const quizItems = z.array(
  z.object({
    question: z.string(),
    options: z.array(z.string()),
    answer: z.string(),
    type: z.string().optional(),
    difficulty: z.string().optional(),
  }),
);
type Item = z.infer<typeof quizItems>[number];

const itemsOf = (tool: ToolDeclaration): Item[] => quizItems.parse(tool.example.output);
const lessonOf = (tool: ToolDeclaration) => remediationResult.parse(tool.followUps?.remediation?.example);

/** A wrong answer to an item: a wrong option, or (fill in the blank) a word that is surely not the answer. */
function wrongAnswerTo(item: Item): string {
  if (item.type === 'FIB') return 'definitely not it';
  const wrong = item.options.find((o) => o !== item.answer);
  if (!wrong) throw new Error(`"${item.question}" has no wrong option to pick.`);
  return wrong;
}

async function startQuiz(page: Page, tool: ToolDeclaration): Promise<Locator> {
  await openTool(page, tool);
  await fillFromExample(page, tool);
  await generateButton(page, tool).click();
  const result = resultRegion(page);
  await expect(result.getByText(`Question 1 of ${itemsOf(tool).length}`)).toBeVisible();
  return result;
}

async function answer(result: Locator, item: Item, given: string): Promise<void> {
  if (item.type === 'FIB') {
    await result.getByLabel('Your answer').fill(given);
    await result.getByRole('button', { name: 'Check' }).click();
  } else {
    await result.getByRole('group', { name: item.question, exact: true }).getByRole('button', { name: given, exact: true }).click();
  }
}

async function expectQuestion(result: Locator, items: Item[], index: number): Promise<void> {
  await expect(result.getByText(`Question ${index + 1} of ${items.length}`)).toBeVisible();
  await expect(result.getByRole('heading', { level: 3, name: items[index]!.question, exact: true })).toBeVisible();
}

/** Answers every question from `from` on rightly, checking each is shown in turn. */
async function answerRestRightly(result: Locator, items: Item[], from: number): Promise<void> {
  for (let i = from; i < items.length; i++) {
    await expectQuestion(result, items, i);
    await answer(result, items[i]!, items[i]!.answer);
  }
}

/** What the review must say for a question other than "answered rightly with the answer itself". */
type Outcome = { given: string; right: boolean };

async function expectReview(result: Locator, items: Item[], outcomes: Map<number, Outcome>): Promise<void> {
  const score = items.filter((_, i) => outcomes.get(i)?.right ?? true).length;
  await expect(result.getByRole('heading', { level: 3, name: 'Quiz complete' })).toBeVisible();
  await expect(result.getByText(/^Your score:/)).toHaveText(`Your score: ${score} / ${items.length}`);
  const rows = result.getByRole('list', { name: 'Review' }).getByRole('listitem');
  await expect(rows).toHaveCount(items.length);
  for (const [i, item] of items.entries()) {
    const outcome = outcomes.get(i) ?? { given: item.answer, right: true };
    const row = rows.nth(i);
    await expect(row).toContainText(item.question);
    await expect(row.getByRole('definition').first()).toHaveText(outcome.given);
    await expect(row.getByRole('definition').nth(1)).toHaveText(item.answer);
    await expect(row).toContainText(outcome.right ? 'Right' : 'Wrong');
  }
}

const wrongAt = (index: number, given: string) => new Map([[index, { given, right: false }]]);

for (const tool of [quizWhiz, builder]) {
  test.describe(tool.id, () => {
    const items = itemsOf(tool);
    const lesson = lessonOf(tool);

    test('right answers all the way: each question in turn, then the full score and the review', async ({ page }) => {
      const result = await startQuiz(page, tool);
      if (tool.id === quizWhiz.id) await expect(result.getByText(`Difficulty: ${items[0]!.difficulty}`)).toBeVisible();
      await answerRestRightly(result, items, 0);
      await expectReview(result, items, new Map());
    });

    test('a wrong answer brings a diagnosis, a micro-lesson and a follow-up that locks once answered; Continue Quiz moves on', async ({ page }) => {
      // A fake backend rather than the samples, so the lesson can be held while its busy state is checked.
      await seedBackend(page);
      const backend = await fakeBackend(page, { json: exampleAnswer(tool) });
      const result = await startQuiz(page, tool);
      const release = backend.hold();
      backend.reply({ json: { text: JSON.stringify(lesson) } });
      const wrong = wrongAnswerTo(items[0]!);
      await answer(result, items[0]!, wrong);

      await expect(result.getByRole('heading', { name: 'Not quite' })).toBeVisible();
      await expect(result.getByRole('status')).toContainText('Preparing a short lesson');
      release();
      await expect(result.getByRole('region', { name: 'What went wrong' })).toContainText(lesson.diagnosis);
      await expect(result.getByRole('region', { name: 'Micro-lesson' })).toContainText(lesson.microLesson);
      const followUp = result.getByRole('region', { name: 'Try this one' });
      await expect(followUp).toContainText(lesson.followUpQuestion.question);
      await expect(followUp).toContainText('Difficulty: Easy');

      const options = followUp.getByRole('group', { name: lesson.followUpQuestion.question }).getByRole('button');
      await expect(options).toHaveCount(lesson.followUpQuestion.options.length);
      // By position: once answered, an option's name also says whether it was picked and whether it is right.
      const { options: followUpOptions, answer: followUpAnswer } = lesson.followUpQuestion;
      const wrongPick = followUpOptions.findIndex((o) => o !== followUpAnswer);
      await options.nth(wrongPick).click();
      for (const option of await options.all()) await expect(option).toBeDisabled();
      await expect(followUp.getByRole('status')).toHaveText(`Not quite: the answer is "${followUpAnswer}".`);
      await expect(options.nth(wrongPick)).toContainText(`${followUpOptions[wrongPick]} (your answer, wrong)`);
      await expect(options.nth(followUpOptions.indexOf(followUpAnswer))).toContainText(`${followUpAnswer} (correct answer)`);

      await result.getByRole('button', { name: 'Continue Quiz' }).click();
      await expect(result.getByRole('region', { name: 'What went wrong' })).toHaveCount(0);
      await answerRestRightly(result, items, 1);
      await expectReview(result, items, wrongAt(0, wrong));
    });

    test('a right follow-up pick says so; a wrong answer on the last question, then Continue Quiz, finishes', async ({ page }) => {
      const result = await startQuiz(page, tool);
      const last = items.length - 1;
      for (let i = 0; i < last; i++) await answer(result, items[i]!, items[i]!.answer);
      await expectQuestion(result, items, last);
      const wrong = wrongAnswerTo(items[last]!);
      await answer(result, items[last]!, wrong);

      const followUp = result.getByRole('region', { name: 'Try this one' });
      await followUp.getByRole('button', { name: lesson.followUpQuestion.answer }).click();
      await expect(followUp.getByRole('status')).toHaveText('Correct! You have got it now.');
      await expect(followUp.getByRole('button', { name: lesson.followUpQuestion.answer })).toBeDisabled();

      await result.getByRole('button', { name: 'Continue Quiz' }).click();
      await expectReview(result, items, wrongAt(last, wrong));
    });

    test("'Create Another Quiz' returns to the form with no quiz, and the next quiz starts afresh", async ({ page }) => {
      const result = await startQuiz(page, tool);
      await answerRestRightly(result, items, 0);
      await result.getByRole('button', { name: 'Create Another Quiz' }).click();

      await expect(resultRegion(page)).toHaveCount(0);
      await expect(page.getByText(/Question \d+ of \d+/)).toHaveCount(0);
      await expect(generateButton(page, tool)).toBeEnabled();

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: tool.title })).toBeVisible();
      await expect(resultRegion(page)).toHaveCount(0);

      await generateButton(page, tool).click();
      await expectQuestion(resultRegion(page), items, 0);
    });

    test('a reload mid-quiz keeps the current question, and a reload during remediation keeps the lesson', async ({ page }) => {
      const result = await startQuiz(page, tool);
      await answer(result, items[0]!, items[0]!.answer);
      await answer(result, items[1]!, items[1]!.answer);
      await expectQuestion(result, items, 2);

      await page.reload();
      await expectQuestion(resultRegion(page), items, 2);

      const wrong = wrongAnswerTo(items[2]!);
      await answer(resultRegion(page), items[2]!, wrong);
      await expect(resultRegion(page).getByRole('region', { name: 'Micro-lesson' })).toContainText(lesson.microLesson);
      await page.reload();
      await expect(resultRegion(page).getByRole('region', { name: 'Micro-lesson' })).toContainText(lesson.microLesson);

      await resultRegion(page).getByRole('button', { name: 'Continue Quiz' }).click();
      await answerRestRightly(resultRegion(page), items, 3);
      await expectReview(resultRegion(page), items, wrongAt(2, wrong));
    });

    test('generating again replaces a quiz in progress with a fresh one', async ({ page }) => {
      const result = await startQuiz(page, tool);
      await answer(result, items[0]!, items[0]!.answer);
      await expectQuestion(result, items, 1);
      await generateButton(page, tool).click();
      await expectQuestion(resultRegion(page), items, 0);
    });

    test('a failed remediation shows the error box; Retry fetches the lesson', async ({ page }) => {
      await seedBackend(page);
      const backend = await fakeBackend(page, { json: exampleAnswer(tool) });
      const result = await startQuiz(page, tool);

      backend.reply({ status: 503, json: { error: 'The model is busy.' } });
      await answer(result, items[0]!, wrongAnswerTo(items[0]!));
      const alert = result.getByRole('alert');
      await expect(alert).toContainText('Error');
      await expect(alert).toContainText('The model is busy.');

      backend.reply({ json: { text: JSON.stringify(lesson) } });
      await alert.getByRole('button', { name: 'Retry' }).click();
      await expect(result.getByRole('region', { name: 'What went wrong' })).toContainText(lesson.diagnosis);
      await expect(result.getByRole('alert')).toHaveCount(0);
      // The remediation request carried the question, the student's answer and the right one.
      const prompt = JSON.stringify(backend.bodies().at(-1));
      for (const text of [items[0]!.question, wrongAnswerTo(items[0]!), items[0]!.answer]) {
        expect(prompt).toContain(JSON.stringify(text).slice(1, -1));
      }
    });

    test('a failed remediation can be skipped with Continue Quiz', async ({ page }) => {
      await seedBackend(page);
      const backend = await fakeBackend(page, { json: exampleAnswer(tool) });
      const result = await startQuiz(page, tool);
      backend.reply({ status: 500, body: 'not json' });
      await answer(result, items[0]!, wrongAnswerTo(items[0]!));
      await expect(result.getByRole('alert')).toContainText(messages.requestFailed(500));
      await result.getByRole('alert').getByRole('button', { name: 'Continue Quiz' }).click();
      await expectQuestion(result, items, 1);
    });
  });
}

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
