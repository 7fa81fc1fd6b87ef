import type { AnswerVerdict, AssignmentForStudent, AttemptState, JoinInfo, MyAssignments, Remediation, RunToolReply } from '../../../../kernel/classes/wire';

/*
 * The gateway's class routes as a student's screens call them, for tests:
 * it keeps the quiz's answer key on its side, as the real gateway does,
 * answers only what a student may ask, and records every request so a test
 * can say what left the page.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeStudentServer {
  fetch: typeof fetch;
  requests: RecordedRequest[];
  /** Attempts by id, as the gateway would keep them. */
  attempts: Map<string, AttemptState>;
  signedIn: boolean;
  assignment: AssignmentForStudent;
  /** A status and sentence to answer the next matching request with, instead of the usual reply. */
  refuse(pathEnd: string, status: number, error: string): void;
}

export const quizQuestions = [
  { question: 'What is the capital of France?', options: ['Lyon', 'Paris', 'Nice'] },
  { question: 'What is 2 + 2?', options: ['3', '4', '5'] },
];
/** Known only to the fake gateway, never handed to the page before an answer. */
export const answerKey = ['Paris', '4'];

export function studentAssignment(overrides: Partial<AssignmentForStudent> = {}): AssignmentForStudent {
  return {
    view: 'student',
    id: 'a1',
    classId: 'c1',
    className: 'Year 7 Geography',
    toolId: 'quiz-whiz',
    title: 'Capitals quiz',
    note: 'Try each question before asking.',
    aiLevel: 'practice',
    opensAt: '2026-11-01T09:00:00.000Z',
    dueAt: '2026-12-01T09:00:00.000Z',
    open: true,
    presets: { topic: { value: 'European capitals', locked: true } },
    group: null,
    quiz: quizQuestions,
    attempt: null,
    ...overrides,
  };
}

const remediation: Remediation = {
  diagnosis: 'Lyon is a large French city, but not the capital.',
  microLesson: 'The capital of France is **Paris**, home of its government.',
  followUpQuestion: { question: 'Which city is home to the French government?', options: ['Paris', 'Marseille'], answer: 'Paris' },
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function fakeStudentServer(options: { assignment?: AssignmentForStudent; signedIn?: boolean; joinInfo?: JoinInfo; runReply?: RunToolReply; myAssignments?: MyAssignments } = {}): FakeStudentServer {
  const refusals: { pathEnd: string; status: number; error: string }[] = [];
  const server: FakeStudentServer = {
    requests: [],
    attempts: new Map(),
    signedIn: options.signedIn ?? true,
    assignment: options.assignment ?? studentAssignment(),
    refuse: (pathEnd, status, error) => void refusals.push({ pathEnd, status, error }),
    fetch: async (input, init) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      server.requests.push({ method, path, body });
      const refusal = refusals.findIndex((r) => path.endsWith(r.pathEnd));
      if (refusal >= 0) {
        const [r] = refusals.splice(refusal, 1);
        return json(r!.status, { error: r!.error });
      }
      if (path === '/api/me') return server.signedIn ? json(200, { user: { id: 'u1', name: 'Sam', email: null, role: 'student' }, csrfToken: 'token-1' }) : json(401, { error: 'Sign in to use this.' });
      if (path.startsWith('/api/join/') && method === 'GET') return json(200, options.joinInfo ?? { className: 'Year 7 Geography', teacherNames: ['Ms Rivera'], allowNameJoin: true });
      if (path === '/api/join/name') return json(200, { classId: 'c1', csrfToken: 'guest-token' });
      if (path === '/api/join') return json(200, { classId: 'c1' });
      if (path === '/api/my/assignments') return server.signedIn ? json(200, options.myAssignments ?? { assignments: [] }) : json(401, { error: 'Sign in to use this.' });
      const base = '/api/classes/c1/assignments/a1';
      if (path === base) return json(200, server.assignment);
      if (path === `${base}/attempts`) {
        const id = (body as { attemptId: string }).attemptId;
        const state = server.attempts.get(id) ?? { attemptId: id, verdicts: [], score: { score: 0, total: answerKey.length, answered: 0, finishedAt: null } };
        server.attempts.set(id, state);
        return json(200, state);
      }
      const attempt = /\/attempts\/([^/]+)\/(answers|remediation|finish)$/.exec(path);
      if (attempt) {
        const state = server.attempts.get(decodeURIComponent(attempt[1]!));
        if (!state) return json(404, { error: 'Not found.' });
        if (attempt[2] === 'answers') {
          const { question, chosen } = body as { question: number; chosen: string };
          const correct = answerKey[question] === chosen;
          const score = { ...state.score, answered: state.score.answered + 1, score: state.score.score + (correct ? 1 : 0) };
          const verdict: AnswerVerdict = { question, chosen, correct, correctOption: answerKey[question]!, score };
          state.verdicts.push(verdict);
          state.score = score;
          return json(200, verdict);
        }
        if (attempt[2] === 'remediation') return json(200, remediation);
        state.score = { ...state.score, finishedAt: '2026-11-02T10:00:00.000Z' };
        return json(200, state.score);
      }
      if (path === `${base}/help`) return json(200, { id: 'h1' });
      if (path === `${base}/progress`) return json(200, { ok: true });
      if (path === `${base}/run`) return json(200, options.runReply ?? { result: { kind: 'text', text: '**Done**' }, aiGenerated: true });
      return json(404, { error: 'Not found.' });
    },
  };
  return server;
}
