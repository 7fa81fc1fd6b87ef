import { createGeminiProvider, createGeminiTranscriber, GEMINI_DEFAULT_BASE_URL, GEMINI_DEFAULT_MODEL } from './gemini';
import { createOllamaProvider, OLLAMA_DEFAULT_BASE_URL, OLLAMA_DEFAULT_MODEL } from './ollama';
import {
  createOpenAICompatibleProvider,
  createOpenAICompatibleTranscriber,
  OPENAI_DEFAULT_BASE_URL,
  OPENAI_DEFAULT_TRANSCRIBE_MODEL,
} from './openaiCompatible';
import { DEFAULT_MAX_ANSWER_BYTES, type FetchLike } from './transport';
import type { TextProvider, TranscriptionProvider } from './types';

/*
 * Which providers the gateway uses, from its environment variables.
 *
 * Text, in order: STUDYFORGE_PROVIDER ('gemini' | 'openai' | 'ollama') when set;
 * else GEMINI_API_KEY -> Gemini; else OPENAI_BASE_URL or OPENAI_API_KEY -> an
 * OpenAI-compatible server; else OLLAMA_URL -> Ollama; else none (samples).
 *
 * Transcription: TRANSCRIBE_PROVIDER ('openai' | 'gemini') with TRANSCRIBE_BASE_URL,
 * TRANSCRIBE_API_KEY and TRANSCRIBE_MODEL; without it, TRANSCRIBE_BASE_URL means an
 * OpenAI-compatible /audio/transcriptions server, and otherwise the text provider's
 * own service is used when it has one (Gemini's audio input, or the OpenAI-compatible
 * base). Audio never goes to a service the text provider does not already use unless
 * a TRANSCRIBE_ variable says so: a school running Ollama keeps its audio in the building.
 *
 * A key is only ever sent to the service it was configured for.
 *
 * STUDYFORGE_MAX_ANSWER_BYTES caps every answer, text or transcript, whole or
 * streamed (default DEFAULT_MAX_ANSWER_BYTES): a longer one is cut off and
 * refused rather than held in the gateway's memory.
 */

export type Environment = Record<string, string | undefined>;

export interface EnvironmentProviders {
  text: TextProvider | null;
  transcription: TranscriptionProvider | null;
  /** One line for logs and the gateway's banner, without secrets. */
  description: string;
}

type TextChoice =
  | { kind: 'gemini'; apiKey: string; model: string; baseUrl: string }
  | { kind: 'openai'; baseUrl: string; apiKey?: string; model: string }
  | { kind: 'ollama'; baseUrl: string; model: string };

type TranscriptionChoice =
  | { kind: 'gemini'; apiKey: string; model: string; baseUrl: string }
  | { kind: 'openai'; baseUrl: string; apiKey?: string; model: string };

function reader(env: Environment) {
  return (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
}

/** A positive whole number, like the gateway's other limits in server/config.ts; unset or empty means the fallback. */
function positiveInteger(env: Environment, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.trim());
  // Digits only: "1e6", "1.5" and "2MB" would each be a guess at what was meant.
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number of bytes, not "${raw}".`);
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
function displayUrl(value: string): string {
  const url = new URL(value);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function isOpenAIItself(baseUrl: string): boolean {
  return new URL(baseUrl).hostname === 'api.openai.com';
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
  const model = get('OPENAI_MODEL') ?? (isOpenAIItself(baseUrl) ? 'gpt-4o-mini' : undefined);
  if (!model) {
    throw new Error(`OPENAI_MODEL is required for the OpenAI-compatible server at ${displayUrl(baseUrl)} (name the model it serves).`);
  }
  if (!apiKey && isOpenAIItself(baseUrl)) throw new Error('OPENAI_API_KEY is required for api.openai.com.');
  return { kind: 'openai', baseUrl, model, ...(apiKey ? { apiKey } : {}) };
}

function ollamaChoice(get: (name: string) => string | undefined): Extract<TextChoice, { kind: 'ollama' }> {
  return {
    kind: 'ollama',
    baseUrl: checkUrl(get('OLLAMA_URL') ?? OLLAMA_DEFAULT_BASE_URL, 'OLLAMA_URL'),
    model: get('OLLAMA_MODEL') ?? OLLAMA_DEFAULT_MODEL,
  };
}

function chooseText(get: (name: string) => string | undefined): TextChoice | null {
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

function chooseTranscription(get: (name: string) => string | undefined, text: TextChoice | null): TranscriptionChoice | null {
  const explicit = get('TRANSCRIBE_PROVIDER')?.toLowerCase();
  if (explicit !== undefined && explicit !== 'openai' && explicit !== 'gemini') {
    throw new Error(`TRANSCRIBE_PROVIDER must be 'openai' or 'gemini' (it is '${get('TRANSCRIBE_PROVIDER') ?? ''}').`);
  }
  const transcribeBase = get('TRANSCRIBE_BASE_URL');
  const kind = explicit ?? (transcribeBase ? 'openai' : text?.kind === 'gemini' || text?.kind === 'openai' ? text.kind : undefined);
  if (kind === undefined) return null;

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
  if (!apiKey && isOpenAIItself(baseUrl)) throw new Error('TRANSCRIBE_API_KEY (or OPENAI_API_KEY) is required to transcribe with api.openai.com.');
  return { kind, baseUrl, model: get('TRANSCRIBE_MODEL') ?? OPENAI_DEFAULT_TRANSCRIBE_MODEL, ...(apiKey ? { apiKey } : {}) };
}

function describeText(choice: TextChoice | null): string {
  if (!choice) return 'no AI provider configured: answering with sample answers';
  switch (choice.kind) {
    case 'gemini':
      return choice.baseUrl === GEMINI_DEFAULT_BASE_URL ? `gemini (${choice.model})` : `gemini (${choice.model} at ${displayUrl(choice.baseUrl)})`;
    case 'openai':
      return `openai-compatible (${choice.model} at ${displayUrl(choice.baseUrl)})`;
    case 'ollama':
      return `ollama (${choice.model} at ${displayUrl(choice.baseUrl)})`;
  }
}

function describeTranscription(choice: TranscriptionChoice | null): string {
  if (!choice) return 'no transcription';
  if (choice.kind === 'gemini') {
    return choice.baseUrl === GEMINI_DEFAULT_BASE_URL
      ? `transcription: gemini (${choice.model})`
      : `transcription: gemini (${choice.model} at ${displayUrl(choice.baseUrl)})`;
  }
  return `transcription: openai-compatible (${choice.model} at ${displayUrl(choice.baseUrl)})`;
}

/** Builds the providers the environment asks for; a misconfiguration throws an Error naming the variable. */
export function providersFromEnv(env: Environment, options: { fetch?: FetchLike } = {}): EnvironmentProviders {
  const get = reader(env);
  const maxAnswerBytes = positiveInteger(env, 'STUDYFORGE_MAX_ANSWER_BYTES', DEFAULT_MAX_ANSWER_BYTES);
  const textChoice = chooseText(get);
  const transcriptionChoice = chooseTranscription(get, textChoice);
  const shared = { maxAnswerBytes, ...(options.fetch ? { fetch: options.fetch } : {}) };

  let text: TextProvider | null = null;
  if (textChoice?.kind === 'gemini') text = createGeminiProvider({ ...textChoice, ...shared });
  else if (textChoice?.kind === 'openai') text = createOpenAICompatibleProvider({ ...textChoice, ...shared });
  else if (textChoice?.kind === 'ollama') text = createOllamaProvider({ ...textChoice, ...shared });

  let transcription: TranscriptionProvider | null = null;
  if (transcriptionChoice?.kind === 'gemini') transcription = createGeminiTranscriber({ ...transcriptionChoice, ...shared });
  else if (transcriptionChoice?.kind === 'openai') transcription = createOpenAICompatibleTranscriber({ ...transcriptionChoice, ...shared });

  return {
    text,
    transcription,
    description: `${describeText(textChoice)}; ${describeTranscription(transcriptionChoice)}`,
  };
}
