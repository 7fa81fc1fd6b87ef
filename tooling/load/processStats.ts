import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { rssBytesOf } from '../../server/testing/gateway';

/* Memory and CPU time of the processes under load, read from /proc (null where there is none). */

export const rssOf = rssBytesOf;

/** The summed RSS of several processes; null if any cannot be read, rather than a sum that silently leaves one out. */
export function rssSum(pids: readonly (number | undefined)[]): number | null {
  let total = 0;
  for (const pid of pids) {
    const rss = rssOf(pid);
    if (rss === null) return null;
    total += rss;
  }
  return total;
}

/** Clock ticks per second, the unit of /proc/<pid>/stat's CPU times (100 on nearly every Linux). */
const CLOCK_TICKS = (() => {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
  } catch {
    return 100;
  }
})();

/** A process's CPU time so far (user + system, all its threads) in seconds, from /proc; null where there is none. */
export function cpuSecondsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  const stat = readFileSync(file, 'utf8');
  // The command name (field 2) may hold spaces: count fields from after its closing parenthesis (field 3 on).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) / CLOCK_TICKS : null;
}

export function cpuSum(pids: readonly (number | undefined)[]): number | null {
  let total = 0;
  for (const pid of pids) {
    const cpu = cpuSecondsOf(pid);
    if (cpu === null) return null;
    total += cpu;
  }
  return total;
}

export const mb = (bytes: number | null) => (bytes === null ? 'n/a' : (bytes / 1024 / 1024).toFixed(1));
