// @vitest-environment jsdom
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { slidesFormat } from './documentFormats';
import { exportContext } from './available';
import type { ExportInput } from './format';

/*
 * The generic slides format, written by pptxgenjs and opened again as
 * PowerPoint would (unzipped, each part read by a strict XML parser): a title
 * slide with the topic, one slide per section, the details as notes lines,
 * and properties naming the topic and StudyForge rather than the library.
 */

const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';

async function open(bytes: Uint8Array) {
  const zip = await JSZip.loadAsync(bytes);
  const xml = async (name: string) => {
    const doc = new DOMParser().parseFromString(await zip.file(name)!.async('string'), 'application/xml');
    expect(doc.getElementsByTagName('parsererror'), name).toHaveLength(0);
    return doc;
  };
  const texts = (doc: Document) => [...doc.getElementsByTagNameNS(A, 'p')].map((p) => [...p.getElementsByTagNameNS(A, 't')].map((t) => t.textContent).join('')).filter(Boolean);
  const count = Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).length;
  const slides = await Promise.all(Array.from({ length: count }, async (_, i) => texts(await xml(`ppt/slides/slide${i + 1}.xml`))));
  // Each notes page: its body's text (the last paragraph is the slide number).
  const notes = await Promise.all(Array.from({ length: count }, async (_, i) => texts(await xml(`ppt/notesSlides/notesSlide${i + 1}.xml`)).slice(0, -1).join('\n')));
  const core = await xml('docProps/core.xml');
  const app = await zip.file('docProps/app.xml')!.async('string');
  return { slides, notes, core: (tag: string) => core.getElementsByTagName(tag)[0]?.textContent, app, all: await Promise.all(Object.keys(zip.files).filter((n) => n.endsWith('.xml')).map((n) => zip.file(n)!.async('string'))) };
}

const lesson = {
  variant1: '### Discovery lab\nObjective: describe photosynthesis.\n\n| Phase | Time | What happens |\n|---|---|---|\n| Hook | 5 min | Show a sealed jar. |\n| Exit ticket | 10 min | Write the word equation. |',
  differentiation: ['Support: a word bank.', 'Stretch: the symbol equation.'],
};

describe('slides from any result with sections', () => {
  it('a title slide with the topic, one slide per section, times and details as notes lines, properties naming the topic and StudyForge', async () => {
    const input: ExportInput = { toolTitle: 'Lesson Plan Variator', topic: 'Photosynthesis', data: lesson, inputs: [{ label: 'Lesson topic', value: 'Photosynthesis' }] };
    const file = await slidesFormat.build(input, exportContext(input, undefined));
    expect(file).toMatchObject({ baseName: 'Photosynthesis', extension: 'pptx' });
    const deck = await open(file.bytes);
    expect(deck.slides).toEqual([
      ['Photosynthesis'],
      ['Variant 1: Discovery lab', 'Objective: describe photosynthesis.', 'Hook', 'Exit ticket'],
      ['Differentiation', 'Support: a word bank.', 'Stretch: the symbol equation.'],
    ]);
    expect(deck.notes[1]).toBe('Hook (5 min): Show a sealed jar.\nExit ticket (10 min): Write the word equation.');
    expect(deck.notes[2]).toBe('');
    expect(deck.core('dc:title')).toBe('Photosynthesis');
    expect(deck.core('dc:subject')).toBe('Lesson Plan Variator - Photosynthesis');
    expect(deck.core('dc:creator')).toBe('StudyForge');
    expect(deck.app).toContain('<Company>StudyForge</Company>');
    for (const part of deck.all) expect(part).not.toMatch(/PptxGenJS/i);
  }, 30_000);

  it("without a known topic, the deck and its file are the tool's name", async () => {
    const input: ExportInput = { toolTitle: 'Differentiated Text Generator', data: { levelA2: 'Bees are important.', levelB1: 'Bees matter.' } };
    const file = await slidesFormat.build(input, exportContext(input, undefined));
    expect(file.baseName).toBe('Differentiated Text Generator');
    const deck = await open(file.bytes);
    expect(deck.slides[0]).toEqual(['Differentiated Text Generator']);
    expect(deck.core('dc:title')).toBe('Differentiated Text Generator');
  }, 30_000);
});
