import type { AssignmentStatus, ClassResults } from '../../../src/kernel/classes/wire';

/*
 * The export's one table, shared by the CSV and the .xlsx: one row per
 * student of the class (those who have not started too), in the class
 * view's order. Scores and totals stay numbers (a spreadsheet sums them);
 * a student who has not started has empty cells there, not a zero that
 * would pull the class average down.
 */

export type ExportCell = string | number | null;

export interface ExportTable {
  header: string[];
  rows: ExportCell[][];
  /** The column of the score (0-based): numeric in the .xlsx. */
  scoreColumn: number;
}

const STATUS_WORDS: Record<AssignmentStatus, string> = { 'not-started': 'Not started', started: 'Started', finished: 'Finished' };

/** A question's cell: right, wrong, or blank when not answered. */
export type AnswerWord = 'right' | 'wrong' | 'blank';

export function exportTable(results: ClassResults): ExportTable {
  const questionCount = results.questions.length;
  const helpBy = new Map<string, number>();
  for (const help of results.help) helpBy.set(help.userId, (helpBy.get(help.userId) ?? 0) + 1);
  const header = [
    'Name',
    'Group',
    'Status',
    'Score',
    'Total',
    ...Array.from({ length: questionCount }, (_, index) => `Q${index + 1}`),
    'Minutes spent',
    'Help requests',
  ];
  const rows = results.students.map((student) => {
    const answered = new Map(student.answers.map((answer) => [answer.question, answer.correct]));
    const words = Array.from({ length: questionCount }, (_, index): AnswerWord => {
      const correct = answered.get(index);
      return correct === undefined ? 'blank' : correct ? 'right' : 'wrong';
    });
    return [
      student.name,
      student.group,
      STATUS_WORDS[student.status],
      student.score,
      student.total,
      ...words,
      Math.round(student.timeSeconds / 6) / 10,
      helpBy.get(student.userId) ?? 0,
    ];
  });
  return { header, rows, scoreColumn: 3 };
}

/**
 * A file name from the class's and the assignment's titles that is safe in
 * a Content-Disposition header and on any file system: letters without
 * accents, digits, spaces, dashes and underscores only, at most 100 chars.
 */
export function exportFileName(className: string, assignmentTitle: string, extension: 'csv' | 'xlsx'): string {
  const safe = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9 _-]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const base = [safe(className), safe(assignmentTitle)].filter(Boolean).join(' - ').slice(0, 100).trim();
  return `${base || 'Class results'}.${extension}`;
}
