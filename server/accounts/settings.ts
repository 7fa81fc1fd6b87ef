/*
 * Sign-in's settings, from the environment. Off (null) unless an identity
 * provider is named: then `npm start` opens no database and offers no
 * sign-in, exactly as before accounts existed.
 *
 * Every problem is said at start, in one sentence naming the variable, so a
 * school's operator never finds out from a student that sign-in is broken.
 */

export interface OidcProviderSettings {
  /** Names the provider in /auth/login?provider=<id>. */
  id: string;
  /** What the app's button says: "Sign in with <label>". */
  label: string;
  issuer: string;
  clientId: string;
  /** Absent for a public client (PKCE alone). */
  clientSecret?: string;
}

export interface AccountSettings {
  providers: OidcProviderSettings[];
  /** Where people reach this StudyForge; the callback is here, and https here means Secure cookies. */
  publicUrl: URL;
  callbackUrl: string;
  secureCookies: boolean;
  sessionCookie: string;
  loginCookie: string;
  sessionHours: number;
  /** A claim (e.g. `roles`) whose value names `teacher`. */
  teacherClaim?: string;
  teacherAddresses: string[];
  /** Lower-case, without the @. */
  teacherDomains: string[];
  inactiveAccountDays: number;
  /** Sign-in starts allowed per caller address per minute. */
  signInsPerMinute: number;
  /** The deployment's secret (STUDYFORGE_SESSION_SECRET); when unset, one kept in the data folder (deploymentSecret.ts). */
  secret?: string;
}

type Env = Record<string, string | undefined>;

const PROVIDER_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** https, or http on this machine only (the local provider of `npm run idp:dev`). */
function checkedIssuer(raw: string, variable: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${variable} is not an address: ${raw.slice(0, 100)}`);
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))) return url.href;
  throw new Error(`${variable} must be an https address (http only for a provider on this machine): ${raw.slice(0, 100)}`);
}

function positiveNumber(env: Env, variable: string, fallback: number): number {
  const raw = env[variable]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${variable} must be a positive number, not ${raw.slice(0, 40)}`);
  return value;
}

function providersFromJson(raw: string): OidcProviderSettings[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('STUDYFORGE_OIDC_PROVIDERS must be a JSON array of {id, label, issuer, clientId, clientSecret}');
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > 20) {
    throw new Error('STUDYFORGE_OIDC_PROVIDERS must be a JSON array of 1 to 20 providers');
  }
  return parsed.map((entry: unknown, index) => {
    const item = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const text = (key: string) => (typeof item[key] === 'string' ? (item[key] as string).trim() : '');
    const where = `STUDYFORGE_OIDC_PROVIDERS[${index}]`;
    if (!PROVIDER_ID.test(text('id'))) throw new Error(`${where}.id must be lower-case letters, digits and dashes (at most 32)`);
    if (!text('clientId')) throw new Error(`${where}.clientId is missing`);
    return {
      id: text('id'),
      label: text('label').slice(0, 60) || text('id'),
      issuer: checkedIssuer(text('issuer'), `${where}.issuer`),
      clientId: text('clientId'),
      ...(text('clientSecret') ? { clientSecret: text('clientSecret') } : {}),
    };
  });
}

function providersFromEnv(env: Env): OidcProviderSettings[] | null {
  const list = env.STUDYFORGE_OIDC_PROVIDERS?.trim();
  if (list) return providersFromJson(list);
  const issuer = env.STUDYFORGE_OIDC_ISSUER?.trim();
  const clientId = env.STUDYFORGE_OIDC_CLIENT_ID?.trim();
  if (!issuer && !clientId) return null;
  if (!issuer || !clientId) throw new Error('Sign-in needs both STUDYFORGE_OIDC_ISSUER and STUDYFORGE_OIDC_CLIENT_ID');
  const secret = env.STUDYFORGE_OIDC_CLIENT_SECRET?.trim();
  return [
    {
      id: 'school',
      label: env.STUDYFORGE_OIDC_LABEL?.trim().slice(0, 60) || 'your school account',
      issuer: checkedIssuer(issuer, 'STUDYFORGE_OIDC_ISSUER'),
      clientId,
      ...(secret ? { clientSecret: secret } : {}),
    },
  ];
}

function publicUrlFromEnv(env: Env): URL {
  const raw = env.STUDYFORGE_PUBLIC_URL?.trim() || `http://127.0.0.1:${env.PORT ?? 8787}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`STUDYFORGE_PUBLIC_URL is not an address: ${raw.slice(0, 100)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('STUDYFORGE_PUBLIC_URL must start with https:// (or http:// on this machine)');
  return url;
}

export function accountSettingsFromEnv(env: Env): AccountSettings | null {
  const providers = providersFromEnv(env);
  if (!providers) return null;
  if (new Set(providers.map((p) => p.id)).size !== providers.length) throw new Error('STUDYFORGE_OIDC_PROVIDERS has two providers with the same id');
  const publicUrl = publicUrlFromEnv(env);
  const secureCookies = publicUrl.protocol === 'https:';
  const teachers = (env.STUDYFORGE_TEACHERS ?? '').split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  const secret = env.STUDYFORGE_SESSION_SECRET?.trim();
  if (secret !== undefined && secret !== '' && secret.length < 32) throw new Error('STUDYFORGE_SESSION_SECRET must be at least 32 characters (a long random text)');
  const teacherClaim = env.STUDYFORGE_TEACHER_CLAIM?.trim();
  return {
    providers,
    publicUrl,
    callbackUrl: new URL('auth/callback', publicUrl.href.endsWith('/') ? publicUrl : `${publicUrl.href}/`).href,
    secureCookies,
    // __Host-: the browser takes it only over TLS, for this host alone and Path=/, so no sibling subdomain can plant one.
    sessionCookie: secureCookies ? '__Host-sf_session' : 'sf_session',
    loginCookie: secureCookies ? '__Host-sf_login' : 'sf_login',
    sessionHours: positiveNumber(env, 'STUDYFORGE_SESSION_HOURS', 12),
    ...(teacherClaim ? { teacherClaim } : {}),
    teacherAddresses: teachers.filter((entry) => !entry.startsWith('@')),
    teacherDomains: teachers.filter((entry) => entry.startsWith('@')).map((entry) => entry.slice(1)),
    inactiveAccountDays: positiveNumber(env, 'STUDYFORGE_INACTIVE_ACCOUNT_DAYS', 365),
    signInsPerMinute: Math.floor(positiveNumber(env, 'STUDYFORGE_SIGNIN_LIMIT', 60)),
    ...(secret ? { secret } : {}),
  };
}
