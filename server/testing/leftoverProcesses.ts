import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';

/*
 * `npm test` must leave no process behind: a gateway, Deno, a fake provider
 * or a build that outlives its test keeps a port and memory, and on a shared
 * machine slows everyone's next run. Each test runner (vitest, Playwright)
 * marks itself at the start with a run id in the environment, which every
 * process it starts inherits (spawnGroup passes it on even when a test filters
 * the environment), orphans whose parent has died included. At the end the
 * runner looks for live processes carrying its id, gives them a moment to
 * finish exiting, then fails naming each one, and kills them so the next run
 * starts clean. Other checkouts' and other people's runs carry other ids, so
 * they never count.
 *
 * Linux only (/proc); elsewhere the check does nothing.
 */

export const TEST_RUN_VARIABLE = 'LEFTOVER_PROCESS_CHECK_RUN';

export interface RunProcess {
  pid: number;
  ppid: number;
  pgid: number;
  args: string;
}

/** Gives this runner a run id (unless an outer run gave one), inherited by every process it starts from now on. */
export function markTestRun(): string {
  const id = process.env[TEST_RUN_VARIABLE] || `${process.pid}-${randomUUID()}`;
  process.env[TEST_RUN_VARIABLE] = id;
  return id;
}

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'latin1');
  } catch {
    return undefined; // Gone meanwhile, or another user's.
  }
}

function statOf(pid: number): { ppid: number; pgid: number } | undefined {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // `pid (comm) state ppid pgrp ...`; comm may hold spaces and parentheses.
  const [, ppid, pgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(ppid), pgid: Number(pgid) };
}

/** This process and its ancestors: the runner and whatever started it are never leftovers. */
function selfAndAncestors(): Set<number> {
  const pids = new Set<number>();
  for (let pid = process.pid; pid > 1 && !pids.has(pid); pid = statOf(pid)?.ppid ?? 0) pids.add(pid);
  return pids;
}

/** Live processes started by the run `runId` (its id in their environment), this process and its ancestors excepted. */
export function processesOfRun(runId: string): RunProcess[] {
  if (!existsSync('/proc/self/environ')) return [];
  const entry = `${TEST_RUN_VARIABLE}=${runId}`;
  const excepted = selfAndAncestors();
  const found: RunProcess[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || excepted.has(pid)) continue;
    // A zombie's environment reads empty: it has exited, and its parent only has not collected it yet.
    if (!read(`/proc/${pid}/environ`)?.split('\0').includes(entry)) continue;
    const stat = statOf(pid);
    if (!stat) continue;
    const args = (read(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean).join(' ');
    found.push({ pid, ...stat, args });
  }
  return found;
}

/** The processes of the run still alive after `graceMs` (ones being stopped get that long to exit). */
export async function leftoverProcesses(runId: string, graceMs = 3_000): Promise<RunProcess[]> {
  const deadline = Date.now() + graceMs;
  for (;;) {
    const left = processesOfRun(runId);
    if (left.length === 0 || Date.now() >= deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Fails, naming each process the run left behind, after killing them. */
export async function assertNoLeftoverProcesses(runId: string, runner: string, graceMs?: number): Promise<void> {
  const left = await leftoverProcesses(runId, graceMs);
  if (left.length === 0) return;
  for (const { pid } of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Exited meanwhile.
    }
  }
  await leftoverProcesses(runId, 2_000); // A kill takes effect a moment later.
  const list = left.map(({ pid, ppid, pgid, args }) => `  pid ${pid} (parent ${ppid}, group ${pgid}): ${args}`).join('\n');
  throw new Error(
    `${runner} left ${left.length === 1 ? 'a process' : `${left.length} processes`} running after its tests (now killed):\n${list}\n` +
      'Start processes with spawnGroup (server/testing/processGroup.ts) and stop them with proc.stop() in afterAll or finally, also when the test fails.',
  );
}
