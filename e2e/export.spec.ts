import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parse as parseGift } from 'gift-pegjs';
import Papa from 'papaparse';
import { flowProject, generateExample, seedActiveProject, toolById } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * Export (issue 15, first formats): a flashcard deck as Quizlet, Anki and
 * CSV files and a quiz as GIFT, downloaded from a result and from the same
 * result saved to a project, each read back by a parser.
 */

const tools = await loadRegistry();
const flashcards = toolById(tools, 'flashcard-generator');
const quiz = toolById(tools, 'interactive-quiz-builder');
const cards = flashcards.example.output as { question: string; answer: string }[];

async function download(page: Page, scope: Locator, label: string): Promise<{ name: string; text: string }> {
  await scope.getByRole('button', { name: /^Export/ }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), scope.getByRole('list', { name: 'Export formats' }).getByRole('button', { name: label }).click()]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

test('flashcards: Quizlet, Anki and CSV from the result, and CSV again from the saved item', async ({ page }) => {
  await seedActiveProject(page);
  const result = await generateExample(page, flashcards);
  await expect(result).toContainText(cards[0]!.question);

  const quizlet = await download(page, result, 'Quizlet import (.txt)');
  // The Flashcard Generator asks for notes, not a topic: the file is named after the tool.
  expect(quizlet.name).toBe('Flashcard Generator - Quizlet.txt');
  expect(quizlet.text.trimEnd().split('\n').map((line) => line.split('\t'))).toEqual(cards.map((c) => [c.question, c.answer]));
  await expect(result.getByRole('button', { name: /^Export/ })).toBeFocused();

  const anki = await download(page, result, 'Anki import (.txt)');
  expect(anki.text.split('\n')[0]).toBe('#separator:tab');
  expect(anki.text.trimEnd().split('\n').slice(3)).toHaveLength(cards.length);

  const csv = await download(page, result, 'Spreadsheet (.csv)');
  expect(Papa.parse<string[]>(csv.text.trimEnd(), { newline: '\r\n' }).data).toEqual([['Front', 'Back'], ...cards.map((c) => [c.question, c.answer])]);

  await result.getByRole('button', { name: 'Save to Project' }).click();
  await page.goto(`#/projects/${flowProject.id}`);
  const saved = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: flashcards.title }) });
  const again = await download(page, saved, 'Spreadsheet (.csv)');
  expect(again.name).toBe('Flashcard Generator.csv');
  expect(again.text).toBe(csv.text);
});

test('a quiz as GIFT for Moodle, from the result, read back by a GIFT parser; a result with no format says so', async ({ page }) => {
  const result = await generateExample(page, quiz);
  const items = quiz.example.output as { question: string; type: string }[];
  await expect(result.getByText(`Question 1 of ${items.length}`)).toBeVisible();
  const gift = await download(page, result, 'Moodle / LMS quiz (GIFT .txt)');
  const questions = (parseGift(gift.text) as { type: string }[]).filter((q) => q.type !== 'Category');
  expect(questions.map((q) => q.type)).toEqual(items.map((i) => ({ MCQ: 'MC', TF: 'TF', FIB: 'Short' })[i.type]));

  const notes = await generateExample(page, toolById(tools, 'smart-notes'));
  await notes.getByRole('button', { name: /^Export/ }).click();
  await expect(notes.getByText('No file format for this kind of result yet')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(notes.getByRole('button', { name: /^Export/ })).toBeFocused();
});
