import path from 'node:path';

/* What the load run measures and for how long: the command line, the environment and the fixed figures (tooling/loadTest.ts says what each means). */

export const root = path.resolve(import.meta.dirname, '../..');
export const quick = process.argv.includes('--quick');
export const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
export const host = process.env.LOAD_HOST ?? '127.0.0.1';

function seconds(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > max) throw new Error(`${name} must be a number of seconds in (0, ${max}], not "${raw}".`);
  return value;
}

function wholeCount(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`${name} must be a whole number in [1, ${max}], not "${raw}".`);
  return value;
}

const MAX_INSTANCES = 16;
const MAX_RUNS = 8;

/** `--instances 1,2,4` or `--instances=1,2,4`: the instance counts to measure, or null for the sample-mode run. */
export function instancesArgument(argv: readonly string[]): number[] | null {
  const at = argv.findIndex((arg) => arg === '--instances' || arg.startsWith('--instances='));
  if (at === -1) return null;
  const flag = argv[at] ?? '';
  const raw = flag.includes('=') ? flag.slice(flag.indexOf('=') + 1) : (argv[at + 1] ?? '');
  const list = raw.split(',').map((part) => part.trim()).filter((part) => part !== '').map(Number);
  if (list.length === 0 || list.length > MAX_RUNS || list.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_INSTANCES)) {
    throw new Error(`--instances takes up to ${MAX_RUNS} whole numbers from 1 to ${MAX_INSTANCES}, comma-separated (e.g. --instances 1,2,4), not "${raw}".`);
  }
  return list;
}

export const WARMUP_S = quick ? 2 : 3;
export const PHASE_S = seconds('LOAD_PHASE_SECONDS', quick ? 5 : 20, 300);
export const SOAK_S = seconds('LOAD_SOAK_SECONDS', quick ? 10 : 120, 900);
export const SCALE_S = seconds('LOAD_SCALE_SECONDS', quick ? 5 : 15, 300);
// Longer than the sample run's: every N starts fresh processes, each with its own cold JIT and its own Redis connection.
export const SCALE_WARMUP_S = quick ? 2 : 5;
export const SCALE_CONNECTIONS = wholeCount('LOAD_SCALE_CONNECTIONS', 100, 1000);
export const IDLE_S = 5;
export const STARTUP_ALLOWANCE_S = 90;
/** After the warm-up and after the phase: the fake reports its count once a second, so a pause lets the count catch up. */
export const SETTLE_S = 1.5;
export const REQUEST_TIMEOUT_MS = 10_000;
export const RSS_SAMPLE_S = 10;

/** Everything planned, plus each start and some slack; never less than five minutes. */
export function deadlineSeconds(instances: number[] | null): number {
  if (instances === null) return Math.max(300, WARMUP_S + 2 * PHASE_S + SOAK_S + IDLE_S + STARTUP_ALLOWANCE_S + 30);
  return Math.max(300, instances.length * (STARTUP_ALLOWANCE_S + SCALE_WARMUP_S + SCALE_S + 2 * SETTLE_S + 15) + 30);
}

export const BODY = JSON.stringify({
  contents: 'Explain photosynthesis in one paragraph.',
  config: {
    responseMimeType: 'application/json',
    responseSchema: { type: 'OBJECT', properties: { summary: { type: 'STRING' } }, required: ['summary'] },
  },
});
