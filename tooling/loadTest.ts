import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshStaticDir, markStopping, running, stopAll } from './load/lifecycle';
import { sampleRun } from './load/sampleRun';
import { scalingRun } from './load/scalingRun';
import { deadlineSeconds, host, instancesArgument, LOOPBACK } from './load/settings';

/*
 * `npm run load` (asked for by the security review): the real gateway (server/node.ts, in
 * sample mode, so no provider is involved) under load from this machine only.
 * Prints requests per second, p50/p99 latency, failures, and the gateway's
 * resident memory before and after: 50 connections, 200 connections, and a
 * soak of 50 connections for two minutes; then its memory after a short idle.
 *
 *   npm run load                 full run (about 3 minutes)
 *   npm run load -- --quick      5 s phases and a 10 s soak, to try it out
 *   LOAD_SOAK_SECONDS=30 npm run load
 *
 * Scaling, a separate mode because it needs redis-server and takes
 * its own minutes: `npm run load -- --instances 1,2,4`. For each N in the list
 * it starts one real redis-server (server/testing/redis.ts), one fake
 * OpenAI-compatible provider in its own process (tooling/fakeProviderProcess.ts,
 * answering at once) and N gateways sharing that Redis for their rate limit
 * (STUDYFORGE_LIMIT_STORE, limit 1e9 so the load is never limited) and that
 * fake as their provider, so each request goes client -> gateway -> Redis ->
 * fake and back, as in a deployment minus the model's own time. After a 5 s
 * warm-up (2 s with --quick), LOAD_SCALE_CONNECTIONS connections (default
 * 100, at most 1000) are spread round-robin over the N instances from this
 * client (no proxy) for LOAD_SCALE_SECONDS (default 15, 5 with --quick, at
 * most 300); 1,2,4 takes about a minute and a half. Per N: req/s, p50/p99,
 * failures, the gateways' summed RSS and CPU time, Redis's and the fake's, and
 * checks that Redis counted and the fake answered each request. Everything
 * (gateways, Redis, fake) is stopped as a process group after each N, and at
 * the end, on failure, Ctrl-C or the hard deadline.
 *
 *   npm run load -- --instances 1,2,4
 *   npm run load -- --quick --instances 1,2
 *   LOAD_SCALE_SECONDS=30 LOAD_SCALE_CONNECTIONS=200 npm run load -- --instances 1,2,4
 *
 * Loopback only: it starts its own gateways on 127.0.0.1 (LOAD_HOST may say
 * ::1 or localhost instead) and refuses any other target; the provider in the
 * scaling mode is the fake on 127.0.0.1, never a real one. Bounded in time: a
 * hard deadline stops everything, whatever is still running.
 */
/* The parts live in tooling/load/: settings, the phase runner, /proc readings, the two runs and their tables. */

async function main(): Promise<void> {
  if (!LOOPBACK.has(host)) throw new Error(`refusing to load ${host}: this script only targets loopback (127.0.0.1, ::1, localhost).`);
  const instances = instancesArgument(process.argv);
  const deadlineS = deadlineSeconds(instances);

  let staticDir: string | undefined;
  let cleaned: Promise<void> | undefined;
  function cleanup(): Promise<void> {
    markStopping();
    cleaned ??= (async () => {
      await stopAll(running);
      if (staticDir) await rm(staticDir, { recursive: true, force: true });
    })();
    return cleaned;
  }
  const hardStop = setTimeout(() => {
    console.error(`\n[load] hard deadline of ${deadlineS} s reached: stopping everything.`);
    void cleanup().finally(() => process.exit(2));
  }, deadlineS * 1000);
  hardStop.unref();
  const onSigint = () => {
    console.error('\n[load] interrupted: stopping everything it started.');
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSigint);
  process.once('SIGTERM', onSigint);

  try {
    staticDir = await mkdtemp(path.join(tmpdir(), 'studyforge-load-'));
    await freshStaticDir(staticDir);
    if (instances === null) await sampleRun(staticDir);
    else await scalingRun(instances, staticDir);
  } finally {
    process.removeListener('SIGINT', onSigint);
    process.removeListener('SIGTERM', onSigint);
    await cleanup();
    clearTimeout(hardStop);
  }
}

main().catch((error: unknown) => {
  console.error(`[load] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
