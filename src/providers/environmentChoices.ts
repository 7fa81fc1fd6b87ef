import { detectSetup, type SetupId } from './capabilities';
import { OPENAI_DEFAULT_MODEL, OPENAI_DEFAULT_TRANSCRIBE_MODEL, WHISPER_SERVER_DEFAULT_TRANSCRIBE_MODEL } from './defaultModels';
import { GEMINI_DEFAULT_BASE_URL, GEMINI_DEFAULT_MODEL } from './gemini';
import { OLLAMA_DEFAULT_BASE_URL, OLLAMA_DEFAULT_MODEL, OLLAMA_DEFAULT_NUM_CTX } from './ollama';
import { OPENAI_DEFAULT_BASE_URL } from './openaiCompatible';
import { chooseOpenAISetup, type ChosenSetup } from './openaiSetup';

/*
 * Reading the gateway's environment variables into a choice of text and
 * transcription provider, checked (URLs, numbers, required keys). Which
 * variables mean what, and why audio goes only where the text provider has
 * an audio route, is in the comment at the top of fromEnvironment.ts.
 */

export type Environment = Record<string, string | undefined>;

export type TextChoice =
  | { kind: 'gemini'; apiKey: string; model: string; baseUrl: string }
  | { kind: 'openai'; baseUrl: string; apiKey?: string; model: string; setup: SetupId; setupSource: ChosenSetup['source'] }
  | { kind: 'ollama'; baseUrl: string; model: string; numCtx: number };

export type TranscriptionChoice =
  | { kind: 'gemini'; apiKey: string; model: string; baseUrl: string }
  | { kind: 'openai'; baseUrl: string; apiKey?: string; model: string }
  | { kind: 'whispercpp'; baseUrl: string };

/**
 * Groq's transcription model: its speech-to-text page lists whisper-large-v3-turbo ("the best price for
 * performance") and whisper-large-v3 at https://api.groq.com/openai/v1/audio/transcriptions
 * (https://console.groq.com/docs/speech-to-text); whisper-1 is OpenAI's name and not served there.
 */
export const GROQ_DEFAULT_TRANSCRIBE_MODEL = 'whisper-large-v3-turbo';

export function reader(env: Environment) {
  return (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
}

/** A positive whole number, like the gateway's other limits in server/config.ts; unset or empty means the fallback. */
export function positiveInteger(env: Environment, name: string, fallback: number, unit = 'bytes'): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.trim());
  // Digits only: "1e6", "1.5" and "2MB" would each be a guess at what was meant.
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number of ${unit}, not "${raw}".`);
  }
  return value;
}

function checkUrl(value: string, variable: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${variable} is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${variable} must be an http or https URL.`);
  return value.replace(/\/+$/, '');
}

/** A URL fit for a log line: no credentials, query or fragment. */
export function displayUrl(value: string): string {
  const url = new URL(value);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function sameService(a: string, b: string): boolean {
  const ua = new URL(a);
  const ub = new URL(b);
  return ua.origin === ub.origin && ua.pathname.replace(/\/+$/, '') === ub.pathname.replace(/\/+$/, '');
}

function geminiChoice(get: (name: string) => string | undefined, why: string): Extract<TextChoice, { kind: 'gemini' }> {
  const apiKey = get('GEMINI_API_KEY');
  if (!apiKey) throw new Error(`GEMINI_API_KEY is required ${why}.`);
  return {
    kind: 'gemini',
    apiKey,
    model: get('GEMINI_MODEL') ?? GEMINI_DEFAULT_MODEL,
    baseUrl: checkUrl(get('GEMINI_BASE_URL') ?? GEMINI_DEFAULT_BASE_URL, 'GEMINI_BASE_URL'),
  };
}

function openaiChoice(get: (name: string) => string | undefined): Extract<TextChoice, { kind: 'openai' }> {
  const baseUrl = checkUrl(get('OPENAI_BASE_URL') ?? OPENAI_DEFAULT_BASE_URL, 'OPENAI_BASE_URL');
  const apiKey = get('OPENAI_API_KEY');
  // OPENAI_SETUP says what answers at the URL (a proxy in front of OpenAI), else the host does (openaiSetup.ts).
  const { setup, source } = chooseOpenAISetup(get('OPENAI_SETUP'), baseUrl);
  const model = get('OPENAI_MODEL') ?? (setup === 'openai' ? OPENAI_DEFAULT_MODEL : undefined);
  if (!model) {
    throw new Error(`OPENAI_MODEL is required for the OpenAI-compatible server at ${displayUrl(baseUrl)} (name the model it serves).`);
  }
  if (!apiKey && detectSetup(baseUrl) === 'openai') throw new Error('OPENAI_API_KEY is required for api.openai.com.');
  return { kind: 'openai', baseUrl, model, setup, setupSource: source, ...(apiKey ? { apiKey } : {}) };
}

function ollamaChoice(get: (name: string) => string | undefined): Extract<TextChoice, { kind: 'ollama' }> {
  return {
    kind: 'ollama',
    baseUrl: checkUrl(get('OLLAMA_URL') ?? OLLAMA_DEFAULT_BASE_URL, 'OLLAMA_URL'),
    model: get('OLLAMA_MODEL') ?? OLLAMA_DEFAULT_MODEL,
    numCtx: positiveInteger({ OLLAMA_NUM_CTX: get('OLLAMA_NUM_CTX') }, 'OLLAMA_NUM_CTX', OLLAMA_DEFAULT_NUM_CTX, 'tokens'),
  };
}

export function chooseText(get: (name: string) => string | undefined): TextChoice | null {
  const explicit = get('STUDYFORGE_PROVIDER');
  if (explicit !== undefined) {
    switch (explicit.toLowerCase()) {
      case 'gemini':
        return geminiChoice(get, 'when STUDYFORGE_PROVIDER=gemini');
      case 'openai':
        return openaiChoice(get);
      case 'ollama':
        return ollamaChoice(get);
      default:
        throw new Error(`STUDYFORGE_PROVIDER must be 'gemini', 'openai' or 'ollama' (it is '${explicit}').`);
    }
  }
  if (get('GEMINI_API_KEY')) return geminiChoice(get, 'for Gemini');
  if (get('OPENAI_BASE_URL') || get('OPENAI_API_KEY')) return openaiChoice(get);
  if (get('OLLAMA_URL')) return ollamaChoice(get);
  return null;
}

/** Whether the text provider has an audio route the gateway may default to (see the comment at the top). */
function ownAudioRoute(text: TextChoice | null): 'gemini' | 'openai' | undefined {
  if (text?.kind === 'gemini') return 'gemini';
  if (text?.kind === 'openai' && (text.setup === 'openai' || text.setup === 'groq')) return 'openai';
  return undefined;
}

export function chooseTranscription(get: (name: string) => string | undefined, text: TextChoice | null): TranscriptionChoice | null {
  const explicit = get('TRANSCRIBE_PROVIDER')?.toLowerCase();
  if (explicit !== undefined && explicit !== 'openai' && explicit !== 'gemini' && explicit !== 'whispercpp') {
    throw new Error(`TRANSCRIBE_PROVIDER must be 'openai', 'gemini' or 'whispercpp' (it is '${get('TRANSCRIBE_PROVIDER') ?? ''}').`);
  }
  const transcribeBase = get('TRANSCRIBE_BASE_URL');
  const kind = explicit ?? (transcribeBase ? 'openai' : ownAudioRoute(text));
  if (kind === undefined) return null;

  if (kind === 'whispercpp') {
    if (!transcribeBase) throw new Error('TRANSCRIBE_BASE_URL is required with TRANSCRIBE_PROVIDER=whispercpp (e.g. http://127.0.0.1:8080).');
    return { kind, baseUrl: checkUrl(transcribeBase, 'TRANSCRIBE_BASE_URL') };
  }

  if (kind === 'gemini') {
    const geminiBase = checkUrl(get('GEMINI_BASE_URL') ?? GEMINI_DEFAULT_BASE_URL, 'GEMINI_BASE_URL');
    const baseUrl = transcribeBase ? checkUrl(transcribeBase, 'TRANSCRIBE_BASE_URL') : geminiBase;
    const apiKey = get('TRANSCRIBE_API_KEY') ?? (sameService(baseUrl, geminiBase) ? get('GEMINI_API_KEY') : undefined);
    if (!apiKey) throw new Error('TRANSCRIBE_API_KEY (or GEMINI_API_KEY) is required to transcribe with Gemini.');
    return { kind, apiKey, baseUrl, model: get('TRANSCRIBE_MODEL') ?? get('GEMINI_MODEL') ?? GEMINI_DEFAULT_MODEL };
  }

  const openaiBase = checkUrl(get('OPENAI_BASE_URL') ?? OPENAI_DEFAULT_BASE_URL, 'OPENAI_BASE_URL');
  const baseUrl = transcribeBase ? checkUrl(transcribeBase, 'TRANSCRIBE_BASE_URL') : openaiBase;
  const apiKey = get('TRANSCRIBE_API_KEY') ?? (sameService(baseUrl, openaiBase) ? get('OPENAI_API_KEY') : undefined);
  if (!apiKey && detectSetup(baseUrl) === 'openai') throw new Error('TRANSCRIBE_API_KEY (or OPENAI_API_KEY) is required to transcribe with api.openai.com.');
  if (!apiKey && detectSetup(baseUrl) === 'groq') throw new Error('TRANSCRIBE_API_KEY (or OPENAI_API_KEY) is required to transcribe with api.groq.com.');
  // The text provider's setup (OPENAI_SETUP) holds for its own audio route; another service is known by its host.
  const setup = text?.kind === 'openai' && sameService(baseUrl, text.baseUrl) ? text.setup : detectSetup(baseUrl);
  const defaultModel = setup === 'groq' ? GROQ_DEFAULT_TRANSCRIBE_MODEL : setup === 'openai' ? OPENAI_DEFAULT_TRANSCRIBE_MODEL : WHISPER_SERVER_DEFAULT_TRANSCRIBE_MODEL;
  return { kind, baseUrl, model: get('TRANSCRIBE_MODEL') ?? defaultModel, ...(apiKey ? { apiKey } : {}) };
}
