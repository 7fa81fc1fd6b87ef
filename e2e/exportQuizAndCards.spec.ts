import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { parse as parseGift } from 'gift-pegjs';
import Papa from 'papaparse';
import { fakeBackend, fillFromExample, flowProject, generateButton, generateExample, openTool, resultRegion, seedActiveProject, seedBackend, seedStorage, storageKeys, toolById } from './support/app';
import { loadRegistry } from './support/registry';
import { exportFile, qtiQuestions, wordParagraphs } from './support/exportFiles';
import { download, savedItem, WORD } from './support/exportPage';

/*
 * Export of study material: a flashcard deck as Quizlet, Anki and CSV files,
 * a quiz as GIFT, QTI and a worksheet; downloaded from a result and from the
 * same result saved to a project, each read back by a parser. Documents are
 * in exportDocuments.spec.ts, calendars in exportCalendars.spec.ts.
 */

const tools = await loadRegistry();
const flashcards = toolById(tools, 'flashcard-generator');
const quiz = toolById(tools, 'interactive-quiz-builder');
const cards = flashcards.example.output as { question: string; answer: string }[];

test('flashcards: Quizlet, Anki and CSV from the result, and the same files from the saved item', async ({ page }) => {
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
  // The saved deck leaves for Quizlet and Anki as the result did.
  expect((await download(page, saved, 'Quizlet import (.txt)')).text).toBe(quizlet.text);
  expect((await download(page, saved, 'Anki import (.txt)')).text).toBe(anki.text);
});

/*
 * Excel on Windows reads a CSV as UTF-8 only when the file starts with the
 * byte-order mark (EF BB BF); without it, accents, Arabic and Chinese arrive
 * garbled. A deck in those scripts, downloaded on a laptop and on a phone.
 */
const worldCards = [
  { question: 'Qu’est-ce que la mitose ? (é, ü, ß)', answer: 'Zwei Zellen über Kernteilung, identisch' },
  { question: 'ما هو الماء؟', answer: 'H₂O، سائل' },
  { question: '光合作用是什么？', answer: '植物用光制造糖，释放氧气。' },
];
// The tool answers with at least eight cards: the rest of the deck from its example.
const worldDeck = [...worldCards, ...cards.slice(0, 8 - worldCards.length)];
for (const [device, viewport] of [
  ['laptop', { width: 1366, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test('a deck in French, Arabic and Chinese leaves as a CSV that starts with the UTF-8 byte-order mark, every card as written', async ({ page }) => {
      await seedBackend(page);
      await fakeBackend(page, { json: { text: JSON.stringify(worldDeck) } });
      await openTool(page, flashcards);
      await fillFromExample(page, flashcards);
      await generateButton(page, flashcards).click();
      const result = resultRegion(page);
      await expect(result).toContainText(worldCards[0]!.question);

      const csv = await exportFile(page, result, 'Spreadsheet (.csv)');
      expect(csv.name).toBe('Flashcard Generator.csv');
      expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      // Decoded as Excel does with the mark: strict UTF-8, the mark itself dropped.
      const text = new TextDecoder('utf-8', { fatal: true }).decode(csv.bytes);
      expect(Papa.parse<string[]>(text.trimEnd(), { newline: '\r\n' }).data).toEqual([['Front', 'Back'], ...worldDeck.map((c) => [c.question, c.answer])]);
    });
  });
}

test('a quiz as GIFT for Moodle and QTI for Canvas, from the result, read back by a GIFT parser and an XML parser; a result with no format says so', async ({ page }) => {
  const result = await generateExample(page, quiz);
  const items = quiz.example.output as { question: string; type: string; answer: string }[];
  await expect(result.getByText(`Question 1 of ${items.length}`)).toBeVisible();
  const gift = await download(page, result, 'Moodle / LMS quiz (GIFT .txt)');
  const questions = (parseGift(gift.text) as { type: string }[]).filter((q) => q.type !== 'Category');
  expect(questions.map((q) => q.type)).toEqual(items.map((i) => ({ MCQ: 'MC', TF: 'TF', FIB: 'Short' })[i.type]));

  const qti = await exportFile(page, result, 'Canvas / LMS quiz (QTI .zip)');
  expect(qti.name).toMatch(/^Interactive Quiz Builder - .+ - QTI\.zip$/);
  expect(await qtiQuestions(page, qti.bytes)).toEqual(
    items.map((i) => ({
      type: { MCQ: 'multiple_choice_question', TF: 'true_false_question', FIB: 'short_answer_question' }[i.type],
      right: i.answer,
    })),
  );

  const notes = await generateExample(page, toolById(tools, 'smart-notes'));
  await notes.getByRole('button', { name: /^Export/ }).click();
  // Notes have the formats every result has, slides for their sections, and no flashcard or quiz format.
  await expect(notes.getByRole('list', { name: 'Export formats' }).getByRole('button')).toHaveText(['Word / Google Docs (.docx)', 'Print / Save as PDF', 'PowerPoint / Google Slides (.pptx)']);
  await page.keyboard.press('Escape');
  await expect(notes.getByRole('button', { name: /^Export/ })).toBeFocused();
});

test('a quiz as a worksheet in Word: lettered options, and the answer key on a page of its own', async ({ page }) => {
  const items = quiz.example.output as { question: string; answer: string; options: string[]; type: string }[];
  const result = await generateExample(page, quiz);
  await expect(result.getByText(`Question 1 of ${items.length}`)).toBeVisible();
  const word = await wordParagraphs(page, (await exportFile(page, result, WORD)).bytes);
  const keyAt = word.findIndex((p) => p.text === 'Answer key');
  const breakAt = word.findIndex((p) => p.pageBreak);
  expect(breakAt).toBeGreaterThan(0);
  expect(keyAt).toBeGreaterThan(breakAt);
  const sheet = word.slice(0, breakAt).map((p) => p.text);
  items.forEach((item, i) => expect(sheet).toContain(`${i + 1}. ${item.question}`));
  const key = word.slice(keyAt + 1).map((p) => p.text);
  expect(key).toHaveLength(items.length);
  items.forEach((item, i) => expect(key[i]).toContain(item.answer));
});

test('from saved items: a quiz as GIFT and QTI, printed as a worksheet and copied with its structure; an export that cannot be made says why and changes nothing', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const items = quiz.example.output as { question: string; answer: string }[];
  const deck = toolById(tools, 'presentation-generator');
  await seedStorage(page, {
    [storageKeys.projects]: [flowProject],
    [storageKeys.activeProject]: flowProject.id,
    [storageKeys.artifacts(flowProject.id)]: [
      { id: 'art_1700000000200', createdAt: '2026-11-02T09:00:00.000Z', toolId: quiz.id, toolTitle: quiz.title, data: quiz.example.output },
      // Saved by an older version: no longer a slide outline.
      { id: 'art_1700000000100', createdAt: '2026-11-01T09:00:00.000Z', toolId: deck.id, toolTitle: deck.title, data: { outline: 'one, two' } },
    ],
  });
  await page.goto(`#/projects/${flowProject.id}`);
  const saved = savedItem(page, quiz.title);

  const gift = await download(page, saved, 'Moodle / LMS quiz (GIFT .txt)');
  expect((parseGift(gift.text) as { type: string }[]).filter((q) => q.type !== 'Category')).toHaveLength(items.length);
  const qti = await exportFile(page, saved, 'Canvas / LMS quiz (QTI .zip)');
  expect(qti.name).toBe(`${quiz.title} - QTI.zip`);
  expect((await qtiQuestions(page, qti.bytes)).map((q) => q.right)).toEqual(items.map((i) => i.answer));

  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await saved.getByRole('button', { name: /^Export/ }).click();
  await saved.getByRole('button', { name: 'Print / Save as PDF' }).click();
  await page.emulateMedia({ media: 'print' });
  const printed = page.locator('#print-root');
  await expect(printed.locator('h1')).toHaveText(quiz.title);
  await expect(printed.getByText(`1. ${items[0]!.question}`)).toBeVisible();
  await expect(printed.locator('h2', { hasText: 'Answer key' })).toBeVisible();
  // The key starts a new page: the rule before it breaks the page.
  expect(await printed.locator('hr').evaluate((hr) => getComputedStyle(hr).breakAfter)).toBe('page');
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.emulateMedia({ media: 'screen' });
  await expect(printed).toHaveCount(0);

  await saved.getByRole('button', { name: 'Copy' }).click();
  await expect(saved.getByRole('button', { name: 'Copied' })).toBeVisible();
  const html = await page.evaluate(async () => (await (await navigator.clipboard.read())[0]!.getType('text/html')).text());
  expect(html).toContain('Answer key');
  expect(html).toContain('<li>');

  const old = savedItem(page, deck.title);
  await old.getByRole('button', { name: /^Export/ }).click();
  await old.getByRole('button', { name: 'PowerPoint / Google Slides (.pptx)' }).click();
  await expect(old.getByRole('alert')).toHaveText('Could not export as PowerPoint / Google Slides (.pptx): This result is not a slide outline the export can read.');
  // The item is untouched, and the menu, still open, still works: Word lays the item out plainly.
  const [file] = await Promise.all([page.waitForEvent('download'), old.getByRole('button', { name: WORD }).click()]);
  const word = await wordParagraphs(page, await readFile((await file.path())!));
  expect(word.map((p) => p.text)).toContain('one, two');
  await expect(old.getByRole('alert')).toHaveCount(0);
});
