import type { AssignmentListItem, ClassDetail, ClassResults } from '../../../../kernel/classes/wire';

/* A class, its assignment and its results as the gateway would send them, for the teacher screens' tests. */

export const quizAssignment: AssignmentListItem = {
  id: 'a1',
  classId: 'c1',
  className: 'Algebra 7B',
  toolId: 'quiz-whiz',
  title: 'Fractions check',
  note: '',
  aiLevel: 'practice',
  opensAt: '2026-11-27T09:00:00.000Z',
  dueAt: null,
};

export const teacherClass: ClassDetail = {
  id: 'c1',
  name: 'Algebra 7B',
  grade: 'Year 7',
  subject: 'Maths',
  archived: false,
  role: 'teacher',
  studentCount: 2,
  teachers: [{ userId: 'u-teacher', name: 'Ada Teacher' }],
  assignments: [quizAssignment],
  joinCode: 'ABCD2345',
  codeExpiresAt: null,
  allowNameJoin: false,
  retentionDays: 365,
  archivedAt: null,
  roster: [
    { userId: 'u-s1', name: 'Noor', group: null, guest: true, joinedAt: '2026-11-27T09:05:00.000Z' },
    { userId: 'u-s2', name: 'Sam Student', group: 'Blue', guest: false, joinedAt: '2026-11-27T09:06:00.000Z' },
  ],
};

export function resultsWith(finished: number): ClassResults {
  const students = ['Noor', 'Sam Student'].map((name, index) => ({
    userId: `u-s${index + 1}`,
    name,
    group: null,
    status: index < finished ? ('finished' as const) : ('not-started' as const),
    score: index < finished ? 4 : null,
    total: index < finished ? 5 : null,
    answers: [],
    timeSeconds: 0,
    studied: { reviewed: 0, remembered: 0 },
    workCount: 0,
  }));
  return {
    assignmentId: 'a1',
    students,
    questions: [{ question: 0, text: 'What is 1/2 + 1/4?', correctOption: '3/4', answered: finished, correct: 0, wrongOptions: finished ? [{ option: '2/6', count: finished }] : [] }],
    mostMissed: finished ? [0] : [],
    help: [],
  };
}
