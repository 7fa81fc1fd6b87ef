import { expect, test } from '@playwright/test';
import JSZip from 'jszip';
import { flowProject, generateExample, seedActiveProject, toolById } from './support/app';
import { exportFile, wordParagraphs } from './support/exportFiles';
import { loadRegistry } from './support/registry';

/*
 * Math shown properly: Math Mentor's answer, written with TeX
 * between dollars, is laid out as MathML by the browser, on the result, on
 * the project page after saving, and in the Word file as Word equations.
 */

const tools = await loadRegistry();
const mentor = toolById(tools, 'math-mentor');

test('a Math Mentor answer shows its TeX as math (MathML) on screen and on the project page, and exports to Word', async ({ page }) => {
  await seedActiveProject(page);
  const result = await generateExample(page, mentor);
  const formulas = result.locator('math');
  await expect(formulas.first()).toBeVisible();
  const count = await formulas.count();
  expect(count).toBeGreaterThan(10);
  // A display formula on a line of its own, fractions as fractions, and no TeX left as text.
  await expect(result.locator('math[display="block"] mfrac').first()).toBeAttached();
  // What the reader sees (innerText; the TeX is kept only as each formula's hidden annotation).
  expect(await result.locator('.markdown').innerText()).not.toMatch(/\\frac|\$/);
  await expect(result.getByRole('heading', { name: 'Final answer' })).toBeVisible();
  // Laid out by the browser as math: a fraction's numerator sits above its denominator.
  // Both boxes read in one go: the page may still be scrolling the new result into view between two reads.
  const [numeratorBottom, denominatorTop] = await result.locator('mfrac').first().evaluate((fraction) => [
    fraction.firstElementChild!.getBoundingClientRect().bottom,
    fraction.lastElementChild!.getBoundingClientRect().top,
  ]);
  expect(numeratorBottom).toBeLessThanOrEqual(denominatorTop! + 1);

  // In Word, the formulas are equations (Office Math), fractions built as fractions.
  const file = await exportFile(page, result, 'Word / Google Docs (.docx)');
  const xml = await (await JSZip.loadAsync(file.bytes)).file('word/document.xml')!.async('string');
  const equations = await page.evaluate((source) => {
    const M = 'http://schemas.openxmlformats.org/officeDocument/2006/math';
    const doc = new DOMParser().parseFromString(source, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length > 0) throw new Error('word/document.xml is not well-formed XML');
    return { count: doc.getElementsByTagNameNS(M, 'oMath').length, fractions: doc.getElementsByTagNameNS(M, 'f').length };
  }, xml);
  expect(equations.count).toBe(count);
  expect(equations.fractions).toBeGreaterThan(0);
  expect((await wordParagraphs(page, file.bytes)).some((p) => p.text.includes('\\frac'))).toBe(false);

  await result.getByRole('button', { name: 'Save to Project' }).click();
  await page.goto(`#/projects/${flowProject.id}`);
  const saved = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: mentor.title }) });
  await expect(saved.locator('math').first()).toBeVisible();
  expect(await saved.locator('math').count()).toBe(count);
});
