import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ClassResults } from '../../src/kernel/classes/wire';
import type { BenchClass } from './classesSetup';
import { QUIZ } from './classesSetup';
import { openEventStream, type OpenStream } from './eventSource';
import { DEVICE_TIMEOUT_MS, DeviceError, headers, jsonReply, type Session } from './syncDevice';

/*
 * One classes load run. Each class's teacher holds the class view open: the
 * live stream (GET /api/classes/:id/events) and, at every `changed` for the
 * quiz, a fetch of the results (one at a time, and one more if changes came
 * while it ran, as a screen would). Students start an attempt, answer the
 * five questions one after another without pausing (a class answering at
 * once is the worst case), and finish.
 *
 * Timed per answer: the submit (the answer POST, start to reply) and the
 * class view update (the submit's start to the moment a results fetch on
 * the teacher's side returns with that answer in it). Students and their
 * teacher use different gateways where there are two, so a change crosses
 * instances through LISTEN/NOTIFY.
 */

export interface ClassLoad {
  classes: readonly BenchClass[];
  gateways: readonly string[];
  /** Students answering at the same moment, over every class. */
  studentsAtOnce: number;
  /** No student starts after this (ms since the epoch). */
  deadline: number;
}

export interface ClassLoadResult {
  students: number;
  answers: number;
  failures: number;
  firstFailure?: string;
  seconds: number;
  /** ms, sorted. */
  submits: Float64Array;
  viewUpdates: Float64Array;
  resultsFetches: Float64Array;
}

interface Pending {
  userId: string;
  question: number;
  started: number;
}

interface Samples {
  submits: number[];
  viewUpdates: number[];
  resultsFetches: number[];
  fail(error: unknown): void;
}

async function post<T>(base: string, session: Session, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: headers(session, { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrfToken }),
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(DEVICE_TIMEOUT_MS),
  });
  return jsonReply<T>(response, path.replace(/[0-9a-f-]{36}/g, ':id'));
}

interface TeacherView {
  expect(pending: Pending): void;
  /** An answer that failed to send: nothing to wait for. */
  withdraw(pending: Pending): void;
  /** Resolves when every expected answer has been seen, or rejects after the device timeout. */
  allSeen(): Promise<void>;
  close(): void;
}

async function openTeacherView(base: string, benchClass: BenchClass, samples: Samples): Promise<TeacherView> {
  const pending = new Set<Pending>();
  let fetching = false;
  let again = false;
  const resultsPath = `/api/classes/${benchClass.classId}/results?assignment=${benchClass.assignmentId}`;

  async function refresh(): Promise<void> {
    if (fetching) {
      again = true;
      return;
    }
    fetching = true;
    try {
      do {
        again = false;
        const started = performance.now();
        const response = await fetch(`${base}${resultsPath}`, { headers: headers(benchClass.teacher), signal: AbortSignal.timeout(DEVICE_TIMEOUT_MS) });
        const results = await jsonReply<ClassResults>(response, 'results');
        const now = performance.now();
        samples.resultsFetches.push(now - started);
        const answered = new Map(results.students.map((student) => [student.userId, new Set(student.answers.map((answer) => answer.question))]));
        for (const waiting of pending) {
          if (!answered.get(waiting.userId)?.has(waiting.question)) continue;
          samples.viewUpdates.push(now - waiting.started);
          pending.delete(waiting);
        }
      } while (again);
    } catch (error) {
      samples.fail(error);
    } finally {
      fetching = false;
    }
  }

  const stream: OpenStream = await openEventStream(
    `${base}/api/classes/${benchClass.classId}/events`,
    headers(benchClass.teacher),
    {
      onEvent(event) {
        if (event.event === 'changed' && event.data.includes(benchClass.assignmentId)) void refresh();
      },
      onEnd: () => undefined,
    },
    DEVICE_TIMEOUT_MS,
  );
  return {
    expect: (waiting) => void pending.add(waiting),
    withdraw: (waiting) => void pending.delete(waiting),
    async allSeen() {
      const until = performance.now() + DEVICE_TIMEOUT_MS;
      while (pending.size > 0 && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      if (pending.size > 0) throw new DeviceError(`${pending.size} answers never showed in the class view within ${DEVICE_TIMEOUT_MS} ms`);
    },
    close: () => stream.close(),
  };
}

/** Right 60% of the time; a wrong answer is most often the first wrong option, so the class has a most-chosen one. */
function choose(question: (typeof QUIZ)[number]): string {
  const wrong = question.options.filter((option) => option !== question.answer);
  const roll = Math.random();
  if (roll < 0.6) return question.answer;
  return (roll < 0.85 ? wrong[0] : wrong[1 + Math.floor(Math.random() * (wrong.length - 1))]) ?? question.answer;
}

async function oneStudent(base: string, benchClass: BenchClass, student: Session, view: TeacherView, samples: Samples): Promise<void> {
  const attempts = `/api/classes/${benchClass.classId}/assignments/${benchClass.assignmentId}/attempts`;
  const attemptId = randomUUID();
  await post(base, student, attempts, { attemptId });
  for (const [question, content] of QUIZ.entries()) {
    const waiting = { userId: student.userId, question, started: performance.now() };
    view.expect(waiting);
    try {
      await post(base, student, `${attempts}/${attemptId}/answers`, { question, chosen: choose(content) });
    } catch (error) {
      view.withdraw(waiting);
      throw error;
    }
    samples.submits.push(performance.now() - waiting.started);
  }
  await post(base, student, `${attempts}/${attemptId}/finish`, {});
}

const sorted = (values: number[]) => Float64Array.from(values).sort();

export async function runClassLoad(load: ClassLoad): Promise<ClassLoadResult> {
  let failures = 0;
  let firstFailure: string | undefined;
  const samples: Samples = {
    submits: [],
    viewUpdates: [],
    resultsFetches: [],
    fail(error) {
      failures += 1;
      firstFailure ??= error instanceof Error ? error.message : String(error);
    },
  };
  const gatewayOf = (index: number) => load.gateways[index % load.gateways.length] as string;
  // Each teacher watches from the gateway after their class's first student's.
  const views = await Promise.all(load.classes.map((benchClass, index) => openTeacherView(gatewayOf(index + 1), benchClass, samples)));
  // Students in turn across classes, so every class is at work at once; student i talks to gateway i.
  const queue = load.classes.flatMap((benchClass, classIndex) => benchClass.students.map((student, position) => ({ benchClass, classIndex, student, position })));
  queue.sort((a, b) => a.position - b.position || a.classIndex - b.classIndex);
  let next = 0;
  let students = 0;
  async function worker(): Promise<void> {
    while (next < queue.length && Date.now() < load.deadline) {
      const index = next++;
      const { benchClass, classIndex, student } = queue[index] as (typeof queue)[number];
      students += 1;
      await oneStudent(gatewayOf(index), benchClass, student, views[classIndex] as TeacherView, samples).catch((error: unknown) => samples.fail(error));
    }
  }
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: load.studentsAtOnce }, () => worker()));
    await Promise.all(views.map((view) => view.allSeen().catch((error: unknown) => samples.fail(error))));
  } finally {
    for (const view of views) view.close();
  }
  return {
    students,
    answers: samples.submits.length,
    failures,
    firstFailure,
    seconds: (performance.now() - started) / 1000,
    submits: sorted(samples.submits),
    viewUpdates: sorted(samples.viewUpdates),
    resultsFetches: sorted(samples.resultsFetches),
  };
}
