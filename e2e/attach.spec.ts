import { expect, test, type Locator, type Page } from '@playwright/test';
import { Document, Packer, Paragraph } from 'docx';
import { makePdf } from '../src/engine/testing/makePdf';
import { exampleAnswer, fakeBackend, flowProject, generateButton, openTool, resultRegion, seedActiveProject, seedBackend, toolById } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * Your own material (issue 16): a PDF, a Word file and text attached to a
 * tool's box by the file picker, by dropping and by pasting; the text shows
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
