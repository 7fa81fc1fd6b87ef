import { loadavg, cpus } from 'node:os';
import { Redis } from 'ioredis';
import { startGateway, type GatewayProcess } from '../../server/testing/gateway';
import type { GroupProcess } from '../../server/testing/processGroup';
import { requireRedisServer, startRedis, type RedisProcess } from '../../server/testing/redis';
import { fakeCounts, startFakeProvider } from './fakeProvider';
import { freshStaticDir, isStopping, running, sleep, stopAll } from './lifecycle';
import { runPhase, type Target } from './phase';
import { cpuSecondsOf, cpuSum, rssOf, rssSum } from './processStats';
import { printScaleTable, type ScaleResult } from './scaleTable';
import { BODY, host, SCALE_CONNECTIONS, SCALE_S, SCALE_WARMUP_S, SETTLE_S, STARTUP_ALLOWANCE_S } from './settings';

/* The scaling run: N gateways sharing one Redis, a fake provider behind them, measured for each N in turn. */

/** Redis's count of commands processed so far (INFO stats), or null if it cannot be asked. */
async function redisCommands(url: string): Promise<number | null> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2_000 });
  try {
    await client.connect();
    const match = /^total_commands_processed:(\d+)/m.exec(await client.info('stats'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  } finally {
    client.disconnect();
  }
}

const OUTAGE_LINE = /rate-limit store [^\n]*this process's own limit/g;
const outageLines = (text: string) => text.match(OUTAGE_LINE)?.length ?? 0;

const delta = (after: number | null, before: number | null) => (after === null || before === null ? null : after - before);

async function measureInstances(instances: number, staticDir: string): Promise<ScaleResult> {
  const mine: GroupProcess[] = [];
  try {
    const redis: RedisProcess = await startRedis();
    running.add(redis.proc);
    mine.push(redis.proc);
    const fake = await startFakeProvider();
    mine.push(fake.proc);

    await freshStaticDir(staticDir);
    const env = {
      STUDYFORGE_LIMIT_STORE: redis.url,
      // High enough that no request of the run is limited: the run measures the shared count's cost, not 429s.
      STUDYFORGE_RATE_LIMIT: '1000000000',
      STUDYFORGE_PUBLIC_KEY: '',
      STUDYFORGE_PROVIDER: 'openai',
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MODEL: fake.model,
      OPENAI_API_KEY: fake.apiKey,
    };
    // Started together; each is tracked as soon as it is up, so a failure of one still stops the others.
    const starts = await Promise.allSettled(
      Array.from({ length: instances }, () =>
        startGateway({ staticDir, host, env, timeoutMs: STARTUP_ALLOWANCE_S * 1000 }).then((g) => {
          running.add(g.proc);
          mine.push(g.proc);
          return g;
        }),
      ),
    );
    const failed = starts.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw new Error(`a gateway did not start: ${failed.reason instanceof Error ? failed.reason.message : String(failed.reason)}`);
    const gateways = starts.flatMap((s): GatewayProcess[] => (s.status === 'fulfilled' ? [s.value] : []));

    // One request to each first: answered by the fake (not samples), or the run stops before loading anything.
    for (const g of gateways) {
      const probe = await fetch(`${g.base}/functions/v1/gemini`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: BODY, signal: AbortSignal.timeout(10_000) });
      const text = await probe.text();
      if (!probe.ok || probe.headers.get('x-studyforge-sample') !== null || !text.includes('Plants turn light')) {
        throw new Error(`gateway at ${g.base} did not answer from the fake provider (status ${probe.status}: ${text.slice(0, 300)}); refusing to load it.\n${g.proc.output()}`);
      }
    }

    const targets: Target[] = gateways.map((g) => ({ port: g.port, pid: g.proc.child.pid }));
    const pids = targets.map((t) => t.pid);
    const redisPid = redis.proc.child.pid;
    const fakePid = fake.proc.child.pid;

    const loadBefore = loadavg()[0] ?? Number.NaN;
    const gatewayRssStart = rssSum(pids);
    const logStart = gateways.map((g) => g.proc.output().length);
    process.stdout.write(`  ${instances} instance${instances === 1 ? '' : 's'} (load average ${loadBefore.toFixed(2)}): warm-up ${SCALE_WARMUP_S} s...`);
    await runPhase({ name: 'warm-up', connections: SCALE_CONNECTIONS, seconds: SCALE_WARMUP_S, reported: false }, targets);
    await sleep(SETTLE_S * 1000);
    const logPhase = gateways.map((g) => g.proc.output().length);

    const fakeBefore = fakeCounts(fake);
    const redisBefore = await redisCommands(redis.url);
    const cpuBefore = { gateways: cpuSum(pids), redis: cpuSecondsOf(redisPid), fake: cpuSecondsOf(fakePid) };
    const clientBefore = process.cpuUsage();
    process.stdout.write(` ${SCALE_CONNECTIONS} connections for ${SCALE_S} s...`);
    const result = await runPhase({ name: `${instances} instance${instances === 1 ? '' : 's'}`, connections: SCALE_CONNECTIONS, seconds: SCALE_S, reported: true }, targets);
    const client = process.cpuUsage(clientBefore);
    const cpuAfter = { gateways: cpuSum(pids), redis: cpuSecondsOf(redisPid), fake: cpuSecondsOf(fakePid) };
    const redisRss = rssOf(redisPid);
    const fakeRss = rssOf(fakePid);
    await sleep(SETTLE_S * 1000);
    const redisAfter = await redisCommands(redis.url);
    const fakeAfter = fakeCounts(fake);
    process.stdout.write(` ${result.requests} requests\n`);

    for (const g of gateways) if (g.proc.child.exitCode !== null) throw new Error(`a gateway exited during the run:\n${g.proc.output()}`);
    const peaks = [result.rssBefore, ...result.rssSamples, result.rssAfter].filter((v): v is number => v !== null);
    return {
      instances,
      result,
      gatewayRssStart,
      gatewayRssPeak: peaks.length > 0 ? Math.max(...peaks) : null,
      redisRss,
      fakeRss,
      gatewayCpuS: delta(cpuAfter.gateways, cpuBefore.gateways),
      redisCpuS: delta(cpuAfter.redis, cpuBefore.redis),
      fakeCpuS: delta(cpuAfter.fake, cpuBefore.fake),
      clientCpuS: (client.user + client.system) / 1e6,
      // Minus the INFO that read the first count (the second INFO is counted after it is read).
      redisCommands: redisBefore === null || redisAfter === null ? null : redisAfter - redisBefore - 1,
      fakeServed: fakeBefore && fakeAfter ? fakeAfter.served - fakeBefore.served : null,
      fakeProblems: fakeBefore && fakeAfter ? fakeAfter.problems - fakeBefore.problems : null,
      firstProblem: fakeAfter?.firstProblem ?? null,
      storeOutagesWarmup: gateways.reduce((sum, g, i) => sum + outageLines(g.proc.output().slice(logStart[i], logPhase[i])), 0),
      storeOutagesPhase: gateways.reduce((sum, g, i) => sum + outageLines(g.proc.output().slice(logPhase[i])), 0),
      loadBefore,
    };
  } finally {
    await stopAll(mine);
  }
}

export async function scalingRun(instances: number[], staticDir: string): Promise<void> {
  requireRedisServer();
  console.log(
    `StudyForge gateway scaling test on ${process.platform} ${process.arch}, Node ${process.version}, ${cpus().length} cores: instances ${instances.join(', ')}; ` +
      `each N: one redis-server, one fake OpenAI-compatible provider (own process, answers at once), N gateways; ` +
      `warm-up ${SCALE_WARMUP_S} s, then ${SCALE_CONNECTIONS} connections round-robin for ${SCALE_S} s.`,
  );
  console.log('  The load client, the gateways, Redis and the fake all share this machine\'s cores: more instances than cores compete for them.');
  const rows: ScaleResult[] = [];
  for (const n of instances) {
    if (isStopping()) break;
    rows.push(await measureInstances(n, staticDir));
  }
  printScaleTable(rows);
}
