import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { freePort, spawnGroup, type GroupProcess } from './processGroup';

/*
 * A real Redis for the shared-limit tests (server/sharedLimits.test.ts):
 * Debian's redis-server on a free loopback port, nothing written to disk, in
 * its own process group so stopping it stops everything it started. CI
 * installs redis-server (.ci/run); a machine without it fails the test
 * saying so, rather than skipping what the test proves.
 */

export const REDIS_SERVER = '/usr/bin/redis-server';

export interface RedisProcess {
  port: number;
  url: string;
  proc: GroupProcess;
  stop(): Promise<void>;
  /**
   * Stalls the server (SIGSTOP): its connections stay open and take commands, which it runs once resumed,
   * as a Redis swapping or stuck in a long command does. Answers the function that resumes it (SIGCONT).
   */
  stall(): Promise<() => Promise<void>>;
}

export function requireRedisServer(): void {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(`${REDIS_SERVER} is missing: install it (sudo apt-get install redis-server) to run the shared rate-limit tests; .ci/run installs it in CI.`);
  }
}

/** True once something on `port` answers PING with PONG. */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => {
      reply += data.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

/** Starts redis-server (on `port` if given, for a restart on the same address) and waits until it answers. */
export async function startRedis(port?: number, timeoutMs = 10_000): Promise<RedisProcess> {
  requireRedisServer();
  const chosen = port ?? (await freePort());
  const proc = spawnGroup(REDIS_SERVER, ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes']);
  const deadline = Date.now() + timeoutMs;
  while (!(await pings(chosen))) {
    if (proc.child.exitCode !== null || Date.now() > deadline) {
      await proc.stop();
      throw new Error(`redis-server did not start on port ${chosen}:\n${proc.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const signal = (name: NodeJS.Signals): void => {
    process.kill(proc.child.pid as number, name);
  };
  async function stall() {
    signal('SIGSTOP');
    return async () => signal('SIGCONT');
  }
  return { port: chosen, url: `redis://127.0.0.1:${chosen}`, proc, stop: () => proc.stop(), stall };
}
