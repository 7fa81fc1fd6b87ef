import type { AssignmentStatus, ClassResults, HelpRequest, QuestionResult, StudentResult } from '../../src/kernel/classes/wire';
import type { KeyQuestion } from './quizKey';

/*
 * A class's results for one assignment, counted from the rows the students'
 * work left (never guessed by a model): plain functions of those rows, so
 * the counting is tested apart from the queries that read them.
 *
 * Which attempt counts: a student's latest finished attempt, else their
 * latest started one (the query picks it; see results.ts). Every member is
 * listed, including those who have not started. Questions are counted by
 * their place in the quiz; their text and right answer are the material's
 * for everyone (or, in a class with per-group quizzes only, the first
 * group's that has that question).
 */

export interface MemberRow {
  user_id: string;
  display_name: string;
  group_name: string | null;
}

export interface CountedAttempt {
  id: string;
  user_id: string;
  finished_at: Date | null;
  score: number | null;
  total: number;
}

export interface AnswerRow {
  attempt_id: string;
  question: number;
  chosen: string;
  correct: boolean;
  remediation_used: boolean;
}

export interface WorkTotals {
  user_id: string;
  seconds: number;
  reviewed: number;
  remembered: number;
  /** Pieces of material made or refined (time and study reports are not pieces of work). */
  pieces: number;
}

export interface HelpRow {
  id: string;
  user_id: string;
  note: string;
  created_at: Date;
  resolved_at: Date | null;
}

export interface ResultRows {
  assignmentId: string;
  members: MemberRow[];
  attempts: CountedAttempt[];
  answers: AnswerRow[];
  work: WorkTotals[];
  help: HelpRow[];
  /** The material's quizzes by group ('' = everyone); none for a tool that is not a quiz. */
  quizzes: { group: string; key: KeyQuestion[] }[];
}

/** Shown for help asked by someone no longer in the class (their request stays until the class is deleted). */
export const FORMER_MEMBER = 'Former member';

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return groups;
}

function statusOf(attempt: CountedAttempt | undefined): AssignmentStatus {
  if (!attempt) return 'not-started';
  return attempt.finished_at ? 'finished' : 'started';
}

function studentResults(rows: ResultRows, answersByAttempt: Map<string, AnswerRow[]>): StudentResult[] {
  const attemptOf = new Map(rows.attempts.map((attempt) => [attempt.user_id, attempt]));
  const workOf = new Map(rows.work.map((work) => [work.user_id, work]));
  return rows.members.map((member) => {
    const attempt = attemptOf.get(member.user_id);
    const answers = (attempt ? (answersByAttempt.get(attempt.id) ?? []) : []).slice().sort((a, b) => a.question - b.question);
    const work = workOf.get(member.user_id);
    const status = statusOf(attempt);
    const rightSoFar = answers.filter((answer) => answer.correct).length;
    return {
      userId: member.user_id,
      name: member.display_name,
      group: member.group_name,
      status,
      // A started attempt shows its right answers so far; a finished one its stored score (counted the same way when it finished).
      score: attempt ? (attempt.finished_at ? (attempt.score ?? rightSoFar) : rightSoFar) : null,
      total: attempt ? attempt.total : null,
      answers: answers.map((answer) => ({ question: answer.question, chosen: answer.chosen, correct: answer.correct, remediationUsed: answer.remediation_used })),
      timeSeconds: work?.seconds ?? 0,
      studied: { reviewed: work?.reviewed ?? 0, remembered: work?.remembered ?? 0 },
      workCount: work?.pieces ?? 0,
    };
  });
}

/** The text and right answer of each question place, from the material for everyone first. */
function questionKey(quizzes: ResultRows['quizzes']): KeyQuestion[] {
  const ordered = [...quizzes].sort((a, b) => (a.group === '' ? -1 : b.group === '' ? 1 : a.group.localeCompare(b.group)));
  const length = Math.max(0, ...ordered.map((quiz) => quiz.key.length));
  return Array.from({ length }, (_, index) => ordered.find((quiz) => quiz.key[index])?.key[index] as KeyQuestion);
}

function questionResults(key: KeyQuestion[], counted: AnswerRow[]): QuestionResult[] {
  const byQuestion = groupBy(counted, (answer) => String(answer.question));
  const places = Math.max(key.length, ...counted.map((answer) => answer.question + 1));
  return Array.from({ length: places }, (_, question) => {
    const answers = byQuestion.get(String(question)) ?? [];
    const wrong = new Map<string, number>();
    for (const answer of answers) if (!answer.correct) wrong.set(answer.chosen, (wrong.get(answer.chosen) ?? 0) + 1);
    return {
      question,
      text: key[question]?.question ?? '',
      correctOption: key[question]?.answer ?? '',
      answered: answers.length,
      correct: answers.filter((answer) => answer.correct).length,
      wrongOptions: [...wrong].map(([option, count]) => ({ option, count })).sort((a, b) => b.count - a.count || a.option.localeCompare(b.option)),
    };
  });
}

/** Question places someone missed, most misses first (ties: the earlier question first). */
export function mostMissedOf(questions: readonly QuestionResult[]): number[] {
  return questions
    .map((result) => ({ question: result.question, missed: result.answered - result.correct }))
    .filter((result) => result.missed > 0)
    .sort((a, b) => b.missed - a.missed || a.question - b.question)
    .map((result) => result.question);
}

function helpRequests(rows: ResultRows): HelpRequest[] {
  const names = new Map(rows.members.map((member) => [member.user_id, member.display_name]));
  return rows.help.map((help) => ({
    id: help.id,
    userId: help.user_id,
    name: names.get(help.user_id) ?? FORMER_MEMBER,
    note: help.note,
    createdAt: help.created_at.toISOString(),
    resolved: help.resolved_at !== null,
  }));
}

export function aggregateResults(rows: ResultRows): ClassResults {
  const answersByAttempt = groupBy(rows.answers, (answer) => answer.attempt_id);
  // Only the answers of the attempts that count (one per student still in the class).
  const memberIds = new Set(rows.members.map((member) => member.user_id));
  const counted = rows.attempts.filter((attempt) => memberIds.has(attempt.user_id)).flatMap((attempt) => answersByAttempt.get(attempt.id) ?? []);
  const questions = questionResults(questionKey(rows.quizzes), counted);
  return {
    assignmentId: rows.assignmentId,
    students: studentResults(rows, answersByAttempt),
    questions,
    mostMissed: mostMissedOf(questions),
    help: helpRequests(rows),
  };
}
