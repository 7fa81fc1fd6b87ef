import { spawnGroup, type GroupProcess } from '../../server/testing/processGroup';
import { running, sleep } from './lifecycle';
import { root } from './settings';

/* The fake OpenAI-compatible provider of the scaling run, in its own process (tooling/fakeProviderProcess.ts), and the counts it reports. */

export interface FakeProvider {
  proc: GroupProcess;
  baseUrl: string;
  model: string;
  apiKey: string;
}

export interface FakeCounts {
  served: number;
  problems: number;
  firstProblem: string | null;
}

/** The fake's JSON lines on stdout: the first says where it listens, the rest its counts (tooling/fakeProviderProcess.ts). */
function fakeLines(proc: GroupProcess): unknown[] {
  const lines: unknown[] = [];
  for (const line of proc.output().split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      lines.push(JSON.parse(line) as unknown);
    } catch {
      // A line cut mid-write: the next tick's line will do.
    }
  }
  return lines;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function fakeCounts(fake: FakeProvider): FakeCounts | null {
  const last = fakeLines(fake.proc).filter((line) => isObject(line) && typeof line.served === 'number').at(-1);
  if (!isObject(last)) return null;
  return { served: Number(last.served), problems: Number(last.problems), firstProblem: typeof last.firstProblem === 'string' ? last.firstProblem : null };
}

export async function startFakeProvider(): Promise<FakeProvider> {
  // Node with tsx as a loader (not `npx tsx`), so the pid read from /proc is the fake itself.
  const proc = spawnGroup(process.execPath, ['--import', 'tsx', 'tooling/fakeProviderProcess.ts'], { cwd: root });
  running.add(proc);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) break;
    const ready = fakeLines(proc).find((line) => isObject(line) && typeof line.baseUrl === 'string');
    if (isObject(ready) && typeof ready.baseUrl === 'string' && typeof ready.model === 'string' && typeof ready.apiKey === 'string') {
      const where = new URL(ready.baseUrl);
      // The provider must be the fake on this machine: a real provider is never loaded.
      if (where.hostname !== '127.0.0.1') throw new Error(`the fake provider said it listens on ${where.hostname}, not loopback; refusing.`);
      return { proc, baseUrl: ready.baseUrl, model: ready.model, apiKey: ready.apiKey };
    }
    await sleep(100);
  }
  throw new Error(`the fake provider did not start:\n${proc.output()}`);
}
