/*
 * Which audio types a transcription service takes, asked of the service
 * itself: GET {host}/capabilities (server/capabilitiesRoute.ts). The gateway
 * that serves the app also writes the list into the page; an app built for a
 * separate gateway (Supabase, Deno Deploy) has only this way to learn that
 * Gemini or whisper.cpp wants WAV, not the webm or mp4 a browser records.
 *
 * Asked once per service while the page lives. The answer is untrusted: at
 * most MAX_ANSWER_BYTES are read, and only a short list of plain MIME types is
 * kept; anything else (another service's 404, an HTML page, no CORS, a slow
 * answer) counts as "no list", and audio goes as before.
 */

export const CAPABILITIES_PATH = '/capabilities';
const MAX_ANSWER_BYTES = 4096;
const MAX_TYPES = 24;
const ASK_TIMEOUT_MS = 5000;
/** "audio/wav", "video/mp4": a type and subtype, nothing else (no parameters, no markup). */
const MIME_TYPE = /^(audio|video|application)\/[a-z0-9][a-z0-9.+-]{0,40}$/;

export type FormatsFetcher = (url: string, init: RequestInit) => Promise<Response>;

/** The bytes of a body up to `limit`; null when it is longer. */
async function boundedText(response: Response, limit: number): Promise<string | null> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** The accepted types in a capabilities answer, or undefined when it holds no usable list. */
export function acceptedFormatsIn(answer: unknown): readonly string[] | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const transcription = (answer as { transcription?: unknown }).transcription;
  if (typeof transcription !== 'object' || transcription === null) return undefined;
  const accepts = (transcription as { accepts?: unknown }).accepts;
  if (!Array.isArray(accepts) || accepts.length === 0 || accepts.length > MAX_TYPES) return undefined;
  const types = accepts.map((type) => (typeof type === 'string' ? type.trim().toLowerCase() : ''));
  return types.every((type) => MIME_TYPE.test(type)) ? types : undefined;
}

/** What the service answered; 'unreachable' when it did not answer at all (asked again next time). */
async function ask(host: string, fetcher: FormatsFetcher, publicKey: string | undefined): Promise<readonly string[] | undefined | 'unreachable'> {
  let response: Response;
  try {
    // The key only where the transcription call carries it too: Supabase refuses a function call without it
    // (its JWT check), and our gateway ignores it here. No cookies.
    response = await fetcher(`${host}${CAPABILITIES_PATH}`, {
      method: 'GET',
      headers: { Accept: 'application/json', ...(publicKey ? { Authorization: `Bearer ${publicKey}` } : {}) },
      credentials: 'omit',
      signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
    });
  } catch {
    return 'unreachable';
  }
  if (!response.ok) return undefined;
  try {
    const text = await boundedText(response, MAX_ANSWER_BYTES);
    return text === null ? undefined : acceptedFormatsIn(JSON.parse(text));
  } catch {
    return undefined;
  }
}

const asked = new Map<string, Promise<readonly string[] | undefined | 'unreachable'>>();

/** What the service at `host` says it takes: one question per host and page, unless it could not be reached. */
export async function askAcceptedFormats(
  host: string,
  fetcher: FormatsFetcher = globalThis.fetch.bind(globalThis),
  publicKey?: string,
): Promise<readonly string[] | undefined> {
  const key = host.replace(/\/+$/, '');
  let answer = asked.get(key);
  if (!answer) {
    answer = ask(key, fetcher, publicKey);
    asked.set(key, answer);
  }
  const formats = await answer;
  if (formats !== 'unreachable') return formats;
  if (asked.get(key) === answer) asked.delete(key);
  return undefined;
}

/** Forgets every answer: for tests, which start services on new ports. */
export function forgetAcceptedFormats(): void {
  asked.clear();
}
