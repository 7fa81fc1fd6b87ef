import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { TEST_RUN_VARIABLE } from './leftoverProcesses';

/*
 * Processes that tests and scripts start (`npx tsx server/node.ts`, Deno, a
 * load generator's gateway) start children of their own: npx starts node,
 * tsx starts another node. Killing only the first leaves the rest running,
 * holding ports and memory after the test is over. So each one is started as
 * the leader of its own process group and stopped by signalling the group.
 */

export interface GroupProcess {
  child: ChildProcess;
  /** Everything the process printed, stdout and stderr interleaved. */
  output(): string;
  /** Stops the whole group: SIGTERM, then SIGKILL if it is still there after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

export function spawnGroup(command: string, args: readonly string[], options: SpawnOptions = {}): GroupProcess {
  // A test that filters the environment still passes on the run id, so a process it leaves behind is found (leftoverProcesses.ts).
  const runId = process.env[TEST_RUN_VARIABLE];
  const env = options.env && runId ? { ...options.env, [TEST_RUN_VARIABLE]: runId } : options.env;
  const child = spawn(command, [...args], { stdio: ['ignore', 'pipe', 'pipe'], ...options, env, detached: true });
  let log = '';
  child.stdout?.on('data', (data: Buffer) => (log += data.toString()));
  child.stderr?.on('data', (data: Buffer) => (log += data.toString()));
  // If the test runner itself exits first, take the group with it.
  const onExit = () => signalGroup(child, 'SIGKILL');
  process.once('exit', onExit);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

  return {
    child,
    output: () => log,
    async stop(graceMs = 3_000) {
      process.removeListener('exit', onExit);
      signalGroup(child, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      // The leader may be gone while a grandchild ignored SIGTERM: make sure of the rest of the group.
      signalGroup(child, 'SIGKILL');
    },
  };
}

/** Polls `url` until it answers OK, the process exits, or the time is up. */
export async function waitUntilUp(url: string, proc: GroupProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`exited with ${proc.child.exitCode}:\n${proc.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not up after ${timeoutMs} ms:\n${proc.output()}`);
}

/** A TCP port nobody listens on right now, on loopback. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
