/*
 * The gateway's settings, all from environment variables (README: "Running
 * the gateway"). Provider keys are read here and nowhere else; they never
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
  /** How long a provider may take before the gateway gives up. */
  upstreamTimeoutMs: number;
}

export interface GatewaySettings {
  /** The public client key the app sends as a bearer token; blank accepts any caller. */
  publicKey: string;
  /** Origins allowed to call from a browser on another origin (CORS). */
  allowedOrigins: string[];
  /** Take the client's address from X-Forwarded-For (only behind a proxy you trust). */
  trustProxy: boolean;
  limits: GatewayLimits;
}

export type Environment = Record<string, string | undefined>;

function positive(env: Environment, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not "${raw}".`);
  return value;
}

export function gatewaySettingsFromEnv(env: Environment): GatewaySettings {
  return {
    publicKey: (env.STUDYFORGE_PUBLIC_KEY ?? '').trim(),
    allowedOrigins: (env.STUDYFORGE_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    trustProxy: env.STUDYFORGE_TRUST_PROXY === 'true',
    limits: {
      maxTextBytes: positive(env, 'STUDYFORGE_MAX_TEXT_BYTES', 256 * 1024),
      maxAudioBytes: positive(env, 'STUDYFORGE_MAX_AUDIO_BYTES', 25 * 1024 * 1024),
      rateLimit: positive(env, 'STUDYFORGE_RATE_LIMIT', 30),
      rateWindowMs: positive(env, 'STUDYFORGE_RATE_WINDOW_MS', 60_000),
      upstreamTimeoutMs: positive(env, 'STUDYFORGE_UPSTREAM_TIMEOUT_MS', 60_000),
    },
  };
}
