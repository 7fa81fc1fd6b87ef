// @vitest-environment jsdom
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractSchemaOf } from '../../kernel/runTool';
import { xssPayloads } from '../../kernel/testing/xssPayloadList';
import { defaultDocument } from './document';
import { docxOfDocument, docxOfProject } from './docx';

/*
 * Word files, opened the way Word opens them: unzipped, and
 * word/document.xml parsed by a real XML parser. A teacher would notice the
 * title, date and inputs at the top, real headings (Word's Heading styles),
 * real lists and tables, a project's contents list linking to each item on
 * its own page; and hostile text must arrive as the same text, never as
 * markup, in a file that still opens.
 */

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

async function wordXml(bytes: Uint8Array): Promise<Document> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file('word/document.xml')!.async('string');
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

const byTag = (node: Document | Element, tag: string) => [...node.getElementsByTagNameNS(W, tag)];
/** A paragraph's text as Word shows it: its runs' text, a line break where the run has one. */
const textOf = (node: Element) =>
  [...node.getElementsByTagName('*')]
    .map((el) => (el.namespaceURI !== W ? '' : el.localName === 't' ? el.textContent : el.localName === 'br' && !el.getAttributeNS(W, 'type') ? '\n' : ''))
    .join('');
const styleOf = (p: Element) => byTag(p, 'pStyle')[0]?.getAttributeNS(W, 'val') ?? null;

/** Each paragraph's style and text, in order. */
function paragraphs(doc: Document): { style: string | null; text: string; list: boolean }[] {
  return byTag(doc, 'p').map((p) => ({ style: styleOf(p), text: textOf(p), list: byTag(p, 'numPr').length > 0 }));
}

const notes = `# Photosynthesis

Plants make **glucose** from light.

## Where it happens
- In the **chloroplasts** of leaf cells
- Mostly in the palisade layer

## The equation
1. Carbon dioxide + water
2. Light energy → glucose + oxygen
`;

const essaySchema = z.object({
  thesis: z.string().describe('Thesis statement'),
  outline: z.string().describe('Outline'),
  evidence: z.array(z.string()).describe('Evidence to find'),
});
const essay = { evidence: ['A study of school uniforms', 'Attendance figures'], thesis: 'Uniforms help **focus**.', outline: '## Introduction\n- Hook\n- Thesis' };

describe('Word export of one result', () => {
  it('a markdown result: title, date and inputs at the top, its headings as Word headings, bullets as a list, bold kept', async () => {
    const doc = defaultDocument({
      toolTitle: 'SmartNotes',
      data: notes,
      madeAt: '2026-11-23T10:00:00Z',
      inputs: [{ label: 'Your notes', value: 'Photosynthesis happens in chloroplasts.' }],
    });
    const xml = await wordXml(await docxOfDocument(doc));
    const ps = paragraphs(xml);
    expect(ps[0]).toMatchObject({ style: 'Title', text: 'SmartNotes' });
    expect(ps[1]!.text).toMatch(/^Made .*2026 with StudyForge$/);
    expect(ps[2]!.text).toBe('Your notes: Photosynthesis happens in chloroplasts.');
    expect(ps.filter((p) => p.style?.startsWith('Heading')).map((p) => [p.style, p.text])).toEqual([
      ['Heading2', 'Photosynthesis'],
      ['Heading3', 'Where it happens'],
      ['Heading3', 'The equation'],
    ]);
    expect(ps.filter((p) => p.list).map((p) => p.text)).toEqual([
      'In the chloroplasts of leaf cells',
      'Mostly in the palisade layer',
      'Carbon dioxide + water',
      'Light energy → glucose + oxygen',
    ]);
    const bold = byTag(xml, 'r').filter((r) => byTag(r, 'b').length > 0).map(textOf);
    expect(bold).toEqual(['glucose', 'chloroplasts']);
  });

  it('a structured result: each field a heading in the schema’s order, with its text', async () => {
    const schema = contractSchemaOf(essaySchema);
    const xml = await wordXml(await docxOfDocument(defaultDocument({ toolTitle: 'Essay Buddy', data: essay, schema })));
    const ps = paragraphs(xml).slice(1);
    expect(ps.map((p) => [p.style, p.text, p.list])).toEqual([
      ['Heading2', 'Thesis statement', false],
      [null, 'Uniforms help focus.', false],
      ['Heading2', 'Outline', false],
      ['Heading3', 'Introduction', false],
      ['ListParagraph', 'Hook', true],
      ['ListParagraph', 'Thesis', true],
      ['Heading2', 'Evidence to find', false],
      ['ListParagraph', 'A study of school uniforms', true],
      ['ListParagraph', 'Attendance figures', true],
    ]);
  });

  it('a list of small flat records becomes a table with a header row repeated on each page', async () => {
    const data = { words: [{ term: 'Mitosis', definition: 'Cell division' }, { term: 'Meiosis', definition: 'Makes gametes' }] };
    const xml = await wordXml(await docxOfDocument(defaultDocument({ toolTitle: 'Glossary', data })));
    const [table] = byTag(xml, 'tbl');
    const rows = byTag(table!, 'tr').map((tr) => byTag(tr, 'tc').map(textOf));
    expect(rows).toEqual([['Term', 'Definition'], ['Mitosis', 'Cell division'], ['Meiosis', 'Makes gametes']]);
    expect(byTag(byTag(table!, 'tr')[0]!, 'tblHeader')).toHaveLength(1);
  });

  it('the XSS corpus, control characters, right-to-left text, emoji and 10,000 words arrive as the same text in a file that opens', async () => {
    const long = Array.from({ length: 10_000 }, (_, i) => `word${i}`).join(' ');
    const points = [...xssPayloads.map((p) => p.payload), 'العربية 💧 H₂O', `bell\u0007 and \u0000null`, long];
    const xml = await wordXml(await docxOfDocument(defaultDocument({ toolTitle: '<script>alert(1)</script>', data: { points } })));
    const texts = paragraphs(xml).map((p) => p.text);
    expect(texts[0]).toBe('<script>alert(1)</script>');
    for (const payload of xssPayloads) expect(texts).toContain(payload.payload.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ''));
    expect(texts).toContain('bell and null');
    expect(texts).toContain(long);
    // Nothing but Word's own elements: no payload became an element.
    const names = new Set([...xml.getElementsByTagName('*')].map((el) => el.localName));
    for (const name of ['script', 'img', 'svg', 'iframe', 'a', 'math']) expect(names.has(name)).toBe(false);
  });
});

describe('Word export of a project', () => {
  it('one file: the project name, a contents list linking to each item, each item on a new page under its heading', async () => {
    const sections = ['Notes on cells', 'Quiz on cells', 'Flashcards'].map((title, i) => ({
      title,
      meta: [],
      blocks: [{ kind: 'paragraph' as const, runs: [{ text: `Body ${i + 1}` }] }],
    }));
    const xml = await wordXml(await docxOfProject({ title: 'Biology', meta: ['3 saved items'], sections }));
    const ps = paragraphs(xml);
    expect(ps[0]).toMatchObject({ style: 'Title', text: 'Biology' });
    const links = byTag(xml, 'hyperlink').map((h) => ({ anchor: h.getAttributeNS(W, 'anchor'), text: textOf(h) }));
    expect(links.map((l) => l.text)).toEqual(['1. Notes on cells', '2. Quiz on cells', '3. Flashcards']);
    const bookmarks = byTag(xml, 'bookmarkStart').map((b) => b.getAttributeNS(W, 'name'));
    expect(bookmarks).toEqual(links.map((l) => l.anchor));
    const headings = ps.filter((p) => p.style === 'Heading1').map((p) => p.text);
    expect(headings).toEqual(['Contents', 'Notes on cells', 'Quiz on cells', 'Flashcards']);
    const pageBreaks = byTag(xml, 'br').filter((br) => br.getAttributeNS(W, 'type') === 'page');
    expect(pageBreaks).toHaveLength(3);
  });
});

describe('Word export of math', () => {
  const M = 'http://schemas.openxmlformats.org/officeDocument/2006/math';
  const mathOf = (doc: Document) => [...doc.getElementsByTagNameNS(M, 'oMath')];
  const mathText = (el: Element) => [...el.getElementsByTagNameNS(M, 't')].map((t) => t.textContent).join('');

  it('writes TeX as Word equations: fractions, powers and roots as Word builds them; text around them kept', async () => {
    const doc = defaultDocument({ toolTitle: 'Math Mentor', data: 'Solve $2x^2 - 7x + 3 = 0$: so $x = \\frac{1}{2}$ or $\\sqrt{9}$.', madeAt: '2026-11-23T10:00:00Z' });
    const xml = await wordXml(await docxOfDocument(doc));
    const maths = mathOf(xml);
    expect(maths).toHaveLength(3);
    expect(maths[0]!.getElementsByTagNameNS(M, 'sSup')).toHaveLength(1);
    expect(mathText(maths[0]!)).toBe('2x2−7x+3=0');
    expect(maths[1]!.getElementsByTagNameNS(M, 'f')).toHaveLength(1);
    expect(maths[2]!.getElementsByTagNameNS(M, 'rad')).toHaveLength(1);
    expect(paragraphs(xml).at(-1)!.text).toBe('Solve : so  or .');
  });

  it('writes a formula Word cannot take, or malformed TeX, as its source; code keeps its dollars', async () => {
    const doc = defaultDocument({ toolTitle: 'Math Mentor', data: 'A matrix $\\begin{pmatrix}1&0\\\\0&1\\end{pmatrix}$, broken $\\frac{1}{$, and `$x$`.', madeAt: '2026-11-23T10:00:00Z' });
    const xml = await wordXml(await docxOfDocument(doc));
    expect(mathOf(xml)).toHaveLength(0);
    expect(paragraphs(xml).at(-1)!.text).toBe('A matrix $\\begin{pmatrix}1&0\\\\0&1\\end{pmatrix}$, broken $\\frac{1}{$, and $x$.');
  });
});
