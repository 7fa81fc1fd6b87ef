import { createGeminiProvider, createGeminiTranscriber, GEMINI_DEFAULT_BASE_URL, GEMINI_DEFAULT_MODEL } from './gemini';
import { capabilitiesFor, GROQ_JSON_SCHEMA_MODELS } from './capabilities';
import { checkGeminiModel, checkOllamaModel, checkOpenAICompatibleModel } from './modelCheck';
import { createOllamaProvider, OLLAMA_DEFAULT_BASE_URL, OLLAMA_DEFAULT_MODEL, OLLAMA_DEFAULT_NUM_CTX } from './ollama';
import {
  createOpenAICompatibleProvider,
  createOpenAICompatibleTranscriber,
  OPENAI_DEFAULT_BASE_URL,
  OPENAI_DEFAULT_TRANSCRIBE_MODEL,
} from './openaiCompatible';
import { DEFAULT_MAX_ANSWER_BYTES, type FetchLike } from './transport';
import type { TextProvider, TranscriptionProvider } from './types';
import { createWhisperCppTranscriber } from './whisperCpp';

/*
 * Which providers the gateway uses, from its environment variables.
 *
 * Text, in order: STUDYFORGE_PROVIDER ('gemini' | 'openai' | 'ollama') when set;
 * else GEMINI_API_KEY -> Gemini; else OPENAI_BASE_URL or OPENAI_API_KEY -> an
 * OpenAI-compatible server; else OLLAMA_URL -> Ollama; else none (samples).
 *
 * Transcription: TRANSCRIBE_PROVIDER ('openai' | 'gemini' | 'whispercpp') with
 * TRANSCRIBE_BASE_URL, TRANSCRIBE_API_KEY and TRANSCRIBE_MODEL; without it,
 * TRANSCRIBE_BASE_URL means an OpenAI-compatible /audio/transcriptions server, and
 * otherwise the text provider's own audio route is used ONLY where it has one
 * (issue #11, findings L2 and R3 in shared/findings/provider-conformance.md):
 * - Gemini: its audio input (generateContent with inline audio);
 * - api.openai.com: /v1/audio/transcriptions with whisper-1;
 * - Groq (api.groq.com): /openai/v1/audio/transcriptions with whisper-large-v3-turbo
 *   (Groq serves whisper-large-v3 and whisper-large-v3-turbo, not whisper-1).
 * Other OpenAI-compatible servers have no audio route: LM Studio lists /v1/models,
 * /v1/responses, /v1/chat/completions, /v1/embeddings, /v1/completions
 * (https://lmstudio.ai/docs/api/openai-api); llama.cpp's tools/server/README.md
 * documents no transcription route; Ollama's /v1 is chat, completions, models,
 * embeddings and responses (ollama docs/api/openai-compatibility.mdx), and its
 * native API has no audio either; vLLM transcribes only when it serves an ASR
 * model; OpenRouter is a chat router. For those, transcription is NOT configured
 * and `transcriptionNotice` says which variables to set. Audio never goes to a
 * service the text provider does not already use unless a TRANSCRIBE_ variable
 * says so: a school running Ollama keeps its audio in the building.
 * TRANSCRIBE_PROVIDER=whispercpp: whisper.cpp's server at TRANSCRIBE_BASE_URL
 * (POST /inference, see whisperCpp.ts).
 *
 * Ollama: OLLAMA_NUM_CTX (tokens, default OLLAMA_DEFAULT_NUM_CTX) is sent as
 * options.num_ctx with every request (see ollama.ts).
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
  /** When transcription is not configured although text is: what to set, to print at start. */
  transcriptionNotice?: string;
  /** When the text model cannot hold answers to a schema (e.g. most Groq models): what to set, to print at start. */
  structuredNotice?: string;
  /**
   * The start-up check (modelCheck.ts): asks the text provider whether it serves the configured
   * model and resolves to one sentence to print, naming the variable to change. Never rejects.
   */
  checkModel?: () => Promise<string>;
}

type TextChoice =
  | { kind: 'gemini'; apiKey: string; model: string; baseUrl: string }
  | { kind: 'openai'; baseUrl: string; apiKey?: string; model: string }
  | { kind: 'ollama'; baseUrl: string; model: string; numCtx: number };

type TranscriptionChoice =
  | { kind: 'gemini'; apiKey: string; model: string; baseUrl: string }
  | { kind: 'openai'; baseUrl: string; apiKey?: string; model: string }
  | { kind: 'whispercpp'; baseUrl: string };

/**
 * Groq's transcription model: its speech-to-text page lists whisper-large-v3-turbo ("the best price for
 * performance") and whisper-large-v3 at https://api.groq.com/openai/v1/audio/transcriptions
 * (https://console.groq.com/docs/speech-to-text); whisper-1 is OpenAI's name and not served there.
 */
export const GROQ_DEFAULT_TRANSCRIBE_MODEL = 'whisper-large-v3-turbo';

export { OLLAMA_DEFAULT_NUM_CTX };

function reader(env: Environment) {
  return (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
}

/** A positive whole number, like the gateway's other limits in server/config.ts; unset or empty means the fallback. */
function positiveInteger(env: Environment, name: string, fallback: number, unit = 'bytes'): number {
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
function displayUrl(value: string): string {
  const url = new URL(value);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function isOpenAIItself(baseUrl: string): boolean {
  return new URL(baseUrl).hostname === 'api.openai.com';
}

function isGroq(baseUrl: string): boolean {
  return new URL(baseUrl).hostname === 'api.groq.com';
}

/** The sentence printed at start when the text provider has no audio route and no TRANSCRIBE_ variable is set. */
export function transcriptionNotConfigured(provider: string): string {
  return (
    `transcription: not configured: ${provider} has no audio route; set TRANSCRIBE_BASE_URL to a Whisper-style service ` +
    '(OpenAI, Groq, faster-whisper) or TRANSCRIBE_PROVIDER=whispercpp with TRANSCRIBE_BASE_URL=http://host:8080'
  );
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
    numCtx: positiveInteger({ OLLAMA_NUM_CTX: get('OLLAMA_NUM_CTX') }, 'OLLAMA_NUM_CTX', OLLAMA_DEFAULT_NUM_CTX, 'tokens'),
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

/** Whether the text provider has an audio route the gateway may default to (see the comment at the top). */
function ownAudioRoute(text: TextChoice | null): 'gemini' | 'openai' | undefined {
  if (text?.kind === 'gemini') return 'gemini';
  if (text?.kind === 'openai' && (isOpenAIItself(text.baseUrl) || isGroq(text.baseUrl))) return 'openai';
  return undefined;
}

function chooseTranscription(get: (name: string) => string | undefined, text: TextChoice | null): TranscriptionChoice | null {
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
  if (!apiKey && isOpenAIItself(baseUrl)) throw new Error('TRANSCRIBE_API_KEY (or OPENAI_API_KEY) is required to transcribe with api.openai.com.');
  if (!apiKey && isGroq(baseUrl)) throw new Error('TRANSCRIBE_API_KEY (or OPENAI_API_KEY) is required to transcribe with api.groq.com.');
  const defaultModel = isGroq(baseUrl) ? GROQ_DEFAULT_TRANSCRIBE_MODEL : OPENAI_DEFAULT_TRANSCRIBE_MODEL;
  return { kind, baseUrl, model: get('TRANSCRIBE_MODEL') ?? defaultModel, ...(apiKey ? { apiKey } : {}) };
}

/** Why there is no transcription although there is a text provider (null when there is none, or transcription is set). */
function missingTranscriptionNotice(text: TextChoice | null, transcription: TranscriptionChoice | null): string | undefined {
  if (transcription || !text) return undefined;
  if (text.kind === 'ollama') return transcriptionNotConfigured('Ollama');
  if (text.kind === 'openai') return transcriptionNotConfigured(`the OpenAI-compatible server at ${displayUrl(text.baseUrl)}`);
  return undefined;
}

/**
 * A model whose host offers no schema-held structured output for it (Groq's
 * models outside its json_schema list, capabilities.ts) still works, in JSON
 * object mode with the schema in the prompt; answers are less reliable, so the
 * operator is told which setting would change that.
 */
function structuredOutputNotice(text: TextChoice | null): string | undefined {
  if (text?.kind !== 'openai') return undefined;
  if (capabilitiesFor(text.baseUrl, text.model).structured !== 'json_object') return undefined;
  return (
    `structured output: the model "${text.model}" at ${displayUrl(text.baseUrl)} cannot be held to a schema, so tools ask it for JSON ` +
    `with the schema in the prompt and some answers may need a retry; for schema-held answers set OPENAI_MODEL to one of: ${GROQ_JSON_SCHEMA_MODELS.join(', ')}`
  );
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

function describeTranscription(choice: TranscriptionChoice | null, notice: string | undefined): string {
  if (!choice) return notice ? 'transcription: not configured' : 'no transcription';
  if (choice.kind === 'whispercpp') return `transcription: whisper.cpp at ${displayUrl(choice.baseUrl)}`;
  if (choice.kind === 'gemini') {
    return choice.baseUrl === GEMINI_DEFAULT_BASE_URL
      ? `transcription: gemini (${choice.model})`
      : `transcription: gemini (${choice.model} at ${displayUrl(choice.baseUrl)})`;
  }
  return `transcription: openai-compatible (${choice.model} at ${displayUrl(choice.baseUrl)})`;
}

function modelCheckFor(choice: TextChoice, shared: { maxAnswerBytes: number; fetch?: FetchLike }): Promise<string> {
  switch (choice.kind) {
    case 'gemini':
      return checkGeminiModel({ baseUrl: choice.baseUrl, model: choice.model, apiKey: choice.apiKey, ...shared });
    case 'openai':
      return checkOpenAICompatibleModel({ baseUrl: choice.baseUrl, model: choice.model, ...(choice.apiKey ? { apiKey: choice.apiKey } : {}), ...shared });
    case 'ollama':
      return checkOllamaModel({ baseUrl: choice.baseUrl, model: choice.model, ...shared });
  }
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
  // A 404 for the model names the variable that set it (issue 11); the other adapters' defaults
  // (OPENAI_MODEL, TRANSCRIBE_MODEL, OLLAMA_MODEL, GEMINI_MODEL) are already the right ones.
  const geminiTranscribeSetting = get('TRANSCRIBE_MODEL') ? 'TRANSCRIBE_MODEL' : 'GEMINI_MODEL';
  if (transcriptionChoice?.kind === 'gemini') transcription = createGeminiTranscriber({ ...transcriptionChoice, ...shared, modelSetting: geminiTranscribeSetting });
  else if (transcriptionChoice?.kind === 'openai') transcription = createOpenAICompatibleTranscriber({ ...transcriptionChoice, ...shared });
  else if (transcriptionChoice?.kind === 'whispercpp') transcription = createWhisperCppTranscriber({ baseUrl: transcriptionChoice.baseUrl, ...shared });

  const transcriptionNotice = missingTranscriptionNotice(textChoice, transcriptionChoice);
  const structuredNotice = structuredOutputNotice(textChoice);
  const checkModel = textChoice ? () => modelCheckFor(textChoice, shared).catch(() => '[studyforge] could not check the model') : undefined;
  return {
    text,
    transcription,
    description: `${describeText(textChoice)}; ${describeTranscription(transcriptionChoice, transcriptionNotice)}`,
    ...(transcriptionNotice ? { transcriptionNotice } : {}),
    ...(structuredNotice ? { structuredNotice } : {}),
    ...(checkModel ? { checkModel } : {}),
  };
}
