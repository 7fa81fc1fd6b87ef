import type PptxGenJS from 'pptxgenjs';
import { deckOf, type Deck, type DeckSlide } from './deck';
import { withoutControlCharacters, type BinaryFile, type ExportInput } from './format';

/*
 * A deck (deck.ts) written as .pptx with pptxgenjs
 * (gitbrent.github.io/PptxGenJS: "Text" api-text.html, "Speaker Notes"
 * speaker-notes.html, "Presentation Properties" api-pres.html), loaded only
 * when a deck is exported: the library is about half a megabyte. PowerPoint,
 * Keynote and Google Slides open the file. A title slide with the topic,
 * then each slide: its title, its text, its speaker notes. The file's
 * properties name the topic and StudyForge (the library's own defaults say
 * "PptxGenJS"). 16:9, Arial, dark text on white; a paragraph whose first
 * letter is Arabic or Hebrew runs right to left. Text is given to the library
 * as text, which escapes it for XML, after dropping what XML cannot hold
 * (control characters, lone surrogates): no markup from a model reaches the
 * file.
 */

type Options = PptxGenJS.TextPropsOptions;

const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const MAKER = 'StudyForge';
const FONT = 'Arial';
const INK = '1A1A1A';
const PAPER = 'FFFFFF';
/** LAYOUT_16x9 is 10 x 5.625 inches; the boxes keep half an inch from the edges. */
const MARGIN = 0.5;
const WIDTH = 10 - 2 * MARGIN;
const BODY_TOP = 1.45;

/** What XML can hold, on one line: a title or a talking point is one line of thought. */
function clean(text: string): string {
  return withoutControlCharacters(text)
    .replace(/\p{Cs}|[\uFFFE\uFFFF]/gu, '')
    .replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')
    .trim();
}

/** Right to left when the first letter is of a right-to-left script (Arabic, Hebrew...). */
const RTL_START = /^[^\p{L}]*[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

function direction(text: string, align: 'left' | 'center'): Options {
  return RTL_START.test(text) ? { rtlMode: true, align: align === 'center' ? 'center' : 'right' } : { align };
}

/** One paragraph per text (the library starts a new one after each breakLine). */
function paragraphs(texts: readonly string[], align: 'left' | 'center', extra: Options = {}): PptxGenJS.TextProps[] {
  return texts.map((text) => ({ text, options: { ...extra, ...direction(text, align), breakLine: true } }));
}

/** Longer text starts smaller, so a levelled paragraph fits; 'shrink' lets PowerPoint fit the rest when the slide is edited. */
function bodySize(points: readonly string[]): number {
  const length = points.reduce((n, p) => n + p.length, 0);
  return length > 900 ? 12 : length > 600 ? 14 : length > 400 ? 18 : 20;
}

const text = { fontFace: FONT, color: INK, margin: 6, fit: 'shrink', wrap: true } satisfies Options;

/** The deck's .pptx bytes. */
export async function pptxOfDeck(deck: Deck): Promise<Uint8Array> {
  const { default: Pptx } = await import('pptxgenjs');
  const pres = new Pptx();
  pres.layout = 'LAYOUT_16x9';
  pres.theme = { headFontFace: FONT, bodyFontFace: FONT };
  pres.title = clean(deck.title);
  pres.subject = clean(deck.subject);
  pres.author = MAKER;
  pres.company = MAKER;

  const cover = pres.addSlide();
  cover.background = { color: PAPER };
  const title = clean(deck.title);
  if (title) cover.addText(paragraphs([title], 'center'), { ...text, x: MARGIN, y: 1.6, w: WIDTH, h: 2.2, fontSize: 40, bold: true, valign: 'middle' });
  const opening = deck.opening.map(clean).filter((line) => line !== '');
  if (opening.length > 0) cover.addNotes(opening.join('\n'));

  for (const entry of deck.slides) {
    const slide = pres.addSlide();
    slide.background = { color: PAPER };
    const heading = clean(entry.title);
    const points = entry.points.map(clean).filter((p) => p !== '');
    if (heading) {
      slide.addText(paragraphs([heading], 'left'), { ...text, x: MARGIN, y: 0.3, w: WIDTH, h: 1.0, fontSize: 32, bold: true, valign: 'middle' });
    }
    if (points.length > 0) {
      slide.addText(paragraphs(points, 'left', entry.bulleted ? { bullet: true } : {}), {
        ...text,
        x: MARGIN,
        y: BODY_TOP,
        w: WIDTH,
        h: 5.625 - BODY_TOP - MARGIN,
        fontSize: bodySize(points),
        valign: 'top',
        paraSpaceAfter: 6,
      });
    }
    const notes = entry.notes.map(clean).filter((line) => line !== '');
    if (notes.length > 0) slide.addNotes(notes.join('\n'));
  }

  const out = await pres.write({ outputType: 'uint8array', compression: true });
  // isView, not instanceof: the library's Uint8Array may come from another realm (a test's jsdom).
  if (!ArrayBuffer.isView(out)) throw new Error('The slides could not be written.');
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** A result's slides as a file titled and named by its topic ("Photosynthesis.pptx"), its subject the tool and topic. */
export async function pptxFileOf(input: ExportInput, slides: DeckSlide[], opening: readonly string[] = []): Promise<BinaryFile> {
  const deck = deckOf(input, slides, opening);
  return { baseName: deck.title, extension: 'pptx', type: PPTX_TYPE, bytes: await pptxOfDeck(deck) };
}
