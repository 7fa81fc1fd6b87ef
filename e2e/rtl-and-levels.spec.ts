import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import JSZip from 'jszip';
import type { ToolDeclaration } from '../src/kernel/defineTool';
import { exampleAnswer, fakeBackend, fillFromExample, generateButton, openTool, resultRegion, seedBackend, toolById, type FakeBackend } from './support/app';
import { scan, tools } from './support/a11y';
import { exportFile } from './support/exportFiles';

/*
 * Two choices a teacher makes under a result, at laptop and at phone size:
 * - on a teacher tool, "Spanish, grade 4" is chosen from the output options
 *   (not typed into Ask), and the request the app sends carries both;
 * - an answer in Arabic is laid out right to left on screen, in its Word
 *   file (bidi paragraphs) and on the printed page (dir="rtl").
 * The backend is faked: it answers in Arabic when the request asks for Arabic.
 */

const laptop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const lessonPlans = toolById(tools, 'lesson-plan-variator');
const notes = toolById(tools, 'smart-notes');

const ARABIC_NOTES = `## البناء الضوئي

تصنع النباتات غذاءها من ضوء الشمس والماء وثاني أكسيد الكربون.

- يحدث في البلاستيدات الخضراء
- ينتج الأكسجين`;

const promptOf = (request: Request) => (request.postDataJSON() as { contents?: string }).contents ?? '';

/** The example answer, or the notes in Arabic when the request asks for Arabic. */
function answerFor(tool: ToolDeclaration) {
  return (request: Request) => ({ json: promptOf(request).includes('in Arabic (ar)') ? { text: ARABIC_NOTES } : exampleAnswer(tool) });
}

async function generate(page: Page, backend: FakeBackend, tool: ToolDeclaration): Promise<Locator> {
  backend.reply(answerFor(tool));
  await openTool(page, tool);
  await fillFromExample(page, tool);
  await generateButton(page, tool).click();
  const result = resultRegion(page);
  await expect(result.getByRole('group', { name: 'Versions' })).toContainText('Version 1 of 1');
  return result;
}

/** Chooses an output language (and a level) under the result, then Rewrite, and waits for the new version. */
async function rewriteIn(result: Locator, language: string, level?: string): Promise<void> {
  await result.getByLabel('Output language').selectOption({ label: language });
  if (level) await result.getByLabel('Reading level').selectOption({ label: level });
  const rewrite = result.getByRole('button', { name: /^Rewrite: / });
  await rewrite.click();
  await expect(result.getByRole('group', { name: 'Versions' })).toContainText('Version 2 of 2');
}

/** The paragraphs of word/document.xml that hold Arabic letters, each with whether Word lays it out right to left. */
async function arabicWordParagraphs(page: Page, bytes: Buffer): Promise<{ text: string; bidi: boolean }[]> {
  const xml = await (await JSZip.loadAsync(bytes)).file('word/document.xml')!.async('string');
  return page.evaluate((source) => {
    const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
    const doc = new DOMParser().parseFromString(source, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length > 0) throw new Error('word/document.xml is not well-formed XML');
    return [...doc.getElementsByTagNameNS(W, 'p')]
      .map((p) => ({ text: [...p.getElementsByTagNameNS(W, 't')].map((t) => t.textContent).join(''), bidi: p.getElementsByTagNameNS(W, 'bidi').length > 0 }))
      .filter((p) => /[\u0600-\u06ff]/.test(p.text));
  }, xml);
}

async function flow(page: Page): Promise<void> {
  test.slow(); // Two tools, a Word file, print and an axe scan in two schemes.
  // The print dialog cannot be driven from a test: print() does nothing, and the printed page stays to be read.
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await seedBackend(page);
  const backend = await fakeBackend(page, { json: {} });

  // A teacher tool: Spanish and grade 4 are choices under the result, and the rewrite asks for both.
  let result = await generate(page, backend, lessonPlans);
  await expect(result.getByLabel('Reading level')).toBeVisible();
  await scan(page, 'output options on a teacher tool');
  await rewriteIn(result, 'Spanish (español)', 'Grade 4');
  const asked = promptOf(backend.requests.at(-1)!);
  expect(asked).toContain('write every part of your answer in Spanish (es)');
  expect(asked).toContain('Reading level: write for a US grade 4 reader');
  // The next lesson plan is asked for in both too: the form's request preview says so.
  await page.getByText('What will be sent', { exact: true }).click();
  const preview = page.locator('.what-will-be-sent');
  await expect(preview).toContainText('in Spanish (es)');
  await expect(preview).toContainText('US grade 4 reader');

  // An answer in Arabic reads right to left: on screen, in Word and in print.
  result = await generate(page, backend, notes);
  await rewriteIn(result, 'Arabic (العربية)');
  const paragraph = result.getByText('تصنع النباتات غذاءها', { exact: false });
  await expect(paragraph).toBeVisible();
  expect(await paragraph.evaluate((el) => getComputedStyle(el).direction), 'the Arabic answer on screen').toBe('rtl');
  expect(await result.getByRole('heading', { name: 'Result', exact: true }).evaluate((el) => getComputedStyle(el).direction), 'the app around it').toBe('ltr');

  const word = await exportFile(page, result, 'Word / Google Docs (.docx)');
  const paragraphs = await arabicWordParagraphs(page, word.bytes);
  expect(paragraphs.map((p) => p.text)).toEqual(['البناء الضوئي', 'تصنع النباتات غذاءها من ضوء الشمس والماء وثاني أكسيد الكربون.', 'يحدث في البلاستيدات الخضراء', 'ينتج الأكسجين']);
  expect(paragraphs.filter((p) => !p.bidi), 'Arabic paragraphs Word lays out left to right').toEqual([]);

  await result.getByRole('button', { name: /^Export/ }).click();
  await result.getByRole('button', { name: 'Print / Save as PDF' }).click();
  const printed = page.locator('#print-root');
  await expect(printed).toHaveAttribute('dir', 'rtl');
  await expect(printed).toContainText('تصنع النباتات غذاءها');
}

test.describe('at laptop size', () => {
  test.use({ viewport: laptop });
  test('a teacher tool takes Spanish and grade 4 as choices; an Arabic answer reads right to left on screen, in Word and in print', async ({ page }) => {
    await flow(page);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: phone, hasTouch: true });
  test('a teacher tool takes Spanish and grade 4 as choices; an Arabic answer reads right to left on screen, in Word and in print', async ({ page }) => {
    await flow(page);
  });
});
