import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { flowProject, generateExample, seedActiveProject, toolById } from './support/app';
import { loadRegistry } from './support/registry';
import { exportFile, pptxSlides, wordParagraphs } from './support/exportFiles';
import { savedItem, WORD } from './support/exportPage';

/*
 * Export of any result as a document: Word, printed and copied with its
 * structure, slides as PowerPoint; downloaded from a result and from the same
 * result saved to a project, the Office files unzipped and their XML parsed.
 */

const tools = await loadRegistry();

test('Word: the result with its title, date and inputs, headings and lists; the same from the saved item; the project as one file with contents', async ({ page }) => {
  const essay = toolById(tools, 'essay-buddy');
  const output = essay.example.output as { thesis: string; structure: string[] };
  await seedActiveProject(page);
  const result = await generateExample(page, essay);
  await expect(result).toContainText(output.thesis);

  const file = await exportFile(page, result, WORD);
  // A '?' no file system takes is left out.
  expect(file.name).toBe('Essay Buddy - Should schools ban mobile phones during the school day.docx');
  const word = await wordParagraphs(page, file.bytes);
  expect(word[0]).toMatchObject({ style: 'Title', text: 'Essay Buddy' });
  expect(word[1]!.text).toMatch(/^Made .+ with StudyForge$/);
  expect(word[2]!.text).toBe(`Essay topic or question: ${(essay.example.input as { topic: string }).topic}`);
  expect(word.filter((p) => p.style === 'Heading2').map((p) => p.text)).toEqual(['Thesis', 'Structure', 'Introduction paragraph']);
  expect(word.filter((p) => p.style === 'ListParagraph').map((p) => p.text)).toEqual(output.structure);
  await expect(page.getByRole('status').filter({ hasText: `Exported ${file.name}` })).toBeAttached();

  await result.getByRole('button', { name: 'Save to Project' }).click();
  await page.goto(`#/projects/${flowProject.id}`);
  const again = await wordParagraphs(page, (await exportFile(page, savedItem(page, essay.title), WORD)).bytes);
  // A saved item keeps no inputs: its date is the day it was saved.
  expect(again.filter((p) => p.style !== null).map((p) => p.text)).toEqual(word.filter((p) => p.style !== null).map((p) => p.text));

  const [projectFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export as Word' }).click()]);
  expect(projectFile.suggestedFilename()).toBe(`${flowProject.name}.docx`);
  const project = await wordParagraphs(page, await readFile((await projectFile.path())!));
  expect(project[0]).toMatchObject({ style: 'Title', text: flowProject.name });
  expect(project.filter((p) => p.style === 'Heading1').map((p) => p.text)).toEqual(['Contents', expect.stringMatching(/^Essay Buddy, saved /)]);
  expect(project.some((p) => p.pageBreak)).toBe(true);
});

test('Print / Save as PDF prints only the result, as a document, with the app hidden', async ({ page }) => {
  const essay = toolById(tools, 'essay-buddy');
  const output = essay.example.output as { thesis: string };
  const result = await generateExample(page, essay);
  await expect(result).toContainText(output.thesis);
  // The browser's print dialog cannot be driven from a test: print() is recorded instead, and the page printed to PDF below.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await result.getByRole('button', { name: /^Export/ }).click();
  await result.getByRole('button', { name: 'Print / Save as PDF' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  const printed = page.locator('#print-root');
  await expect(printed).toBeVisible();
  await expect(printed.locator('h1')).toHaveText('Essay Buddy');
  await expect(printed).toContainText(output.thesis);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.locator('main')).toBeHidden();
  const pdf = await page.pdf();
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // Printing over, the page is as it was.
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.emulateMedia({ media: 'screen' });
  await expect(printed).toHaveCount(0);
  await expect(result).toContainText(output.thesis);
});

test('Copy puts the result on the clipboard as rich HTML (headings, lists) and as plain text', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const essay = toolById(tools, 'essay-buddy');
  const output = essay.example.output as { thesis: string; structure: string[] };
  const result = await generateExample(page, essay);
  await expect(result).toContainText(output.thesis);
  await result.getByRole('button', { name: 'Copy' }).click();
  await expect(result.getByRole('button', { name: 'Copied' })).toBeVisible();
  const clipboard = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    return { types: item!.types, html: await (await item!.getType('text/html')).text(), text: await (await item!.getType('text/plain')).text() };
  });
  expect(clipboard.types).toEqual(expect.arrayContaining(['text/html', 'text/plain']));
  const pasted = await page.evaluate((html) => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return { headings: [...doc.querySelectorAll('h2')].map((h) => h.textContent), items: [...doc.querySelectorAll('li')].map((li) => li.textContent), scripts: doc.querySelectorAll('script, [onerror], [onclick]').length };
  }, clipboard.html);
  expect(pasted.headings).toEqual(['Thesis', 'Structure', 'Introduction paragraph']);
  expect(pasted.items).toEqual(output.structure);
  expect(pasted.scripts).toBe(0);
  expect(clipboard.text).toContain(output.thesis);
  expect(clipboard.text).not.toContain('<');
});

test('slides as PowerPoint: a title slide with the topic, then one slide per entry, no notes repeating its points; from the saved item too', async ({ page }) => {
  const deck = toolById(tools, 'presentation-generator');
  const { slides } = deck.example.output as { slides: { title: string; points: string[] }[] };
  await seedActiveProject(page);
  const result = await generateExample(page, deck);
  await expect(result).toContainText(slides[0]!.title);
  const file = await exportFile(page, result, 'PowerPoint / Google Slides (.pptx)');
  expect(file.name).toBe('The water cycle.pptx');
  const read = await pptxSlides(page, file.bytes);
  expect(read).toHaveLength(slides.length + 1);
  expect(read[0]!.texts).toEqual(['The water cycle']);
  slides.forEach((slide, i) => {
    expect(read[i + 1]!.texts).toEqual([slide.title, ...slide.points]);
    for (const point of slide.points) expect(read[i + 1]!.notes).not.toContain(point);
  });

  await result.getByRole('button', { name: 'Save to Project' }).click();
  await page.goto(`#/projects/${flowProject.id}`);
  const again = await pptxSlides(page, (await exportFile(page, savedItem(page, deck.title), 'PowerPoint / Google Slides (.pptx)')).bytes);
  expect(again.slice(1)).toEqual(read.slice(1));
});
