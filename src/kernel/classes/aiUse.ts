import type { AiUseLevel } from './wire';

/*
 * What a tool does with AI, as a class's AI-use level sees it, decided in
 * this one place: the teacher's form offers only the tools a level allows,
 * and the gateway refuses to create or run anything else, so a level is
 * enforced by the server and not by hiding buttons.
 *
 * practice: the student practises (quizzes, flashcards) and gets hints.
 * explains: the AI explains, summarises or plans, but writes nothing a
 *           student could hand in as their own.
 * writes:   the AI produces finished writing (a letter, an essay, a CV).
 */
export type AiUseKind = 'practice' | 'explains' | 'writes';

/** Tools whose answer is finished writing a student could hand in. */
const FINISHED_WRITING: ReadonlySet<string> = new Set([
  'assignment-formatter',
  'internship-email-assistant',
  'parent-communication-assistant',
  'report-card-generator',
  'resume-rewriter',
  'scholarship-coach',
]);

const PRACTICE_CATEGORY = 'Quizzes and practice';
const PRACTICE_RENDERERS: ReadonlySet<string> = new Set(['quiz', 'flashcards']);

export function aiUseOf(tool: { id: string; category: string; renderer?: string }): AiUseKind {
  if (FINISHED_WRITING.has(tool.id)) return 'writes';
  if ((tool.renderer !== undefined && PRACTICE_RENDERERS.has(tool.renderer)) || tool.category === PRACTICE_CATEGORY) return 'practice';
  return 'explains';
}

const ALLOWED: Record<AiUseLevel, ReadonlySet<AiUseKind>> = {
  practice: new Set(['practice']),
  support: new Set(['practice', 'explains']),
  open: new Set(['practice', 'explains', 'writes']),
};

export function levelAllows(level: AiUseLevel, kind: AiUseKind): boolean {
  return ALLOWED[level].has(kind);
}

/** The levels as the teacher's form offers them, in order. */
export const AI_USE_LEVELS: readonly { level: AiUseLevel; label: string; description: string }[] = [
  { level: 'practice', label: 'Practice', description: 'Quizzes, flashcards and hints only.' },
  { level: 'support', label: 'Support', description: 'Explanations and plans, but no finished writing.' },
  { level: 'open', label: 'Open', description: 'Any tool, finished writing included.' },
];

/** Tools whose assignment is answered question by question on the server, the answer key kept there. */
export function isServerQuiz(tool: { renderer?: string }): boolean {
  return tool.renderer === 'quiz';
}
