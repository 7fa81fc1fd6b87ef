// @vitest-environment jsdom
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { rendererExports, rendererKeyFor } from '../renderers';
import { loadTool, tools as catalogue } from '../src/kernel/catalogue';
import { availableFormats, exportContext, type OptionalFormats } from '../src/features/export/available';
import { slidesOf } from '../src/features/export/deck';
import type { Block, ListItem } from '../src/features/export/document';
import { docxOfDocument } from '../src/features/export/docx';
import type { ExportFormatKey, ExportInput } from '../src/features/export/format';
import { contentHtml } from '../src/features/export/html';
import { splitMath } from '../src/kernel/mathDelimiters';
import { contractSchemaOf } from '../src/kernel/runTool';

/*
 * Every registry entry's example result, exported: the formats it
 * is offered (Word and print for all, its renderer's and its data's own, its
 * file's additions), and its Word file opened as Word would: unzipped, the
 * XML parsed, the tool's title at the top and the result's words in the body;
 * and the rich copy's HTML holding the same words.
 * Covers every renderer kind, and an author's new tool with no line of export
 * code.
 */

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const optional: OptionalFormats = { ics: () => import('../src/features/export/studyPlanCalendar').then((m) => m.studyPlanCalendarFormat) };

/** A few words the result's text must contain, wherever it sits in the data. */
function someWordsOf(data: unknown): string[] {
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(data);
  return strings
    .flatMap((s) => s.split(/[\s*_`#>|[\]()]+/))
    .filter((w) => /^[A-Za-z]{6,}$/.test(w))
    .slice(0, 5);
}

/** The texts a document puts in paragraphs of their own: headings, paragraphs, list items, table cells (one line each). */
function atomsOf(blocks: readonly Block[]): string[] {
  const runs = (r: readonly { text: string }[]) => r.map((x) => x.text).join('');
  const items = (list: { items: readonly ListItem[] }): string[] => list.items.flatMap((item) => [runs(item.runs), ...(item.children ? items(item.children) : [])]);
  return blocks
    .flatMap((block) => {
      switch (block.kind) {
        case 'heading':
          return [block.text];
        case 'paragraph':
        case 'quote':
          return [runs(block.runs)];
        case 'list':
          return items(block);
        case 'table':
          return [...block.header, ...block.rows.flat()];
        default:
          return [];
      }
    })
    .filter((text) => text.trim() !== '' && !text.includes('\n'));
}

async function wordText(bytes: Uint8Array): Promise<{ title: string; body: string }> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = new DOMParser().parseFromString(await zip.file('word/document.xml')!.async('string'), 'application/xml');
  expect(xml.getElementsByTagName('parsererror')).toHaveLength(0);
  const paragraphs = [...xml.getElementsByTagNameNS(W, 'p')].map((p) => [...p.getElementsByTagNameNS(W, 't')].map((t) => t.textContent).join(''));
  return { title: paragraphs[0] ?? '', body: paragraphs.slice(1).join('\n') };
}

const expectedKeys: Partial<Record<string, ExportFormatKey[]>> = {
  'interactive-quiz-builder': ['docx', 'print', 'gift', 'qti', 'pptx'],
  'quiz-whiz': ['docx', 'print', 'gift', 'qti', 'pptx'],
  // One table of cards, no sections: no slides.
  'flashcard-generator': ['docx', 'print', 'quizlet', 'anki', 'csv'],
  'presentation-generator': ['docx', 'print', 'pptx'],
  'focus-sprint-planner': ['docx', 'print', 'ics', 'pptx'],
  'study-plan-ai': ['docx', 'print', 'pptx', 'ics'],
  'group-project-coordinator': ['docx', 'print', 'pptx', 'ics'],
  'smart-notes': ['docx', 'print', 'pptx'],
  'lesson-plan-variator': ['docx', 'print', 'pptx'],
  'differentiated-text-generator': ['docx', 'print', 'pptx'],
};

describe.each(catalogue.map((meta) => ({ id: meta.id })))('$id', ({ id }) => {
  it('is offered Word and print, plus its own formats, and its example exports to a Word file holding it', async () => {
    const tool = await loadTool(id);
    const renderer = await rendererExports[rendererKeyFor(tool)]?.();
    const data = tool.example.output;
    const input: ExportInput = {
      toolTitle: tool.title,
      data,
      madeAt: '2026-11-23T10:00:00Z',
      ...(tool.result === 'markdown' ? {} : { schema: contractSchemaOf(tool.result) }),
    };
    const keys = (await availableFormats(data, renderer, tool.exports, optional, exportContext(input, renderer))).map((f) => f.key);
    expect(keys.slice(0, 2)).toEqual(['docx', 'print']);
    if (expectedKeys[id]) expect(keys).toEqual(expectedKeys[id]);

    const doc = exportContext(input, renderer).document();
    const word = await wordText(await docxOfDocument(doc));
    expect(word.title).toBe(doc.title);
    expect(word.title).toContain(tool.title);
    // Every heading, paragraph, list item and table cell of the document is a paragraph of the file, in order.
    const paragraphs = word.body.split('\n');
    let at = 0;
    for (const atom of atomsOf(doc.blocks)) {
      // A formula is a Word equation, not text: the paragraph's text is the rest.
      const text = splitMath(atom).map((s) => (s.kind === 'text' ? s.text : '')).join('');
      const found = paragraphs.indexOf(text, at);
      expect(found, `"${text}" in the Word file, in order`).toBeGreaterThanOrEqual(at);
      at = found;
    }
    for (const w of someWordsOf(data)) expect(word.body).toContain(w);

    // The rich copy holds the same content, as HTML that ran through the sanitiser.
    const pasted = new DOMParser().parseFromString(contentHtml(doc), 'text/html');
    for (const w of someWordsOf(data)) expect(pasted.body.textContent).toContain(w);
  });
});

describe('slides from a structured result', () => {
  const slideTitles = async (id: string) => {
    const tool = await loadTool(id);
    const input: ExportInput = { toolTitle: tool.title, data: tool.example.output, ...(tool.result === 'markdown' ? {} : { schema: contractSchemaOf(tool.result) }) };
    const renderer = await rendererExports[rendererKeyFor(tool)]?.();
    return slidesOf(exportContext(input, renderer).document()).map((slide) => slide.title);
  };

  it('a lesson plan, notes, a study plan and a levelled text: one titled slide per section of their own', async () => {
    expect(await slideTitles('lesson-plan-variator')).toEqual(['Variant 1: Discovery lab', 'Variant 2: Photosynthesis relay', 'Variant 3: Feeding the world', 'Differentiation (every variant)']);
    expect(await slideTitles('smart-notes')).toEqual(['Summary', 'Key ideas', 'In plain words']);
    const plan = await slideTitles('study-plan-ai');
    expect(plan[0]).toBe('Overview');
    expect(plan.slice(1, -1)).toEqual([...Array.from({ length: 11 }, (_, i) => expect.stringMatching(new RegExp(`^Day ${i + 1}: `))), 'Exam day: Friday 4 December']);
    expect(plan.at(-1)).toBe('Tips');
    expect(await slideTitles('differentiated-text-generator')).toEqual(['A2 (elementary)', 'B1 (intermediate)', 'B2 (upper intermediate)']);
  });
});
