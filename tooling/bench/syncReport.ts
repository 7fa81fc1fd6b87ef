import { percentile } from '../load/phase';
import { ms, record, type Row } from './harness';
import { withPartRows, writePartRows, type BenchPart } from './partRows';
import type { SyncLoadResult } from './syncRun';

/*
 * The sync bench's rows in the measurements table: for each deployment, the
 * round trip of one user alone and of many at once, its parts, the
 * throughput, and what the run spent and ran beside (a loaded 2-core machine
 * reads slower, so the load average is said with the figures).
 *
 * A whole `npm run bench` writes them with every other row. `--only-sync`
 * puts them in place of the table's earlier sync rows and keeps the page
 * rows as they are, saying under the table which run the sync rows are
 * from: a sync run must not wipe figures it did not measure.
 */

export interface SyncConditions {
  label: string;
  /** The machine's 1-minute load average as the loaded run started. */
  loadAverage: number;
  /** CPU the gateway processes used during the loaded run (null where /proc cannot say). */
  gatewayCpuSeconds: number | null;
  /** CPU the bench itself (every device) used during the loaded run. */
  clientCpuSeconds: number;
  /** The time limit on starting new users, or null when every user ran. */
  limitSeconds: number | null;
  usersOffered: number;
  changesPerUser: number;
  usersAtOnce: number;
}

const pair = (sorted: Float64Array) => `${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 99))}`;

export function recordSyncLoad(conditions: SyncConditions, alone: SyncLoadResult, loaded: SyncLoadResult): void {
  const { label } = conditions;
  record(`sync round trip p50 / p99, ${label}, one user alone (${alone.changes} changes one after another)`, pair(alone.roundTrips));
  record(`sync round trip p50 / p99, ${label}, ${conditions.usersAtOnce} users at a time`, pair(loaded.roundTrips));
  record(`sync parts p50 / p99, ${label}, ${conditions.usersAtOnce} users at a time: push answered; other device told`, `${pair(loaded.pushes)}; ${pair(loaded.events)}`);
  const offered = conditions.usersOffered * conditions.changesPerUser;
  const who =
    loaded.changes + loaded.failures >= offered
      ? `all ${conditions.usersOffered.toLocaleString('en')} users × ${conditions.changesPerUser}`
      : `${loaded.users.toLocaleString('en')} of ${conditions.usersOffered.toLocaleString('en')} users × up to ${conditions.changesPerUser}, stopped at the ${conditions.limitSeconds ?? '?'} s limit`;
  const failures = loaded.failures + alone.failures;
  const failed = failures > 0 ? `; ${failures} round trips FAILED, first: ${loaded.firstFailure ?? alone.firstFailure ?? ''}` : '';
  const perChange = (seconds: number | null) => (seconds === null || loaded.changes === 0 ? 'n/a' : ms((seconds * 1000) / loaded.changes));
  record(
    `sync throughput, ${label}`,
    `${Math.round(loaded.changes / loaded.seconds)} changes/s: ${loaded.changes.toLocaleString('en')} changes (${who}) in ${loaded.seconds.toFixed(1)} s${failed}`,
  );
  record(
    `sync cost per change, ${label}: gateway CPU; the bench's devices' CPU; load average at start`,
    `${perChange(conditions.gatewayCpuSeconds)}; ${perChange(conditions.clientCpuSeconds)}; ${conditions.loadAverage.toFixed(2)}`,
  );
}

/** The sync bench's rows (its measures all start so) and the line naming their run. */
const SYNC_PART: BenchPart = { row: /^\| sync[ ,]/, note: 'The sync rows are from `npm run bench -- --only-sync`' };

/** The doc with the latest table's sync rows replaced by `rows` and a line naming their run; the rest kept as it was. */
export const withSyncRows = (doc: string, rows: readonly Row[], runLine: string): string => withPartRows(doc, SYNC_PART, rows, runLine);

export const writeSyncRows = (docPath: string, rows: readonly Row[], runLine: string): Promise<void> => writePartRows(docPath, SYNC_PART, rows, runLine);
