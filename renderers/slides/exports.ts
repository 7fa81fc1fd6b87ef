import type PptxGenJS from 'pptxgenjs';
import { baseNameOf, defineExport, withoutControlCharacters, type RendererExports } from '../../src/features/export';
import { slidesContract } from './contract';

/*
 * Slides (.pptx) from a presentation outline, with pptxgenjs
 * (gitbrent.github.io/PptxGenJS: "Text" api-text.html, "Speaker Notes"
 * speaker-notes.html), loaded only when this format is chosen: the library
 * is about half a megabyte. PowerPoint, Keynote and Google Slides open the
 * file. A title slide (the tool, then the topic), then one slide per entry:
 * its title, its points as a bulleted list, and the same points in the
 * speaker notes, so the presenter has them beside the slide. 16:9, Arial,
 * dark text on white; a paragraph whose first letter is Arabic or Hebrew
 * runs right to left. Text is given to the library as text, which escapes it
 * for XML, after dropping what XML cannot hold (control characters, lone
 * surrogates): no markup from a model reaches the file.
 */

type Options = PptxGenJS.TextPropsOptions;

const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const FONT = 'Arial';
const INK = '1A1A1A';
const PAPER = 'FFFFFF';
/** LAYOUT_16x9 is 10 x 5.625 inches; the boxes keep half an inch from the edges. */
const MARGIN = 0.5;
const WIDTH = 10 - 2 * MARGIN;

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

/** Long lists start a size smaller; 'shrink' lets PowerPoint fit the rest when the slide is edited. */
function bodySize(points: readonly string[]): number {
  return points.reduce((n, p) => n + p.length, 0) > 400 ? 18 : 20;
}

const text = { fontFace: FONT, color: INK, margin: 6, fit: 'shrink', wrap: true } satisfies Options;

const slidesExport = defineExport(slidesContract, 'This result is not a slide outline the export can read.');

const pptxFormat = slidesExport.binary({
  key: 'pptx',
  label: 'PowerPoint / Google Slides (.pptx)',
  build: async (outline, input) => {
    const { default: Pptx } = await import('pptxgenjs');
    const pres = new Pptx();
    pres.layout = 'LAYOUT_16x9';
    pres.theme = { headFontFace: FONT, bodyFontFace: FONT };
    pres.title = clean(baseNameOf(input));
    pres.author = 'StudyForge';

    const cover = pres.addSlide();
    cover.background = { color: PAPER };
    const title = clean(input.toolTitle);
    const topic = clean(input.topic ?? '');
    if (title) {
      cover.addText(paragraphs([title], 'center'), { ...text, x: MARGIN, y: 1.2, w: WIDTH, h: 1.6, fontSize: 36, bold: true, valign: 'bottom' });
    }
    if (topic) {
      cover.addText(paragraphs([topic], 'center'), { ...text, x: MARGIN, y: 3.0, w: WIDTH, h: 1.2, fontSize: 24, valign: 'top' });
    }

    for (const entry of outline.slides) {
      const slide = pres.addSlide();
      slide.background = { color: PAPER };
      const heading = clean(entry.title);
      const points = entry.points.map(clean).filter((p) => p !== '');
      if (heading) {
        slide.addText(paragraphs([heading], 'left'), { ...text, x: MARGIN, y: 0.3, w: WIDTH, h: 1.0, fontSize: 32, bold: true, valign: 'middle' });
      }
      if (points.length > 0) {
        slide.addText(paragraphs(points, 'left', { bullet: true }), {
          ...text,
          x: MARGIN,
          y: 1.45,
          w: WIDTH,
          h: 5.625 - 1.45 - MARGIN,
          fontSize: bodySize(points),
          valign: 'top',
          paraSpaceAfter: 6,
        });
        slide.addNotes(points.map((p) => `• ${p}`).join('\n'));
      }
    }

    const out = await pres.write({ outputType: 'uint8array', compression: true });
    // isView, not instanceof: the library's Uint8Array may come from another realm (a test's jsdom).
    if (!ArrayBuffer.isView(out)) throw new Error('The slides could not be written.');
    return {
      baseName: baseNameOf(input),
      extension: 'pptx',
      type: PPTX_TYPE,
      bytes: new Uint8Array(out.buffer, out.byteOffset, out.byteLength),
    };
  },
});

export const slidesExports: RendererExports = { formats: [pptxFormat] };
