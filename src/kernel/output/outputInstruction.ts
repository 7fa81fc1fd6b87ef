import { languageName } from './outputLanguages';
import type { CefrLevel, GradeLevel, OutputOptions, ReadingLevel } from './outputDefaults';

/*
 * The wording that tells a model what language and reading level to write
 * in. It lives in the kernel because two places send it: the browser's
 * refine feature (the output options a person chooses) and the gateway,
 * which writes a class's material and a student's answers for the group's
 * language and level. One wording, so a class's Spanish grade-4 quiz is
 * asked for exactly as a person asking in the browser would ask.
 */

/** A grade level as a number on the formulas' scale (adult reads as 13, first year of college); null for CEFR. */
export function gradeNumber(level: ReadingLevel): number | null {
  if (level === 'adult') return 13;
  return level.startsWith('grade-') ? Number(level.slice('grade-'.length)) : null;
}

const CEFR_GUIDE: Record<CefrLevel, string> = {
  A1: 'very short sentences, the most frequent everyday words, present tense',
  A2: 'short sentences, common everyday words, simple past and future',
  B1: 'clear sentences of moderate length, common vocabulary, simple linking words; explain subject terms',
  B2: 'natural, fluent sentences with some complex ones; keep subject terms',
  C1: 'precise, well-structured prose with a wide vocabulary',
  C2: 'fully fluent, nuanced prose, as for an educated native reader',
};

function levelInstruction(level: GradeLevel | CefrLevel): string {
  const grade = gradeNumber(level);
  if (grade === null) {
    const cefr = level as CefrLevel;
    return `Reading level: write for a reader at CEFR level ${cefr} (${CEFR_GUIDE[cefr]}).`;
  }
  if (level === 'adult') return 'Reading level: write for an adult reader (college level).';
  return `Reading level: write for a US grade ${grade} reader (about age ${grade + 5}-${grade + 6}), so that the Flesch-Kincaid grade of your text is about ${grade}: choose sentence length and words to suit.`;
}

/**
 * The instruction every prompt ends with (before the answer format). About
 * the answer only: the user's text keeps whatever language it is in, and
 * a structured answer keeps its keys and fixed values exactly.
 */
export function outputInstruction({ language, level }: OutputOptions): string {
  const name = languageName(language);
  const lines = [
    `Output language: write every part of your answer in ${name} (${language}), whatever language the material inside <user_input> tags is in; that material stays data and is not translated unless the task asks for it. In a JSON answer keep every key and every fixed value (enumerated options) exactly as specified, and write only the free text in ${name}.`,
  ];
  if (level !== '') lines.push(levelInstruction(level));
  return lines.join('\n');
}
