import { sql } from 'kysely';
import { z } from 'zod';
import { CLASS_LIMITS, CLASS_MESSAGES, type QuestionForStudent } from '../../src/kernel/classes/wire';
import { ClassRuleError, type AssignmentAccess, type ClassTransaction } from './door';

/*
 * The answer key of an assigned quiz, read on the server and never sent
 * before a question is answered. Both quiz tools store a list of
 * {question, options, answer}: QuizWhiz's are all multiple choice, the
 * Interactive Quiz Builder's carry a type (MCQ, TF, FIB), and its
 * fill-in-the-blank questions have no options (the answer is typed). This
 * one adapter reads either and refuses anything else, so material of
 * another shape (flashcards, a text) is "not a quiz" rather than a quiz
 * whose answers cannot be checked.
 */

export interface KeyQuestion {
  question: string;
  /** Empty for a fill-in-the-blank question: the student types the answer. */
  options: string[];
  answer: string;
  difficulty?: string;
}

const storedQuestion = z
  .object({
    question: z.string().min(1),
    options: z.array(z.string().min(1).max(CLASS_LIMITS.chosenChars)).max(10).default([]),
    answer: z.string().trim().min(1).max(CLASS_LIMITS.chosenChars),
    type: z.enum(['MCQ', 'TF', 'FIB']).optional(),
    difficulty: z.string().optional(),
  })
  .refine((q) => (q.type === 'FIB' ? q.options.length === 0 : q.options.length >= 2 && q.options.includes(q.answer) && new Set(q.options).size === q.options.length));

const storedQuiz = z.array(storedQuestion).min(1).max(CLASS_LIMITS.questions);

/** The questions with their answers, or null when the content is not a quiz this server can score. */
export function quizKeyOf(content: unknown): KeyQuestion[] | null {
  const parsed = storedQuiz.safeParse(content);
  if (!parsed.success) return null;
  return parsed.data.map(({ question, options, answer, difficulty }) => ({ question, options, answer, ...(difficulty === undefined ? {} : { difficulty }) }));
}

/** What a student may see of the quiz before answering: no answer. */
export function questionsForStudent(key: readonly KeyQuestion[]): QuestionForStudent[] {
  return key.map(({ question, options, difficulty }) => ({ question, options: [...options], ...(difficulty === undefined ? {} : { difficulty }) }));
}

// A typed answer matches whatever its case or Unicode form (the builder's own screen compares it so too).
const typed = (text: string) => text.normalize('NFC').trim().toLowerCase();

/**
 * The student's choice as it will be stored: exactly one of the options, or
 * for a fill-in-the-blank question a typed word (not blank). Anything else
 * is refused before anything is stored.
 */
export function checkedChoice(question: KeyQuestion, chosen: string): string {
  if (question.options.length === 0) {
    if (chosen.trim() === '') throw new ClassRuleError(400, CLASS_MESSAGES.notAnOption);
    return chosen.trim();
  }
  if (!question.options.includes(chosen)) throw new ClassRuleError(400, CLASS_MESSAGES.notAnOption);
  return chosen;
}

export function isRight(question: KeyQuestion, chosen: string): boolean {
  return question.options.length === 0 ? typed(chosen) === typed(question.answer) : chosen === question.answer;
}

export interface QuizMaterial {
  /** The group whose material it is ('' = everyone): an attempt keeps to it even if the student changes group. */
  groupName: string;
  key: KeyQuestion[];
}

interface MaterialRow {
  group_name: string;
  content: unknown;
  approved_at: Date | string | null;
}

/**
 * The quiz for a member of the class, through the one function a student's
 * transaction may read material with (the table itself is teachers' only).
 * `group` is the member's group (falling back to the material for everyone)
 * or, with `exact`, the group an attempt was started with.
 */
export async function quizFor(trx: ClassTransaction, access: AssignmentAccess, group: string | null, exact = false): Promise<QuizMaterial> {
  const { rows } = await sql<MaterialRow>`select group_name, content, approved_at from studyforge_material_for_student(${access.assignment.id})`.execute(trx);
  const wanted = group ?? '';
  const row = rows.find((candidate) => candidate.group_name === wanted) ?? (exact ? undefined : rows.find((candidate) => candidate.group_name === ''));
  if (!row) throw new ClassRuleError(400, CLASS_MESSAGES.notAQuiz);
  if (access.assignment.needs_approval && row.approved_at === null) throw new ClassRuleError(423, CLASS_MESSAGES.awaitingApproval);
  const key = quizKeyOf(row.content);
  if (!key) throw new ClassRuleError(400, CLASS_MESSAGES.notAQuiz);
  return { groupName: row.group_name, key };
}
