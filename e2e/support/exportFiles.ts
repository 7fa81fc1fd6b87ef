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

export interface PptxDeck {
  /** The file's properties, as PowerPoint's Info pane shows them (docProps/core.xml and app.xml). */
  properties: { title: string; subject: string; creator: string; company: string };
  /** Each slide in order: its paragraphs' texts, and its speaker notes' lines (the slide number left out). */
  slides: { paragraphs: string[]; notes: string[] }[];
}

/**
 * A .pptx file as PowerPoint lays it out: the slides in the order
 * ppt/presentation.xml lists them, each slide's notes page found through its
 * relationships, every part parsed by the browser's XML parser (a broken part
 * fails here).
 */
export async function pptxDeck(page: Page, bytes: Buffer): Promise<PptxDeck> {
  const zip = await JSZip.loadAsync(bytes);
  const read = async (name: string) => {
    const text = await zip.file(name)?.async('string');
    expect(text, `${name} in the .pptx`).toBeDefined();
    return text!;
  };
  const parts: Record<string, string> = {};
  for (const name of ['ppt/presentation.xml', 'ppt/_rels/presentation.xml.rels', 'docProps/core.xml', 'docProps/app.xml']) parts[name] = await read(name);
  // Every slide and notes part with its relationships: the order and the links are resolved in the page, by the XML parser.
  for (const name of Object.keys(zip.files).filter((n) => /^ppt\/(slides|notesSlides)\/(_rels\/)?\w+\.xml(\.rels)?$/.test(n))) parts[name] = await read(name);
  return page.evaluate((files) => {
    const NS = {
      a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
      p: 'http://schemas.openxmlformats.org/presentationml/2006/main',
      r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
      rel: 'http://schemas.openxmlformats.org/package/2006/relationships',
      dc: 'http://purl.org/dc/elements/1.1/',
      app: 'http://schemas.openxmlformats.org/officeDocument/2006/extended-properties',
    };
    const parse = (name: string) => {
      const source = files[name];
      if (source === undefined) throw new Error(`${name} is missing`);
      const doc = new DOMParser().parseFromString(source, 'application/xml');
      if (doc.getElementsByTagName('parsererror').length > 0) throw new Error(`${name} is not well-formed XML`);
      return doc;
    };
    /** A part's relationships, by id: targets resolved against the part's folder. */
    const relationships = (name: string) => {
      const folder = name.slice(0, name.lastIndexOf('/'));
      const relsName = `${folder}/_rels/${name.slice(folder.length + 1)}.rels`;
      if (!(relsName in files)) return new Map<string, { type: string; target: string }>();
      return new Map(
        [...parse(relsName).getElementsByTagNameNS(NS.rel, 'Relationship')].map((rel) => {
          const target = new URL(rel.getAttribute('Target') ?? '', `https://pptx/${folder}/`).pathname.slice(1);
          return [rel.getAttribute('Id') ?? '', { type: rel.getAttribute('Type') ?? '', target }] as const;
        }),
      );
    };
    const paragraphTexts = (root: Element | Document) =>
      [...root.getElementsByTagNameNS(NS.a, 'p')].map((p) => [...p.getElementsByTagNameNS(NS.a, 't')].map((t) => t.textContent ?? '').join('')).filter((t) => t !== '');
    const presentationRels = relationships('ppt/presentation.xml');
    const slideNames = [...parse('ppt/presentation.xml').getElementsByTagNameNS(NS.p, 'sldId')].map((id) => presentationRels.get(id.getAttributeNS(NS.r, 'id') ?? '')!.target);
    const slides = slideNames.map((name) => {
      const notesName = [...relationships(name).values()].find((rel) => rel.type.endsWith('/notesSlide'))?.target;
      // The notes page's body placeholder holds the notes; another placeholder holds the slide number.
      const body = notesName ? [...parse(notesName).getElementsByTagNameNS(NS.p, 'sp')].find((sp) => sp.getElementsByTagNameNS(NS.p, 'ph')[0]?.getAttribute('type') === 'body') : undefined;
      const notes = body ? paragraphTexts(body).flatMap((text) => text.split(/\r?\n/)).filter((line) => line.trim() !== '') : [];
      return { paragraphs: paragraphTexts(parse(name)), notes };
    });
    const core = parse('docProps/core.xml');
    const property = (doc: Document, ns: string, tag: string) => doc.getElementsByTagNameNS(ns, tag)[0]?.textContent ?? '';
    return {
      properties: {
        title: property(core, NS.dc, 'title'),
        subject: property(core, NS.dc, 'subject'),
        creator: property(core, NS.dc, 'creator'),
        company: property(parse('docProps/app.xml'), NS.app, 'Company'),
      },
      slides,
    };
  }, parts);
}
