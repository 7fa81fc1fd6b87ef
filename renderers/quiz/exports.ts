import { baseNameOf, metaLines, withoutControlCharacters, type Block, type RendererExports, type TextFormat } from '../../src/features/export';
import type { QuizItem } from './items';
import { qtiFormat } from './qti';
import { quizExport } from './quizExport';

/*
 * A quiz for an LMS: Moodle's GIFT format (docs.moodle.org,
 * "GIFT format"), which Moodle imports directly and Canvas and others through
 * their question-bank importers. Multiple choice is {=right ~wrong...}, true
 * or false {TRUE} / {FALSE}, fill in the blank a short answer {=answer}. The
 * characters GIFT gives a meaning (~ = # { } : and the backslash) are escaped
 * with a backslash; a blank line ends a question, so line breaks inside one
 * become spaces.
 */

/*
 * A text that opens with a format marker ([html], [markdown], [moodle],
 * [plain]) would choose how Moodle reads it: "[html]<img ...>" from a model
 * switches that question into HTML. GIFT has no escape for "[", so such a
 * text is given a marker of ours first, [plain]: Moodle takes only the first
 * marker, and shows the rest exactly as written.
 */
const FORMAT_MARKER = /^\[\s*(?:html|markdown|moodle|plain)\s*\]/i;

function giftText(text: string): string {
  const escaped = withoutControlCharacters(text)
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .replace(/[\\~=#{}:]/g, (c) => `\\${c}`);
  return FORMAT_MARKER.test(escaped) ? `[plain]${escaped}` : escaped;
}

function giftQuestion(item: QuizItem, n: number): string | null {
  const head = `::Q${n}:: ${giftText(item.question)}`;
  switch (item.kind) {
    case 'choice': {
      const choices = item.options.map((o) => `\t${o === item.answer ? '=' : '~'}${giftText(o)}`);
      return `${head} {\n${choices.join('\n')}\n}`;
    }
    case 'trueFalse':
      return `${head} {${item.answer.trim().toLowerCase() === 'true' ? 'TRUE' : 'FALSE'}}`;
    case 'fill':
      return `${head} {=${giftText(item.answer)}}`;
    case 'unknown':
      return null;
  }
}

export const quizFormats: readonly TextFormat[] = [
  quizExport.text({
    key: 'gift',
    label: 'Moodle / LMS quiz (GIFT .txt)',
    build: (items, input) => {
      const questions = items.flatMap((item, i) => giftQuestion(item, i + 1) ?? []);
      const category = `$CATEGORY: StudyForge/${giftText(baseNameOf(input)).replace(/\//g, '-')}`;
      return {
        baseName: `${baseNameOf(input)} - GIFT`,
        extension: 'txt',
        type: 'text/plain;charset=utf-8',
        text: `${category}\n\n${questions.join('\n\n')}\n`,
      };
    },
  }),
];

/*
 * A quiz on paper: the document Word, print and the rich copy use
 * for a quiz is a worksheet, with a line for the student's name, the
 * questions numbered with lettered options (true/false as the two words, a
 * blank to fill in as a line), and the answer key on a page of its own so a
 * teacher can hand out the questions alone.
 */

const LETTERS = 'ABCDEFGHIJ';
const BLANK = '______________________';

function worksheetQuestion(item: QuizItem, n: number): Block[] {
  const question: Block = { kind: 'paragraph', runs: [{ text: `${n}. `, bold: true }, { text: withoutControlCharacters(item.question) }] };
  switch (item.kind) {
    case 'choice':
    case 'trueFalse': {
      const options = item.kind === 'trueFalse' ? ['True', 'False'] : item.options;
      return [question, { kind: 'list', ordered: false, items: options.map((o, i) => ({ runs: [{ text: `${LETTERS[i] ?? '-'}. ${withoutControlCharacters(o)}` }] })) }];
    }
    case 'fill':
      return [question, { kind: 'paragraph', runs: [{ text: `Answer: ${BLANK}` }] }];
    case 'unknown':
      return [question];
  }
}

function keyLine(item: QuizItem, n: number): string {
  const answer = withoutControlCharacters(item.answer);
  if (item.kind === 'choice') {
    const at = item.options.indexOf(item.answer);
    return at >= 0 && at < LETTERS.length ? `${n}. ${LETTERS[at]}: ${answer}` : `${n}. ${answer}`;
  }
  return `${n}. ${answer}`;
}

export const quizWorksheet = quizExport.document((items, input) => {
  return {
    title: withoutControlCharacters(input.topic ? `${input.toolTitle}: ${input.topic}` : input.toolTitle),
    meta: metaLines(input),
    blocks: [
      { kind: 'paragraph', runs: [{ text: `Name: ${BLANK}    Date: ${BLANK}` }] },
      ...items.flatMap((item, i) => worksheetQuestion(item, i + 1)),
      { kind: 'pageBreak' },
      { kind: 'heading', level: 2, text: 'Answer key' },
      { kind: 'list', ordered: false, items: items.map((item, i) => ({ runs: [{ text: keyLine(item, i + 1) }] })) },
    ],
  };
});

export const quizExports: RendererExports = { formats: [...quizFormats, qtiFormat], document: quizWorksheet };
