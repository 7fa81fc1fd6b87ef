import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GroupProcess } from '../../server/testing/processGroup';

/* What every part of the load run shares about starting and stopping: the processes to stop, and whether it is stopping. */

let stopping = false;

/** True once the run is stopping (done, failed, interrupted or past its deadline): loops end instead of starting more work. */
export const isStopping = (): boolean => stopping;

/** Called once by the clean-up: every loop sees it before its next request. */
export function markStopping(): void {
  stopping = true;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the load run started and must stop, whatever happens: every entry is a process group. */
export const running = new Set<GroupProcess>();

export async function stopAll(procs: Iterable<GroupProcess>): Promise<void> {
  const list = [...procs];
  for (const proc of list) running.delete(proc);
  await Promise.all(list.map((proc) => proc.stop()));
}

/** A tiny page written now, newer than every source, so server/node.ts serves it instead of building the app. */
export async function freshStaticDir(dir: string): Promise<void> {
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>StudyForge load test</title>\n');
}
