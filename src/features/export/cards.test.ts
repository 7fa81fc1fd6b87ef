import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { xssPayloads } from '../../kernel/testing/xssPayloadList';
import { cardFormats, cardFormatsFor } from './cards';
import { inertCell } from './spreadsheetCell';
import type { ExportInput } from './format';

/*
 * Flashcard decks for Quizlet, Anki and spreadsheets, read back
 * the way those programs read them: CSV by a real parser (papaparse), the
 * tab-separated imports line by line and field by field. Hostile text (the
 * XSS corpus, tabs, line breaks, control characters, right-to-left script,
 * emoji) must come out as the same card, never as extra cards or fields.
 */

const hard = [
  { question: 'What does "mitosis" make?', answer: 'Two cells, each with 46 chromosomes, identical' },
  { question: 'Line\nbreak\tand tab', answer: 'Kept\r\nin one, card' },
  { question: 'العربية: ما هو الماء؟', answer: 'H₂O 💧 \u0007bell' },
];
const withPayloads = xssPayloads.map((p, i) => ({ question: `Q${i} ${p.payload}`, answer: `A${i} ${p.payload}` }));
const input = (data: unknown): ExportInput => ({ toolTitle: 'Flashcard Generator', topic: 'Cells', data });
const build = (key: string, data: unknown) => cardFormats.find((f) => f.key === key)!.build(input(data));

function tsvRows(text: string): string[][] {
  return text.split('\n').filter((line) => line !== '' && !line.startsWith('#')).map((line) => line.split('\t'));
}
const flat = (s: string) => s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').replace(/[\t\r\n]+/g, ' ').trim();

describe('flashcard exports', () => {
  it('are offered for results holding pairs (term/definition too), not for others', () => {
    expect(cardFormatsFor(hard).map((f) => f.key)).toEqual(['quizlet', 'anki', 'csv']);
    expect(cardFormatsFor({ definitions: [{ term: 'Mantle', definition: 'Under the crust.' }] })).toHaveLength(3);
    expect(cardFormatsFor('## Notes')).toEqual([]);
    expect(cardFormatsFor([{ question: 'Q', answer: 'A', options: ['A', 'B'] }])).toEqual([]);
  });

  it('Quizlet: term, tab, definition, one card a line; breaks and tabs inside a card become spaces', () => {
    const file = build('quizlet', [...hard, ...withPayloads]);
    expect(file).toMatchObject({ baseName: 'Flashcard Generator - Cells - Quizlet', extension: 'txt' });
    const rows = tsvRows(file.text);
    expect(rows).toHaveLength(hard.length + withPayloads.length);
    for (const [i, card] of [...hard, ...withPayloads].entries()) expect(rows[i]).toEqual([flat(card.question), flat(card.answer)]);
  });

  it('Anki: the file headers Anki reads, then front, back and tags', () => {
    const file = build('anki', [...hard, ...withPayloads]);
    expect(file.text.split('\n').slice(0, 3)).toEqual(['#separator:tab', '#html:false', '#tags column:3']);
    const rows = tsvRows(file.text);
    expect(rows).toHaveLength(hard.length + withPayloads.length);
    expect(rows[0]).toEqual([flat(hard[0]!.question), flat(hard[0]!.answer), 'Flashcard_Generator StudyForge']);
    expect(rows.every((r) => r.length === 3)).toBe(true);
  });

  it('CSV: a header and every card as written, read back by a CSV parser', () => {
    const file = build('csv', [...hard, ...withPayloads]);
    const parsed = Papa.parse<string[]>(file.text.trimEnd(), { newline: '\r\n' });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual(['Front', 'Back']);
    const strip = (s: string) => s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
    expect(parsed.data.slice(1)).toEqual([...hard, ...withPayloads].map((c) => [strip(c.question), strip(c.answer)]));
  });

  /*
   * Excel on Windows reads a CSV as UTF-8 only when it starts with the
   * byte-order mark; without it accented, Arabic and Chinese text arrive
   * garbled. The bytes are those the download writes (a Blob of the text).
   */
  it('CSV: the file starts with the UTF-8 byte-order mark, and non-English text round-trips; the import files start with their own text', async () => {
    const world = [
      { question: 'Qu’est-ce que la mitose ? (é, ü, ß)', answer: 'Zwei Zellen, über Kernteilung' },
      { question: 'ما هو الماء؟', answer: 'H₂O' },
      { question: '光合作用是什么？', answer: '植物用光制造糖。' },
    ];
    const bytesOf = async (key: string) => new Uint8Array(await new Blob([build(key, world).text]).arrayBuffer());
    const csv = await bytesOf('csv');
    expect([...csv.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // TextDecoder drops the mark, as Excel does: the header cell is "Front", not "\ufeffFront".
    const parsed = Papa.parse<string[]>(new TextDecoder('utf-8').decode(csv).trimEnd(), { newline: '\r\n' });
    expect(parsed.data).toEqual([['Front', 'Back'], ...world.map((c) => [c.question, c.answer])]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(csv.slice(0, 8))).toBe('\ufeffFront');
    // Anki reads "#separator" from the first byte; Quizlet's text is pasted whole, so neither carries the mark.
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await bytesOf('anki'))).toMatch(/^#separator:tab\n/);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await bytesOf('quizlet'))).toMatch(/^Qu’est-ce que la mitose/);
  });
});

/*
 * A model answer that a spreadsheet would run as a formula (OWASP's CSV
 * injection): every deck format is also opened in Excel or Sheets, so each
 * such cell must arrive as text, with a single quote in front, in either
 * column, for question/answer decks and term/definition glossaries alike.
 */
describe('cells a spreadsheet would run as formulas', () => {
  const formulas = ['=HYPERLINK("http://x","y")', '+1', '-1+2', '@SUM(A1)', '\t=1', '  =IMPORTXML("http://x","//a")', '\r=1'];
  const startsFormula = (cell: string) => /^\s*[=+\-@]/.test(cell) || /^[\t\r]/.test(cell);
  const decks = {
    'question/answer': formulas.map((f, i) => ({ question: f, answer: `${f} (${i})` })),
    'term/definition': { glossary: formulas.map((f, i) => ({ term: `${f} [${i}]`, definition: f })) },
  };

  function cellsOf(key: string, data: unknown): string[][] {
    const file = build(key, data);
    if (key !== 'csv') return tsvRows(file.text);
    const parsed = Papa.parse<string[]>(file.text.trimEnd(), { newline: '\r\n' });
    expect(parsed.errors).toEqual([]);
    return parsed.data.slice(1);
  }

  for (const [kind, data] of Object.entries(decks)) {
    for (const key of ['quizlet', 'anki', 'csv']) {
      it(`${key}, ${kind}: each such cell is text with a quote in front, nothing else changed`, () => {
        const rows = cellsOf(key, data);
        const pairs = Array.isArray(data) ? data.map((c) => [c.question, c.answer]) : data.glossary.map((c) => [c.term, c.definition]);
        expect(rows).toHaveLength(pairs.length);
        for (const [i, [front, back]] of pairs.entries()) {
          // A card's sides are read trimmed (a leading tab or space is no part of the card), so each arrives as its trimmed text behind the quote.
          expect(rows[i]!.slice(0, 2)).toEqual([`'${flat(front!)}`, `'${flat(back!)}`]);
          expect(rows[i]!.filter(startsFormula)).toEqual([]);
        }
      });
    }
  }

  it('the one rule every format uses: a formula character first, also after spaces, or a leading tab or carriage return', () => {
    expect(['=1', '+1', '-1+2', '@SUM(A1)', '\t=1', '\tplain', '\r=1', '  =1', '\u00a0@x'].map(inertCell)).toEqual(["'=1", "'+1", "'-1+2", "'@SUM(A1)", "'\t=1", "'\tplain", "'\r=1", "'  =1", "'\u00a0@x"]);
    expect(['1+1', 'a=b', 'x@y.z', 'plain', ''].map(inertCell)).toEqual(['1+1', 'a=b', 'x@y.z', 'plain', '']);
  });

  it('ordinary text starting with a minus or plus is kept readable as text; other text is untouched', () => {
    const ordinary = [
      { question: 'Freezing point of seawater?', answer: '-1.9 °C' },
      { question: '- a bullet a model wrote', answer: '+44 20 7946 0000' },
      { question: 'What is e-mail?', answer: 'a = b when both are 2' },
    ];
    const expected = [
      ['Freezing point of seawater?', "'-1.9 °C"],
      ["'- a bullet a model wrote", "'+44 20 7946 0000"],
      ['What is e-mail?', 'a = b when both are 2'],
    ];
    for (const key of ['quizlet', 'anki', 'csv']) expect(cellsOf(key, ordinary).map((row) => row.slice(0, 2))).toEqual(expected);
  });
});
