import { percentile } from '../load/phase';
import { ms, record, type Row } from './harness';
import { withPartRows, writePartRows, type BenchPart } from './partRows';
import type { ClassLoadResult } from './classesRun';

/*
 * The classes bench's rows in the measurements table: per scenario, the
 * answer submit and the class view update (p50 / p99), the results fetch
 * alone, and how much ran, with the load average the run started under (a
 * loaded 2-core machine reads slower). `--only-classes` rewrites only these
 * rows (partRows.ts).
 */

export interface ClassScenario {
  label: string;
  loadAverage: number;
  /** CPU the gateway processes used during the run (null where /proc cannot say). */
  gatewayCpuSeconds: number | null;
  /** Students offered, and the time limit on starting new ones (null: every student ran). */
  studentsOffered: number;
  limitSeconds: number | null;
}

const pair = (sorted: Float64Array) => (sorted.length === 0 ? 'none measured' : `${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 99))}`);

export function recordClassLoad(scenario: ClassScenario, result: ClassLoadResult): void {
  const { label } = scenario;
  record(`classes submit p50 / p99, ${label}: an answer's POST`, pair(result.submits));
  record(`classes view update p50 / p99, ${label}: submit to the teacher's results holding it (SSE changed + results fetch)`, pair(result.viewUpdates));
  record(`classes results fetch p50 / p99, ${label}`, pair(result.resultsFetches));
  const who =
    result.students >= scenario.studentsOffered
      ? `all ${scenario.studentsOffered.toLocaleString('en')} students`
      : `${result.students.toLocaleString('en')} of ${scenario.studentsOffered.toLocaleString('en')} students, stopped at the ${scenario.limitSeconds ?? '?'} s limit`;
  const failed = result.failures > 0 ? `; ${result.failures} FAILED, first: ${result.firstFailure ?? ''}` : '';
  record(
    `classes throughput, ${label}`,
    `${Math.round(result.answers / result.seconds)} answers/s: ${result.answers.toLocaleString('en')} answers (${who}, 5 questions each) in ${result.seconds.toFixed(1)} s; the teachers' views fetched the results ${result.resultsFetches.length.toLocaleString('en')} times${failed}`,
  );
  // Every request of the run (starts, answers, finishes, the teachers' fetches) over the answers: what to size gateways by.
  const perAnswer = scenario.gatewayCpuSeconds === null || result.answers === 0 ? 'n/a' : ms((scenario.gatewayCpuSeconds * 1000) / result.answers);
  record(`classes cost per answer, ${label}: gateway CPU (all requests of the run); load average at start`, `${perAnswer}; ${scenario.loadAverage.toFixed(2)}`);
}

const CLASSES_PART: BenchPart = { row: /^\| classes[ ,]/, note: 'The classes rows are from `npm run bench -- --only-classes`' };

export const withClassesRows = (doc: string, rows: readonly Row[], runLine: string): string => withPartRows(doc, CLASSES_PART, rows, runLine);

export const writeClassesRows = (docPath: string, rows: readonly Row[], runLine: string): Promise<void> => writePartRows(docPath, CLASSES_PART, rows, runLine);
