import { baseNameOf, withoutControlCharacters, type ExportFormat } from '../../src/engine/export/format';
import { quizContract } from './contract';
import type { QuizItem } from './items';

/*
 * A quiz for an LMS (issue 15): Moodle's GIFT format (docs.moodle.org,
 * "GIFT format"), which Moodle imports directly and Canvas and others through
 * their question-bank importers. Multiple choice is {=right ~wrong...}, true
 * or false {TRUE} / {FALSE}, fill in the blank a short answer {=answer}. The
 * characters GIFT gives a meaning (~ = # { } : and the backslash) are escaped
 * with a backslash; a blank line ends a question, so line breaks inside one
 * become spaces.
 */

function giftText(text: string): string {
  return withoutControlCharacters(text)
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .replace(/[\\~=#{}:]/g, (c) => `\\${c}`);
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

export const quizFormats: readonly ExportFormat[] = [
  {
    key: 'gift',
    label: 'Moodle / LMS quiz (GIFT .txt)',
    build: (input) => {
      const parsed = quizContract.result.safeParse(input.data);
      if (!parsed.success) throw new Error('This result is not a quiz the export can read.');
      const questions = parsed.data.flatMap((item, i) => giftQuestion(item, i + 1) ?? []);
      const category = `$CATEGORY: StudyForge/${giftText(baseNameOf(input)).replace(/\//g, '-')}`;
      return {
        baseName: `${baseNameOf(input)} - GIFT`,
        extension: 'txt',
        type: 'text/plain;charset=utf-8',
        text: `${category}\n\n${questions.join('\n\n')}\n`,
      };
    },
  },
];
