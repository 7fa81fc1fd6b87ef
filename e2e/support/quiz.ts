import { expect, type Locator, type Page } from '@playwright/test';
import { z } from 'zod';
import { remediationResult } from '../../registry/shared/remediation';
import type { ToolDeclaration } from '../../src/kernel/defineTool';
import { fillFromExample, generateButton, openTool, resultRegion, toolById } from './app';
import { loadRegistry } from './registry';

/* The quizzes, their example items and the play helpers the quiz flows share (quiz.spec.ts, quiz-screens.spec.ts, study.spec.ts). */

export const tools = await loadRegistry();
export const quizWhiz = toolById(tools, 'quiz-whiz');
export const builder = toolById(tools, 'interactive-quiz-builder');

const quizItems = z.array(
  z.object({
    question: z.string(),
    options: z.array(z.string()),
    answer: z.string(),
    type: z.string().optional(),
    difficulty: z.string().optional(),
  }),
);
export type Item = z.infer<typeof quizItems>[number];

export const itemsOf = (tool: ToolDeclaration): Item[] => quizItems.parse(tool.example.output);
export const lessonOf = (tool: ToolDeclaration) => remediationResult.parse(tool.followUps?.remediation?.example);

/** A wrong answer to an item: a wrong option, or (fill in the blank) a word that is surely not the answer. */
export function wrongAnswerTo(item: Item): string {
  if (item.type === 'FIB') return 'definitely not it';
  const wrong = item.options.find((o) => o !== item.answer);
  if (!wrong) throw new Error(`"${item.question}" has no wrong option to pick.`);
  return wrong;
}

export async function startQuiz(page: Page, tool: ToolDeclaration): Promise<Locator> {
  await openTool(page, tool);
  await fillFromExample(page, tool);
  await generateButton(page, tool).click();
  const result = resultRegion(page);
  await expect(result.getByText(`Question 1 of ${itemsOf(tool).length}`)).toBeVisible();
  return result;
}

export async function answer(result: Locator, item: Item, given: string): Promise<void> {
  if (item.type === 'FIB') {
    await result.getByLabel('Your answer').fill(given);
    await result.getByRole('button', { name: 'Check' }).click();
  } else {
    await result.getByRole('group', { name: item.question, exact: true }).getByRole('button', { name: given, exact: true }).click();
  }
}

/** The button a right answer shows, moving on to the next question or, after the last, to the score. */
export const nextButton = (result: Locator) => result.getByRole('button', { name: /^(Next question|See your score)$/ });

/**
 * Answers rightly and moves on: a right answer stays on its question, marked
 * "Correct!", until Next question.
 */
export async function answerRightly(result: Locator, item: Item, given = item.answer): Promise<void> {
  await answer(result, item, given);
  // By its words: a screen may hold another status (the project page's "Retrying the 2 questions…").
  await expect(result.getByRole('status').filter({ hasText: /^Correct!$/ })).toBeVisible();
  await nextButton(result).click();
}

export async function expectQuestion(result: Locator, items: Item[], index: number): Promise<void> {
  await expect(result.getByText(`Question ${index + 1} of ${items.length}`)).toBeVisible();
  await expect(result.getByRole('heading', { level: 3, name: items[index]!.question, exact: true })).toBeVisible();
}

/** Answers every question from `from` on rightly, checking each is shown in turn. */
export async function answerRestRightly(result: Locator, items: Item[], from: number): Promise<void> {
  for (let i = from; i < items.length; i++) {
    await expectQuestion(result, items, i);
    await answerRightly(result, items[i]!);
  }
}

/**
 * Plays a whole quiz from the first question: answers wrongly at the `missed`
 * indexes (then Continue Quiz past the remediation), rightly elsewhere,
 * checking each question is shown in turn. The flows that need a score with
 * misses in it (the end screens, the quiz history) share this one loop.
 */
export async function answerAllWrongAt(result: Locator, items: Item[], missed: readonly number[]): Promise<void> {
  for (const [i, item] of items.entries()) {
    await expectQuestion(result, items, i);
    if (missed.includes(i)) {
      await answer(result, item, wrongAnswerTo(item));
      await result.getByRole('button', { name: 'Continue Quiz' }).click();
    } else await answerRightly(result, item);
  }
}

/** What the review must say for a question other than "answered rightly with the answer itself". */
export type Outcome = { given: string; right: boolean };

export async function expectReview(result: Locator, items: Item[], outcomes: Map<number, Outcome>): Promise<void> {
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

export const wrongAt = (index: number, given: string) => new Map([[index, { given, right: false }]]);
