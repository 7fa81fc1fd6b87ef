import type { BudgetCaps } from './budgets';
import { UPSTREAM_DETAIL_VARIABLE, type LogOptions } from './gatewayLog';

/*
 * The gateway's settings, all from environment variables (docs/gateway.md
 * lists them). Provider keys are read here and nowhere else; they never
 * reach the browser.
 */

export interface GatewayLimits {
  /** Largest accepted JSON body, in bytes. */
  maxTextBytes: number;
  /** Largest accepted audio upload, in bytes. */
  maxAudioBytes: number;
  /** Requests allowed per client per window. */
  rateLimit: number;
  rateWindowMs: number;
  /** How long a provider may stay silent (before its answer, or between two pieces of a stream) before the gateway gives up. */
  upstreamTimeoutMs: number;
  /** The longest any one call may take, however steadily the provider writes. */
  upstreamMaxMs: number;
  /** Audio uploads handled at once; more are answered 503, so uploads cannot pile up in memory. */
  maxAudioUploads: number;
  /** Clients the rate limiter remembers at once (its memory bound). */
  maxRateClients: number;
}

export interface GatewaySettings {
  /** The public client key the app sends as a bearer token; blank accepts any caller. */
  publicKey: string;
  /** Origins allowed to call from a browser on another origin (CORS). */
  allowedOrigins: string[];
  /**
   * How many proxies you run in front of the gateway (0: none). The client's
   * address is then the N-th X-Forwarded-For entry from the right: the one the
   * outermost of your proxies wrote, never one the caller wrote.
   */
  trustedHops: number;
  limits: GatewayLimits;
  /** Where the rate limit's counters live: this process's memory, or a store several gateways share (Redis over TCP or REST, Deno KV: STUDYFORGE_LIMIT_STORE). */
  limitStore: LimitStoreSetting;
  /** What failure lines may hold beyond status and kind (gatewayLog.ts): off unless STUDYFORGE_LOG_UPSTREAM_DETAIL asks. */
  log: LogOptions;
  /** Daily and monthly token caps, for the gateway and per client (budgets.ts); 0: no cap. */
  budgets: BudgetCaps;
  /** The key /metrics asks for (STUDYFORGE_METRICS_KEY); blank: /metrics is off. */
  metricsKey: string;
}

export const METRICS_KEY_VARIABLE = 'STUDYFORGE_METRICS_KEY';

/**
 * STUDYFORGE_METRICS_KEY: a secret of its own. The public client key ships in
 * the app's bundle, so a metrics key equal to it would open /metrics to
 * anyone: refused at start, as is one too short to be a secret.
 */
function metricsKeyFromEnv(env: Environment, publicKey: string): string {
  const key = (env[METRICS_KEY_VARIABLE] ?? '').trim();
  if (key === '') return '';
  if (key.length < 16) throw new Error(`${METRICS_KEY_VARIABLE} must be at least 16 characters long (a secret only your monitoring knows).`);
  if (key === publicKey) throw new Error(`${METRICS_KEY_VARIABLE} must differ from STUDYFORGE_PUBLIC_KEY: the public key ships in the app, so anyone could read the metrics.`);
  return key;
}

/**
 * STUDYFORGE_LOG_UPSTREAM_DETAIL: '1' or 'true' logs what providers said.
 * Anything else but blank, '0' or 'false' is refused, so a typo ("yes") does
 * not leave an operator believing detail is logged, nor "off" turn it on.
 */
function logOptionsFromEnv(env: Environment): LogOptions {
  const raw = (env[UPSTREAM_DETAIL_VARIABLE] ?? '').trim().toLowerCase();
  if (raw === '1' || raw === 'true') return { upstreamDetail: true };
  if (raw === '' || raw === '0' || raw === 'false') return { upstreamDetail: false };
  throw new Error(`${UPSTREAM_DETAIL_VARIABLE} must be 1 (log what providers said, redacted) or 0, not "${env[UPSTREAM_DETAIL_VARIABLE]}".`);
}

/**
 * For Redis and Deno KV, `salt` (STUDYFORGE_LIMIT_SALT) goes into every key's hash: without one, anyone who
 * reads the store could hash all four billion IPv4 addresses and find whose key is whose. Set the same value
 * on every instance, or they count apart.
 *
 * Deno KV (limitStore/denoKv.ts) is for the Deno gateway only: `path` is what Deno.openKv opens (a local
 * SQLite file that several processes share, or a KV Connect URL); without one, Deno.openKv()'s default,
 * which on Deno Deploy is the project's KV.
 */
export type LimitStoreSetting =
  | { kind: 'memory' }
  | { kind: 'redis'; url: string; salt: string }
  | { kind: 'denokv'; path?: string; salt: string }
  /**
   * Redis over HTTPS, an Upstash-style REST endpoint (limitStore/redisRest.ts): the one shared store a Supabase
   * Edge Function can reach (no TCP, no Deno KV there), usable by every runtime. `token` is the endpoint's
   * bearer token (STUDYFORGE_LIMIT_STORE_TOKEN), a secret: never logged.
   */
  | { kind: 'redis-rest'; url: string; token: string; salt: string };

export const LIMIT_STORE_VARIABLE = 'STUDYFORGE_LIMIT_STORE';
export const LIMIT_SALT_VARIABLE = 'STUDYFORGE_LIMIT_SALT';

/**
 * The line a gateway prints at start when a shared store has no salt. It
 * warns rather than refuses: the limits and budgets count exactly as well
 * without one, reading the store takes its own credentials, and refusing
 * would stop a school's running gateway at its next update. But the operator
 * must know that the keys, hashes of client addresses made without a secret,
 * can be reversed by anyone who reads the store.
 */
export function limitSaltWarning(setting: LimitStoreSetting): string | undefined {
  if (setting.kind === 'memory' || setting.salt.trim() !== '') return undefined;
  return `[studyforge] warning: ${LIMIT_SALT_VARIABLE} is not set, so the shared limit store's keys are client addresses hashed without a secret: anyone who can read the store can hash every IPv4 address and find whose key is whose. Set ${LIMIT_SALT_VARIABLE} to the same random secret on every instance.`;
}
export const LIMIT_STORE_TOKEN_VARIABLE = 'STUDYFORGE_LIMIT_STORE_TOKEN';

/** Hosts a token may travel to over plain http: this machine only (a local REST proxy, a test's fake). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * An https:// (or loopback http://) REST endpoint and its token. Plain http to another host is refused: the
 * token, sent with every request, would travel in clear. The token is checked for a header's characters here,
 * so a stray space or newline is said at start (without echoing it) rather than failing every request later.
 */
function redisRestFromEnv(env: Environment, url: URL): LimitStoreSetting {
  const where = `${url.protocol}//${url.host}`;
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    throw new Error(`${LIMIT_STORE_VARIABLE} must use https:// for a REST store on another host (${where}): its token would travel in clear. http:// is accepted only for 127.0.0.1, ::1 and localhost.`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new Error(`${LIMIT_STORE_VARIABLE} must not hold a user or password for a REST store (${where}): put its token in ${LIMIT_STORE_TOKEN_VARIABLE}.`);
  }
  const token = (env[LIMIT_STORE_TOKEN_VARIABLE] ?? '').trim();
  if (token === '') {
    throw new Error(`${LIMIT_STORE_VARIABLE}=${where} (a Redis REST endpoint) needs its token in ${LIMIT_STORE_TOKEN_VARIABLE} (Upstash: the database's REST token).`);
  }
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw new Error(`${LIMIT_STORE_TOKEN_VARIABLE} must be the REST token as given: printable characters, no spaces.`);
  }
  return { kind: 'redis-rest', url: url.href, token, salt: env.STUDYFORGE_LIMIT_SALT ?? '' };
}

/**
 * STUDYFORGE_LIMIT_STORE: blank or 'memory' for this process's memory; redis://host:port (or rediss://) for a
 * shared Redis; https://… (an Upstash-style Redis REST endpoint, with STUDYFORGE_LIMIT_STORE_TOKEN) for a shared
 * Redis over HTTPS; 'denokv' (Deno.openKv()'s default) or 'denokv:<path>' (e.g. denokv:/var/lib/studyforge/kv.sqlite)
 * for Deno KV.
 */
function limitStoreFromEnv(env: Environment): LimitStoreSetting {
  const raw = (env[LIMIT_STORE_VARIABLE] ?? '').trim();
  if (raw === '' || raw.toLowerCase() === 'memory') return { kind: 'memory' };
  // Before the URL parse below, which would take 'denokv:/path' for an address with a scheme of that name.
  const denoKv = /^denokv(?::(.*))?$/i.exec(raw);
  if (denoKv) {
    const path = (denoKv[1] ?? '').trim();
    return path === '' ? { kind: 'denokv', salt: env.STUDYFORGE_LIMIT_SALT ?? '' } : { kind: 'denokv', path, salt: env.STUDYFORGE_LIMIT_SALT ?? '' };
  }
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (url && (url.protocol === 'redis:' || url.protocol === 'rediss:') && url.hostname !== '') return { kind: 'redis', url: raw, salt: env.STUDYFORGE_LIMIT_SALT ?? '' };
  if (url && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '') return redisRestFromEnv(env, url);
  throw new Error(
    `${LIMIT_STORE_VARIABLE} must be blank (memory) or a Redis address like redis://127.0.0.1:6379, a Redis REST endpoint like https://eu1-example.upstash.io (with ${LIMIT_STORE_TOKEN_VARIABLE}) or, on the Deno gateway, denokv or denokv:<file>; not "${raw.replace(/\/\/[^@/]*@/, '//…@')}".`,
  );
}

export type Environment = Record<string, string | undefined>;

function positive(env: Environment, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not "${raw}".`);
  return value;
}

function wholeNumber(env: Environment, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number (0 or more), not "${raw}".`);
  return value;
}

/** STUDYFORGE_TRUSTED_HOPS, or the older STUDYFORGE_TRUST_PROXY=true meaning one proxy. */
function trustedHopsFromEnv(env: Environment): number {
  const hops = wholeNumber(env, 'STUDYFORGE_TRUSTED_HOPS', -1);
  if (hops >= 0) return hops;
  return env.STUDYFORGE_TRUST_PROXY === 'true' ? 1 : 0;
}

export function gatewaySettingsFromEnv(env: Environment): GatewaySettings {
  const publicKey = (env.STUDYFORGE_PUBLIC_KEY ?? '').trim();
  return {
    publicKey,
    allowedOrigins: (env.STUDYFORGE_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    trustedHops: trustedHopsFromEnv(env),
    limits: {
      maxTextBytes: positive(env, 'STUDYFORGE_MAX_TEXT_BYTES', 256 * 1024),
      maxAudioBytes: positive(env, 'STUDYFORGE_MAX_AUDIO_BYTES', 25 * 1024 * 1024),
      rateLimit: positive(env, 'STUDYFORGE_RATE_LIMIT', 30),
      rateWindowMs: positive(env, 'STUDYFORGE_RATE_WINDOW_MS', 60_000),
      upstreamTimeoutMs: positive(env, 'STUDYFORGE_UPSTREAM_TIMEOUT_MS', 60_000),
      upstreamMaxMs: positive(env, 'STUDYFORGE_UPSTREAM_MAX_MS', 300_000),
      maxAudioUploads: positive(env, 'STUDYFORGE_MAX_AUDIO_UPLOADS', 4),
      maxRateClients: positive(env, 'STUDYFORGE_RATE_MAX_CLIENTS', 100_000),
    },
    limitStore: limitStoreFromEnv(env),
    log: logOptionsFromEnv(env),
    budgets: {
      daily: wholeNumber(env, 'STUDYFORGE_BUDGET_DAILY_TOKENS', 0),
      monthly: wholeNumber(env, 'STUDYFORGE_BUDGET_MONTHLY_TOKENS', 0),
      clientDaily: wholeNumber(env, 'STUDYFORGE_BUDGET_CLIENT_DAILY_TOKENS', 0),
      clientMonthly: wholeNumber(env, 'STUDYFORGE_BUDGET_CLIENT_MONTHLY_TOKENS', 0),
    },
    metricsKey: metricsKeyFromEnv(env, publicKey),
  };
}
