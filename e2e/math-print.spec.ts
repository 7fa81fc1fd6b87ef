import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { generateExample, toolById } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * Math on paper and in a paste, as on screen: Math Mentor's answer (TeX
 * between dollars) is copied with its formulas as MathML in the HTML and as
 * readable text (2x², x = 1/2) in the plain text, and printed as math: the
 * printed page, rendered by Chromium to PDF and read back by pdftotext, holds
 * the formulas' text and not one dollar sign of TeX source. At laptop and
 * phone size.
 */

const tools = await loadRegistry();
const mentor = toolById(tools, 'math-mentor');
const laptop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const run = promisify(execFile);

/** A PDF's text, as pdftotext (poppler) reads it, in reading order. */
async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'math-print-'));
  try {
    await writeFile(join(dir, 'printed.pdf'), pdf);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', join(dir, 'printed.pdf'), '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function copiedMath(page: Page, result: Locator) {
  await result.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(result.getByRole('button', { name: 'Copied' })).toBeVisible();
  return page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    const html = await (await item!.getType('text/html')).text();
    const text = await (await item!.getType('text/plain')).text();
    const pasted = new DOMParser().parseFromString(html, 'text/html').body;
    const formulas = pasted.querySelectorAll('math').length;
    // What a reader of the pasted document sees: each formula's TeX annotation is kept for apps that read it, never shown.
    pasted.querySelectorAll('annotation').forEach((a) => a.remove());
    return { formulas, shown: pasted.textContent ?? '', text };
  });
}

async function printedPdfText(page: Page, result: Locator): Promise<string> {
  // The browser's print dialog cannot be driven from a test: print() is recorded, and the page printed to PDF instead.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await result.getByRole('button', { name: /^Export/ }).click();
  await result.getByRole('button', { name: 'Print / Save as PDF' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('#print-root')).toBeVisible();
  const text = await pdfText(await page.pdf({ format: 'A4' }));
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.emulateMedia({ media: 'screen' });
  return text;
}

async function mathOnPaperAndInPaste(page: Page) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const result = await generateExample(page, mentor);
  await expect(result.locator('math').first()).toBeVisible();
  const onScreen = await result.locator('math').count();

  const copied = await copiedMath(page, result);
  expect(copied.formulas, 'each formula is MathML in the copied HTML').toBe(onScreen);
  expect(copied.shown).not.toMatch(/\$|\\frac|\\left/);
  expect(copied.text, 'the plain text writes formulas as text').toContain('2x² − 7x + 3');
  expect(copied.text).toContain('x = 1/2 or x = 3');
  expect(copied.text).toContain('(2x − 1)(x − 3) = 0');
  expect(copied.text).not.toMatch(/\$|\\frac|\\times/);

  const printed = await printedPdfText(page, result);
  expect(printed).toContain('Final answer');
  expect(printed, 'no TeX source reaches paper').not.toMatch(/\$|\\frac|\\left/);
  // The formula's own text, set as math (Chromium writes letters in math italic, 𝑥, which NFKC reads as x).
  expect(printed.normalize('NFKC').replace(/\s+/g, ' ')).toContain('Take out the common bracket: (2x − 1)(x − 3) = 0.');
}

test.describe('at laptop size', () => {
  test.use({ viewport: laptop });
  test('math is copied as MathML and readable text, and prints as math, not TeX', async ({ page }) => {
    await mathOnPaperAndInPaste(page);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: phone, hasTouch: true });
  test('math is copied as MathML and readable text, and prints as math, not TeX', async ({ page }) => {
    await mathOnPaperAndInPaste(page);
  });
});
