// @vitest-environment jsdom
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { BinaryFormat, ExportContext, ExportInput } from '../../src/features/export';
import { xssPayloads } from '../../src/kernel/testing/xssPayloadList';
import { slidesExports } from './exports';

/*
 * A presentation outline as .pptx, opened again as PowerPoint
 * would: unzipped (jszip) and every part read by a strict XML parser. The
 * deck has a title slide naming the topic, then one slide per entry with its
 * title and its points as bullets, and no speaker notes repeating them; it
 * is named and titled by the topic, its properties name StudyForge;
 * right-to-left text runs right to left; hostile model output stays text.
 */

const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const MESSAGE = 'This result is not a slide outline the export can read.';

const pptx = slidesExports.formats?.find((f): f is BinaryFormat => f.kind === 'binary' && f.key === 'pptx');
const context: ExportContext = {
  document: () => {
    throw new Error('the slides export reads the outline, not the document');
  },
};
const build = (input: ExportInput) => {
  if (!pptx) throw new Error('no pptx format');
  return pptx.build(input, context);
};

interface Part {
  name: string;
  xml: string;
  doc: Document;
}
interface Deck {
  parts: Part[];
  slides: Part[];
  notes: Part[];
}

function parse(name: string, xml: string): Part {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror'), `${name} is well-formed XML`).toHaveLength(0);
  return { name, xml, doc };
}

async function open(bytes: Uint8Array): Promise<Deck> {
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files).filter((n) => /\.(xml|rels)$/.test(n));
  const parts = await Promise.all(names.map(async (n) => parse(n, await zip.file(n)!.async('string'))));
  const numbered = (pattern: RegExp) =>
    parts
      .filter((p) => pattern.test(p.name))
      .map((p) => ({ p, n: Number(pattern.exec(p.name)![1]) }))
      .sort((a, b) => a.n - b.n)
      .map(({ p, n }, i) => {
        expect(n, `${p.name} is numbered in sequence`).toBe(i + 1);
        return p;
      });
  return { parts, slides: numbered(/^ppt\/slides\/slide(\d+)\.xml$/), notes: numbered(/^ppt\/notesSlides\/notesSlide(\d+)\.xml$/) };
}

/** The text of each non-empty paragraph (<a:p>), its runs (<a:t>) joined. */
function paragraphs(part: Part): string[] {
  return [...part.doc.getElementsByTagNameNS(A, 'p')]
    .map((p) => [...p.getElementsByTagNameNS(A, 't')].map((t) => t.textContent ?? '').join(''))
    .filter((t) => t !== '');
}

/** The <a:pPr> of the paragraph whose text is `text`. */
function paragraphProps(part: Part, text: string): Element | null {
  const p = [...part.doc.getElementsByTagNameNS(A, 'p')].find((el) => [...el.getElementsByTagNameNS(A, 't')].map((t) => t.textContent).join('') === text);
  if (!p) throw new Error(`no paragraph "${text}" in ${part.name}`);
  return p.getElementsByTagNameNS(A, 'pPr')[0] ?? null;
}
const isBulleted = (pPr: Element | null) => !!pPr && pPr.getElementsByTagNameNS(A, 'buChar').length + pPr.getElementsByTagNameNS(A, 'buAutoNum').length > 0;
const notesText = (part: Part) => [...part.doc.getElementsByTagNameNS(A, 't')].map((t) => t.textContent ?? '').join('\n');

const outline = {
  slides: [
    { title: 'What plants need 🌱', points: ['Light + water → sugar ☀️', 'Chlorophyll is green 💚'] },
    { title: 'البناء الضوئي', points: ['تحوّل النباتات ضوء الشمس إلى طاقة 🌞', 'الكلوروفيل صبغة خضراء'] },
    { title: 'Review', points: ['A family emoji 👨‍👩‍👧 stays whole', 'CO₂ + H₂O → C₆H₁₂O₆ + O₂'] },
  ],
};

describe('PowerPoint export', () => {
  it('a title slide with the topic, then one slide per entry: its title, its points as bullets, no notes repeating them', async () => {
    const file = await build({ toolTitle: 'Presentation Generator', topic: 'Photosynthesis', data: outline });
    expect(file).toMatchObject({
      baseName: 'Photosynthesis',
      extension: 'pptx',
      type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    });
    const deck = await open(file.bytes);

    // 16:9, as a projector or Google Slides shows it.
    const size = deck.parts.find((p) => p.name === 'ppt/presentation.xml')!.doc.getElementsByTagNameNS('http://schemas.openxmlformats.org/presentationml/2006/main', 'sldSz')[0]!;
    expect(Number(size.getAttribute('cx')) / Number(size.getAttribute('cy'))).toBeCloseTo(16 / 9, 2);

    expect(deck.slides).toHaveLength(outline.slides.length + 1);
    expect(paragraphs(deck.slides[0]!)).toEqual(['Photosynthesis']);
    expect(notesText(deck.notes[0]!)).not.toContain('Light');

    // The file's properties: the topic, the tool, and StudyForge; none of the library's own defaults.
    const core = deck.parts.find((p) => p.name === 'docProps/core.xml')!;
    const property = (part: Part, name: string) => part.doc.getElementsByTagName(name)[0]?.textContent;
    expect(property(core, 'dc:title')).toBe('Photosynthesis');
    expect(property(core, 'dc:subject')).toBe('Presentation Generator - Photosynthesis');
    expect(property(core, 'dc:creator')).toBe('StudyForge');
    expect(property(deck.parts.find((p) => p.name === 'docProps/app.xml')!, 'Company')).toBe('StudyForge');
    for (const part of deck.parts) expect(part.xml, part.name).not.toMatch(/PptxGenJS/i);

    for (const [i, entry] of outline.slides.entries()) {
      const slide = deck.slides[i + 1]!;
      expect(paragraphs(slide), `slide ${i + 2}`).toEqual([entry.title, ...entry.points]);
      expect(isBulleted(paragraphProps(slide, entry.title)), `slide ${i + 2}'s title`).toBe(false);
      for (const point of entry.points) expect(isBulleted(paragraphProps(slide, point)), point).toBe(true);

      const notes = deck.notes.find((n) => deck.parts.find((p) => p.name === n.name.replace('notesSlides/', 'notesSlides/_rels/') + '.rels')!.xml.includes(`slides/slide${i + 2}.xml"`));
      // The outline has nothing beyond its slides: the notes neither repeat a point nor carry a bullet character.
      for (const point of entry.points) expect(notes ? notesText(notes) : '').not.toContain(point);
      expect(notes ? notesText(notes) : '').not.toContain('•');
    }
  });

  it('Arabic paragraphs run right to left, English ones left to right', async () => {
    const deck = await open((await build({ toolTitle: 'Presentation Generator', data: outline })).bytes);
    const rtl = (text: string) => paragraphProps(deck.slides[2]!, text)?.getAttribute('rtl');
    expect(rtl('البناء الضوئي')).toBe('1');
    expect(rtl('الكلوروفيل صبغة خضراء')).toBe('1');
    expect(paragraphProps(deck.slides[1]!, 'Light + water → sugar ☀️')?.getAttribute('rtl') ?? '0').toBe('0');
  });

  it("without a topic, the title slide and the file are the tool's name", async () => {
    const file = await build({ toolTitle: 'Presentation Generator', data: outline });
    expect(file.baseName).toBe('Presentation Generator');
    const deck = await open(file.bytes);
    expect(paragraphs(deck.slides[0]!)).toEqual(['Presentation Generator']);
  });

  it('the XSS corpus, control characters, lone surrogates and a 10,000-word point stay literal text in a valid file', async () => {
    const flat = (s: string) => s.replace(/\s*\n+\s*/g, ' ').trim();
    const longPoint = Array.from({ length: 10_000 }, (_, i) => `word${i}`).join(' ');
    const hostile = {
      slides: [
        ...xssPayloads.map((p) => ({ title: `\u0007${p.payload}\u001b`, points: [`${p.payload}\u0000`, `id ${p.id}\u000b\u007f`] })),
        { title: 'Long \uD800 and \uDC00 lone halves', points: [longPoint] },
      ],
    };
    const deck = await open((await build({ toolTitle: 'Presentation <Generator>', topic: '<script>x</script>\u0001', data: hostile })).bytes);

    expect(deck.slides).toHaveLength(hostile.slides.length + 1);
    expect(paragraphs(deck.slides[0]!)).toEqual(['<script>x</script>']);
    for (const [i, p] of xssPayloads.entries()) {
      const slide = deck.slides[i + 1]!;
      expect(paragraphs(slide), p.id).toEqual([flat(p.payload), flat(p.payload), `id ${p.id}`]);
    }
    const last = deck.slides.at(-1)!;
    expect(paragraphs(last)).toEqual(['Long  and  lone halves', longPoint]);

    // No payload became markup: no such element in any part, and no part holds a raw tag.
    const markup = new Set(['script', 'img', 'svg', 'iframe', 'math', 'object', 'embed', 'video', 'audio', 'form', 'body', 'html', 'meta', 'base', 'link', 'template']);
    for (const part of deck.parts) {
      const names = [...part.doc.getElementsByTagName('*')].map((el) => el.localName.toLowerCase());
      expect(names.filter((n) => markup.has(n)), part.name).toEqual([]);
      expect(part.xml, part.name).not.toMatch(/<(script|img|svg|iframe)\b/i);
    }
  }, 60_000); // some 200 slides, written then read back

  it('refuses, with a reason, a result that is not a slide outline', async () => {
    for (const data of ['## text', { slides: [] }, { slides: [{ title: 'No points' }] }, null]) {
      await expect(build({ toolTitle: 'Presentation Generator', data })).rejects.toThrow(MESSAGE);
    }
  });
});
