import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import JSZip from 'jszip';

/*
 * Exported files read back the way the programs that open them would:
 * Office files unzipped (jszip) and their XML parsed by the
 * browser's own XML parser; the text formats by the flows themselves.
 */

export interface Downloaded {
  name: string;
  bytes: Buffer;
}

/** Opens the Export menu in `scope`, chooses `label`, and returns the file the browser downloads. */
export async function exportFile(page: Page, scope: Locator, label: string): Promise<Downloaded> {
  await scope.getByRole('button', { name: /^Export/ }).click();
  const menu = scope.getByRole('list', { name: 'Export formats' });
  const [file] = await Promise.all([page.waitForEvent('download'), menu.getByRole('button', { name: label }).click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

export interface WordParagraph {
  /** Word's paragraph style: Title, Heading1..6, ListParagraph, or null for body text. */
  style: string | null;
  text: string;
  /** Starts a new page. */
  pageBreak: boolean;
}

/** A .docx file's paragraphs, from word/document.xml parsed by the browser's XML parser (a broken file fails here). */
export async function wordParagraphs(page: Page, bytes: Buffer): Promise<WordParagraph[]> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file('word/document.xml')?.async('string');
  expect(xml, 'word/document.xml in the .docx').toBeDefined();
  return page.evaluate((source) => {
    const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
    const doc = new DOMParser().parseFromString(source, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length > 0) throw new Error('word/document.xml is not well-formed XML');
    return [...doc.getElementsByTagNameNS(W, 'p')].map((p) => ({
      style: p.getElementsByTagNameNS(W, 'pStyle')[0]?.getAttributeNS(W, 'val') ?? null,
      text: [...p.getElementsByTagNameNS(W, 't')].map((t) => t.textContent).join(''),
      pageBreak: [...p.getElementsByTagNameNS(W, 'br')].some((br) => br.getAttributeNS(W, 'type') === 'page'),
    }));
  }, xml!);
}

/** A .pptx file's slides, each as the texts of its text runs, with its speaker notes; parsed by the browser's XML parser. */
export async function pptxSlides(page: Page, bytes: Buffer): Promise<{ texts: string[]; notes: string }[]> {
  const zip = await JSZip.loadAsync(bytes);
  const slideNames = Object.keys(zip.files)
    .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
    .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
  const parts = await Promise.all(
    slideNames.map(async (name) => {
      const n = name.match(/(\d+)\.xml$/)![1];
      const rels = await zip.file(`ppt/slides/_rels/slide${n}.xml.rels`)?.async('string');
      const notesTarget = rels?.match(/Target="\.\.\/notesSlides\/(notesSlide\d+\.xml)"/)?.[1];
      const notes = notesTarget ? await zip.file(`ppt/notesSlides/${notesTarget}`)!.async('string') : '';
      return { slide: await zip.file(name)!.async('string'), notes };
    }),
  );
  return page.evaluate((sources) => {
    const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
    const parse = (source: string) => {
      const doc = new DOMParser().parseFromString(source, 'application/xml');
      if (doc.getElementsByTagName('parsererror').length > 0) throw new Error('a slide is not well-formed XML');
      return [...doc.getElementsByTagNameNS(A, 't')].map((t) => t.textContent ?? '');
    };
    return sources.map(({ slide, notes }) => ({ texts: parse(slide), notes: notes ? parse(notes).join('\n') : '' }));
  }, parts);
}

/** A QTI .zip's questions as Canvas reads them: the manifest's quiz file, parsed by the browser's XML parser; each item's type and the choice it scores. */
export async function qtiQuestions(page: Page, bytes: Buffer): Promise<{ type: string; right: string }[]> {
  const zip = await JSZip.loadAsync(bytes);
  const manifest = await zip.file('imsmanifest.xml')?.async('string');
  expect(manifest, 'imsmanifest.xml in the .zip').toBeDefined();
  const href = manifest!.match(/<resource [^>]*type="imsqti_xmlv1p2" href="([^"]+)"/)?.[1];
  expect(href, 'a QTI resource in the manifest').toBeDefined();
  const quiz = await zip.file(href!)?.async('string');
  expect(quiz, `${href} in the .zip`).toBeDefined();
  return page.evaluate((source) => {
    const Q = 'http://www.imsglobal.org/xsd/ims_qtiasiv1p2';
    const doc = new DOMParser().parseFromString(source, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length > 0) throw new Error('the QTI file is not well-formed XML');
    const byTag = (node: Element | Document, tag: string) => [...node.getElementsByTagNameNS(Q, tag)];
    return byTag(doc, 'item').map((item) => {
      const type = byTag(item, 'qtimetadatafield').find((f) => byTag(f, 'fieldlabel')[0]?.textContent === 'question_type');
      const scored = byTag(item, 'varequal')[0]?.textContent ?? '';
      const label = byTag(item, 'response_label').find((l) => l.getAttribute('ident') === scored);
      return { type: (type && byTag(type, 'fieldentry')[0]?.textContent) || '', right: (label ? byTag(label, 'mattext')[0]?.textContent : scored) ?? '' };
    });
  }, quiz!);
}
