import { cpus } from 'node:os';
import { startGateway } from '../../server/testing/gateway';
import { isStopping, running, sleep } from './lifecycle';
import { runPhase, type Phase, type PhaseResult, type Target } from './phase';
import { printTable } from './phaseTable';
import { mb, rssOf } from './processStats';
import { BODY, host, IDLE_S, PHASE_S, SOAK_S, STARTUP_ALLOWANCE_S, WARMUP_S } from './settings';

/* The sample-mode run: one gateway answering samples, at 50 and 200 connections, then a soak and an idle. */

export async function sampleRun(staticDir: string): Promise<void> {
  // Sample mode (startGateway blanks the provider variables), no rate limit, no public key.
  const started = await startGateway({ staticDir, host, env: { STUDYFORGE_RATE_LIMIT: '100000000', STUDYFORGE_PUBLIC_KEY: '' }, timeoutMs: STARTUP_ALLOWANCE_S * 1000 });
  const gateway = started.proc;
  running.add(gateway);
  const { base, port } = started;
  const pid = gateway.child.pid;
  const target: Target = { port, pid };
  // One request first: the gateway marks sample answers, and only a sample-answering gateway is loaded, never a real provider.
  const probe = await fetch(`${base}/functions/v1/gemini`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: BODY });
  await probe.arrayBuffer();
  if (!probe.ok || probe.headers.get('x-studyforge-sample') !== 'true') {
    throw new Error(`the gateway did not answer with a sample (status ${probe.status}); refusing to load it.`);
  }

  console.log(
    `StudyForge gateway load test on ${process.platform} ${process.arch}, Node ${process.version}, ${cpus().length} cores; gateway pid ${pid} at ${base} (samples)`,
  );
  if (rssOf(pid) === null) console.log('  (no /proc here: the gateway\'s memory is not measured; RSS columns show n/a)');
  console.log(`  RSS at start: ${mb(rssOf(pid))} MB. Phases: warm-up ${WARMUP_S} s, 50 and 200 connections ${PHASE_S} s each, soak 50 connections ${SOAK_S} s.`);

  const phases: Phase[] = [
    { name: 'warm-up', connections: 50, seconds: WARMUP_S, reported: false },
    { name: '50 connections', connections: 50, seconds: PHASE_S, reported: true },
    { name: '200 connections', connections: 200, seconds: PHASE_S, reported: true },
    { name: 'soak', connections: 50, seconds: SOAK_S, reported: true },
  ];
  const results: PhaseResult[] = [];
  for (const phase of phases) {
    if (isStopping()) break;
    process.stdout.write(`  ${phase.name}: ${phase.connections} connections for ${phase.seconds} s...`);
    const result = await runPhase(phase, [target]);
    process.stdout.write(` ${result.requests} requests\n`);
    if (phase.reported) results.push(result);
    if (gateway.child.exitCode !== null) throw new Error(`the gateway exited during ${phase.name}:\n${gateway.output()}`);
  }
  printTable(results);

  const beforeIdle = rssOf(pid);
  await sleep(IDLE_S * 1000);
  console.log(`\nGateway RSS after ${IDLE_S} s idle: ${mb(rssOf(pid))} MB (${mb(beforeIdle)} MB when the load stopped).`);
}
