import { cardsOf, type CardFace } from '../study';
import { baseNameOf, withoutControlCharacters, type ExportInput, type TextFormat } from './format';
import { inertCell } from './spreadsheetCell';

/*
 * Flashcard decks for other study apps, from any result holding
 * question/answer or term/definition pairs (the cards the Study screen uses):
 *  - Quizlet: "Import" takes term, tab, definition, one card a line
 *    (help.quizlet.com, "Importing content"); a tab or line break inside a
 *    card would start a new field or card, so each becomes a space.
 *  - Anki: a tab-separated text file with file headers (docs.ankiweb.net,
 *    "Importing > Text files": #separator:tab, #html:false, #tags column:N);
 *    front, back, and a tags column naming where the cards came from.
 *  - CSV: RFC 4180, a header row, fields quoted when they hold a comma,
 *    quote or line break, quotes doubled.
 * Every cell of all three is kept from running as a formula (inertCell): the
 * CSV is for spreadsheets, and the Quizlet and Anki files are tab-separated
 * text that people open in Excel or Sheets to tidy a deck before importing
 * it. Quizlet and Anki (#html:false) show the cell as written, so a card
 * starting with = + - or @ shows the added quote there: a visible character
 * on a rare card, against a formula that runs on opening the file.
 */

function oneLine(text: string): string {
  return inertCell(withoutControlCharacters(text).replace(/[\t\r\n]+/g, ' ').trim());
}

function cardsIn(input: ExportInput): CardFace[] {
  return cardsOf('export', input.data);
}

/** Anki tags are space-separated words: the tool's title as one tag. */
function tagOf(title: string): string {
  return title.trim().replace(/\s+/g, '_').replace(/[^\p{L}\p{N}_-]/gu, '') || 'StudyForge';
}

/*
 * The UTF-8 byte-order mark starts the CSV: Excel on Windows reads a CSV
 * without one in the machine's legacy code page, so é, ü, Arabic or Chinese
 * arrive garbled; with it Excel (and Numbers, Sheets, LibreOffice, which all
 * skip it) read UTF-8. The Quizlet and Anki files have none: Anki reads its
 * "#separator" file headers from the first bytes, and Quizlet's text is
 * copied whole into its import box, where an invisible U+FEFF would become
 * part of the first term; both programs read UTF-8 without being told.
 */
const UTF8_BYTE_ORDER_MARK = '\ufeff';

function csvField(text: string): string {
  const clean = inertCell(withoutControlCharacters(text));
  return /[",\r\n]/.test(clean) ? `"${clean.replace(/"/g, '""')}"` : clean;
}

export const cardFormats: readonly TextFormat[] = [
  {
    key: 'quizlet',
    kind: 'text',
    label: 'Quizlet import (.txt)',
    build: (input) => ({
      baseName: `${baseNameOf(input)} - Quizlet`,
      extension: 'txt',
      type: 'text/plain;charset=utf-8',
      text: cardsIn(input).map((c) => `${oneLine(c.front)}\t${oneLine(c.back)}`).join('\n') + '\n',
    }),
  },
  {
    key: 'anki',
    kind: 'text',
    label: 'Anki import (.txt)',
    build: (input) => {
      const tag = inertCell(tagOf(input.toolTitle));
      const rows = cardsIn(input).map((c) => `${oneLine(c.front)}\t${oneLine(c.back)}\t${tag} StudyForge`);
      return {
        baseName: `${baseNameOf(input)} - Anki`,
        extension: 'txt',
        type: 'text/plain;charset=utf-8',
        text: ['#separator:tab', '#html:false', '#tags column:3', ...rows].join('\n') + '\n',
      };
    },
  },
  {
    key: 'csv',
    kind: 'text',
    label: 'Spreadsheet (.csv)',
    build: (input) => ({
      baseName: baseNameOf(input),
      extension: 'csv',
      type: 'text/csv;charset=utf-8',
      text: UTF8_BYTE_ORDER_MARK + [['Front', 'Back'], ...cardsIn(input).map((c) => [c.front, c.back])].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n',
    }),
  },
];

/** The deck formats, when the result holds cards. */
export function cardFormatsFor(data: unknown): readonly TextFormat[] {
  return cardsOf('export', data).length > 0 ? cardFormats : [];
}
