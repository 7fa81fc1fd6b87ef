import { expect, test, type Locator, type Page } from '@playwright/test';
import { Document, Packer, Paragraph } from 'docx';
import { MAX_DOCX_PARTS_BYTES } from '../src/features/sources/limits';
import { wordBomb } from '../src/features/sources/testing/hostileFiles';
import { makePdf } from '../src/features/sources/testing/makePdf';
import { exampleAnswer, fakeBackend, flowProject, generateButton, openTool, resultRegion, seedActiveProject, seedBackend, toolById } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * Your own material: a PDF, a Word file, text and a photo of
 * printed text attached to a tool's box by the file picker, by dropping and
 * by pasting; the text shows
 * in the box to check before generating, reaches the request, and the result
 * saves. A long PDF asks which pages; a program renamed .pdf says why it
 * cannot be read and the box keeps what it had; the Synthesizer takes
 * several files, one to a source. Fixtures are written by the test: PDFs by
 * makePdf, Word files by the docx library.
 */

const tools = await loadRegistry();
const notes = toolById(tools, 'smart-notes');
const synthesizer = toolById(tools, 'multi-doc-synthesizer');

interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const pdf = (name: string, pages: string[][]): Upload => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(makePdf(pages)) });

async function word(name: string, paragraphs: string[]): Promise<Upload> {
  const doc = new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph(text)) }] });
  return { name, mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: await Packer.toBuffer(doc) };
}

async function pick(page: Page, button: Locator, files: Upload | Upload[]) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(files);
}

/** Drops (or pastes) files on a box as the browser would, with a DataTransfer holding them. */
async function hand(box: Locator, how: 'drop' | 'paste', files: Upload[]) {
  await box.evaluate(
    (el, { how, files }) => {
      const data = new DataTransfer();
      for (const f of files) data.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.mimeType }));
      if (how === 'paste') {
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
        return;
      }
      el.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    { how, files: files.map((f) => ({ name: f.name, mimeType: f.mimeType, bytes: [...f.buffer] })) },
  );
}

test('a PDF picked, a Word file dropped and a text file pasted fill the box to check; the text reaches the request, and the result saves', async ({ page }) => {
  await seedActiveProject(page);
  await seedBackend(page);
  const backend = await fakeBackend(page, { json: exampleAnswer(notes) });
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await openTool(page, notes);
  const box = page.getByLabel('Text to summarise');
  const status = page.getByRole('status').filter({ hasText: /Added the text|Reading|Could not/ });

  await pick(page, page.getByRole('button', { name: 'Attach a file' }), pdf('cells.pdf', [['Cells', 'The nucleus holds the DNA.'], ['Mitochondria release energy.']]));
  const cells = 'Cells\nThe nucleus holds the DNA.\n\nMitochondria release energy.';
  await expect(box).toHaveValue(cells);
  // About four characters a token, against the smallest context we run a model with.
  await expect(status).toContainText(`Added the text of cells.pdf (pages 1 to 2 of 2): ${cells.length} characters, about ${Math.ceil(cells.length / 4)} tokens, 1% of a 16,384-token model context. Check it before you generate.`);

  await hand(box, 'drop', [await word('ribosomes.docx', ['Ribosomes make proteins.', 'They read messenger RNA.'])]);
  await expect(box).toHaveValue(/Mitochondria release energy\.\n\nRibosomes make proteins\.\n\nThey read messenger RNA\.$/);
  await expect(status).toContainText('Added the text of ribosomes.docx');
  // Read off the page's thread: a long Word file never freezes the form.
  expect(workers.some((url) => /docxWorker/.test(url))).toBe(true);

  await hand(box, 'paste', [{ name: 'extra.txt', mimeType: 'text/plain', buffer: Buffer.from('Osmosis moves water.') }]);
  await expect(box).toHaveValue(/They read messenger RNA\.\n\nOsmosis moves water\.$/);

  await generateButton(page, notes).click();
  await expect(resultRegion(page)).toBeVisible();
  const sent = JSON.stringify(backend.bodies()[0]);
  for (const text of ['The nucleus holds the DNA.', 'They read messenger RNA.', 'Osmosis moves water.']) expect(sent).toContain(text);
  await resultRegion(page).getByRole('button', { name: 'Save to Project' }).click();
  await page.goto(`#/projects/${flowProject.id}`);
  await expect(page.getByRole('heading', { level: 2, name: notes.title })).toBeVisible();
});

test('a long PDF asks which pages to read; a program renamed .pdf is refused and the box keeps what it had', async ({ page }) => {
  await openTool(page, notes);
  const box = page.getByLabel('Text to summarise');
  await box.fill('My own notes.');
  const attach = page.getByRole('button', { name: 'Attach a file' });

  await pick(page, attach, { name: 'setup.pdf', mimeType: 'application/pdf', buffer: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0]) });
  await expect(page.getByText('Could not read setup.pdf: This file is a Windows program, not a PDF, a Word file (.docx), a text file or a photo (PNG or JPEG). What was in the box is unchanged.')).toBeVisible();
  await expect(box).toHaveValue('My own notes.');
  await expect(generateButton(page, notes)).toBeEnabled();

  await pick(page, attach, pdf('textbook.pdf', Array.from({ length: 200 }, (_, i) => [`Page ${i + 1} of the textbook.`])));
  const chooser = page.getByRole('group', { name: /textbook\.pdf has 200 pages/ });
  await chooser.getByLabel('From page').fill('120');
  await chooser.getByLabel('to page').fill('122');
  await chooser.getByRole('button', { name: 'Read these pages' }).click();
  await expect(box).toHaveValue('My own notes.\n\nPage 120 of the textbook.\n\nPage 121 of the textbook.\n\nPage 122 of the textbook.');
  await expect(page.getByText(/Added the text of textbook\.pdf \(pages 120 to 122 of 200\)/)).toBeVisible();
  await expect(chooser).toHaveCount(0);
});

test('a Word file that unpacks to hundreds of megabytes is refused with its reason, and the form stays usable', async ({ page }) => {
  await seedActiveProject(page);
  await openTool(page, notes);
  const box = page.getByLabel('Text to summarise');
  await box.fill('Chapter 5: enzymes.');
  // 300 KB that unpacks to 300 MB, its zip directory claiming a few kilobytes.
  const bomb = { name: 'enzymes.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: Buffer.from(wordBomb(300, { lying: true })) };
  await pick(page, page.getByRole('button', { name: 'Attach a file' }), bomb);
  await expect(
    page.getByText(
      `Could not read enzymes.docx: This Word file unpacks to more than ${MAX_DOCX_PARTS_BYTES / (1024 * 1024)} MB of text and layout, more than can be read here. Save the part you need as a document of its own (or as a PDF) and attach that. What was in the box is unchanged.`,
    ),
  ).toBeVisible();
  await expect(box).toHaveValue('Chapter 5: enzymes.');
  // The Word reader's worker is ended, and the form answers: typing, attaching again, generating.
  await expect.poll(() => page.workers().length).toBe(0);
  await box.pressSequentially(' Catalysts lower activation energy.');
  await expect(box).toHaveValue('Chapter 5: enzymes. Catalysts lower activation energy.');
  await expect(page.getByRole('button', { name: 'Attach a file' })).toBeEnabled();
  await generateButton(page, notes).click();
  await expect(resultRegion(page)).toBeVisible();
});

test('the Synthesizer takes several files at once, one to a source, each starting with its file name', async ({ page }) => {
  await openTool(page, synthesizer);
  await pick(page, page.getByRole('button', { name: 'Attach files' }).first(), [
    pdf('survey.pdf', [['Heavy phone users slept worse.']]),
    await word('review.docx', ['The effect of screens is small.']),
  ]);
  await expect(page.getByLabel('Source 1')).toHaveValue('File: survey.pdf\n\nHeavy phone users slept worse.');
  await expect(page.getByLabel('Source 2')).toHaveValue('File: review.docx\n\nThe effect of screens is small.');
  await expect(page.getByLabel('Source 3')).toHaveValue('');
  await expect(page.getByText('Added the text into Source 2 of review.docx', { exact: false })).toBeVisible();
});

/** Characters in the right place, as a share: 1 - edit distance / length of the known text. */
function accuracy(known: string, read: string): number {
  const a = known.toLowerCase().replace(/\s+/g, ' ').trim();
  const b = read.toLowerCase().replace(/\s+/g, ' ').trim();
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return 1 - row[b.length]! / a.length;
}

test('a photo of printed text is read by text recognition in the browser, and its reading can be cancelled; a picture with no text says so', async ({ page }, testInfo) => {
  // The engine and its language data (7 MB) load on the first photo.
  test.setTimeout(120_000);
  await seedActiveProject(page);
  await openTool(page, notes);
  const lines = ['Photosynthesis turns light energy', 'into chemical energy stored in glucose.', 'It takes place in the chloroplasts.'];
  // A photo of a printed page, made by the browser: dark text on off-white, as a phone would see it.
  const photo = async (text: readonly string[]) =>
    Buffer.from(
      await page.evaluate(async (text) => {
        const canvas = new OffscreenCanvas(1000, 80 + text.length * 56);
        const ctx = canvas.getContext('2d')!;
        ctx.fillStyle = '#f4f1ea';
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        ctx.fillStyle = '#202020';
        ctx.font = '36px serif';
        text.forEach((line, i) => ctx.fillText(line, 40, 70 + i * 56));
        return [...new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer())];
      }, text),
    );
  const box = page.getByLabel('Text to summarise');
  const attach = page.getByRole('button', { name: 'Attach a file' });

  // Cancel while the photo is read: the box keeps its text and the recogniser's worker is ended, not left running.
  await box.fill('Chapter 4.');
  await pick(page, attach, { name: 'board.png', mimeType: 'image/png', buffer: await photo(lines) });
  await page.getByRole('button', { name: 'Cancel reading' }).click();
  await expect(page.getByText('Reading board.png was cancelled. What was in the box is unchanged.')).toBeVisible();
  await expect(box).toHaveValue('Chapter 4.');
  // tesseract.js hands over its worker only once loaded, so it may take the load's time to end.
  await expect.poll(() => page.workers().length, { timeout: 30_000 }).toBe(0);
  await expect(attach).toBeEnabled();
  await box.fill('');

  await pick(page, attach, { name: 'board.png', mimeType: 'image/png', buffer: await photo(lines) });
  await expect(page.getByText(/Added the text of board\.png/)).toBeVisible({ timeout: 60_000 });
  const read = await box.inputValue();
  const score = accuracy(lines.join(' '), read);
  testInfo.annotations.push({ type: 'OCR accuracy', description: `${(score * 100).toFixed(1)}% of characters (${read.length} read)` });
  console.log(`OCR accuracy on the generated photo: ${(score * 100).toFixed(1)}%`);
  expect(score).toBeGreaterThan(0.9);
  // The recogniser's language data is not cached in the browser's databases (cacheMethod 'none'): nothing stays behind.
  expect(await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))).toEqual([]);

  await pick(page, attach, { name: 'blank.png', mimeType: 'image/png', buffer: await photo([]) });
  await expect(page.getByText('Could not read blank.png: No text was found in this picture.', { exact: false })).toBeVisible({ timeout: 60_000 });
  await expect(box).toHaveValue(read);

  // The photo's text makes a result (the sample answers, no backend set), which saves.
  await generateButton(page, notes).click();
  await resultRegion(page).getByRole('button', { name: 'Save to Project' }).click();
  await page.goto(`#/projects/${flowProject.id}`);
  await expect(page.getByRole('heading', { level: 2, name: notes.title })).toBeVisible();
});
