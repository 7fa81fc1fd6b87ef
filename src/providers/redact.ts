/*
 * Redaction of upstream text: what a provider said is kept only
 * redacted and cut short, on ProviderError.upstreamDetail (see errors.ts):
 * given secrets, key shapes, credentials and tokens are removed.
 */

/** Upstream text kept in upstreamDetail is cut to this many characters. */
export const MAX_DETAIL_LENGTH = 300;

const REDACTED = '[redacted]';

/** Shapes of keys and key echoes, redacted even when the key itself is not known here. */
const KEY_PATTERNS: RegExp[] = [
  /\bsk-[A-Za-z0-9_*.-]{6,}/g, // OpenAI-style keys, including OpenAI's masked echo "sk-abc12***...wxyz"
  /\bAIza[0-9A-Za-z_-]{20,}/g, // Google API keys
  /\bgsk_[A-Za-z0-9]{10,}/g, // Groq keys
  /\bBearer\s+[A-Za-z0-9._~+/=-]{6,}/gi, // a quoted Authorization header
  /\bBasic\s+[A-Za-z0-9+/=]{6,}/g, // HTTP basic credentials
  /\S*\*{4,}\S*/g, // any other masked echo of a key
  /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, // a JSON Web Token (its header always starts {" = eyJ)
  /\b[0-9a-fA-F]{32,}\b/g, // long hex: hashes, session ids, hex-encoded secrets
];

/** Credentials in a URL: scheme://user:password@host keeps the scheme and host, loses the user and password. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>]*@/gi;

/** password=..., "token": "...", client_secret: ..., api_key=...: the name stays, the value goes. */
const NAMED_SECRETS = /\b([\w-]*(?:password|passwd|pwd|secret|token|api[_-]?key|apikey))(["']?\s*[:=]\s*["']?)[^\s"'&,;]+/gi;

/** Long runs of base64 or base64url: tokens when they mix upper case, lower case and digits (words and paths rarely do). */
const BASE64_RUN = /[A-Za-z0-9+/_-]{32,}={0,2}/g;
const looksLikeToken = (run: string): boolean => /[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run);

/** Removes every given secret, and anything shaped like a key, credential or token, from upstream text. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    // A one- to three-character "key" would mangle ordinary words; real keys are long.
    if (secret && secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  out = out.replace(URL_CREDENTIALS, `$1${REDACTED}@`);
  out = out.replace(/([?&]key=)[^&\s"']+/gi, `$1${REDACTED}`);
  out = out.replace(NAMED_SECRETS, `$1$2${REDACTED}`);
  for (const pattern of KEY_PATTERNS) out = out.replace(pattern, REDACTED);
  out = out.replace(BASE64_RUN, (run) => (looksLikeToken(run) ? REDACTED : run));
  return out;
}

/** Loggable upstream text: secrets removed, whitespace collapsed, at most MAX_DETAIL_LENGTH characters. */
export function cleanDetail(text: string, secrets: readonly (string | undefined)[]): string {
  const oneLine = redactSecrets(text, secrets).replace(/\s+/g, ' ').trim();
  return oneLine.length <= MAX_DETAIL_LENGTH ? oneLine : `${oneLine.slice(0, MAX_DETAIL_LENGTH - 1)}…`;
}

/** cleanDetail, or undefined when nothing is left. */
export function detailOf(text: string, secrets: readonly (string | undefined)[]): string | undefined {
  return cleanDetail(text, secrets) || undefined;
}

/**
 * Text cut at a byte limit can end in the first part of a key, which neither
 * the exact-secret match nor the key shapes recognise: drop such an ending.
 */
export function withoutCutSecret(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text.replace(/\uFFFD+$/, '');
  for (const secret of secrets) {
    if (!secret) continue;
    for (let length = Math.min(secret.length - 1, out.length); length > 0; length -= 1) {
      if (out.endsWith(secret.slice(0, length))) {
        out = out.slice(0, out.length - length);
        break;
      }
    }
  }
  // The start of a key shape too short to match KEY_PATTERNS yet ("AIzaSyA12").
  return out.replace(/(?:\bsk-|\bAIza|\bgsk_|\bBearer\s+|\bBasic\s+|\beyJ)[A-Za-z0-9_*.+/=-]*$/, '');
}
