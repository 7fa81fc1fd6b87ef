import { createGeminiProvider, createGeminiTranscriber, GEMINI_DEFAULT_BASE_URL } from './gemini';
import { capabilitiesOf, GROQ_JSON_SCHEMA_MODELS } from './capabilities';
import { chooseText, chooseTranscription, displayUrl, positiveInteger, reader, type Environment, type TextChoice, type TranscriptionChoice } from './environmentChoices';
import { checkGeminiModel, checkOllamaModel, checkOpenAICompatibleModel } from './modelCheck';
import { createOllamaProvider, OLLAMA_DEFAULT_NUM_CTX } from './ollama';
import { createOpenAICompatibleProvider, createOpenAICompatibleTranscriber } from './openaiCompatible';
import { describeSetup } from './openaiSetup';
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
 * (findings L2 and R3 in shared/findings/provider-conformance.md):
 * - Gemini: its audio input (generateContent with inline audio);
 * - api.openai.com (or OPENAI_SETUP=openai): /v1/audio/transcriptions with OPENAI_DEFAULT_TRANSCRIBE_MODEL;
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
 *
 * The variables are read and checked in environmentChoices.ts; this module
 * builds the providers and the start-up lines.
 */

export type { Environment };
export { GROQ_DEFAULT_TRANSCRIBE_MODEL } from './environmentChoices';

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

export { OLLAMA_DEFAULT_NUM_CTX };

/** The sentence printed at start when the text provider has no audio route and no TRANSCRIBE_ variable is set. */
export function transcriptionNotConfigured(provider: string): string {
  return (
    `transcription: not configured: ${provider} has no audio route; set TRANSCRIBE_BASE_URL to a Whisper-style service ` +
    '(OpenAI, Groq, faster-whisper) or TRANSCRIBE_PROVIDER=whispercpp with TRANSCRIBE_BASE_URL=http://host:8080'
  );
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
  if (capabilitiesOf(text.setup, text.model).structured !== 'json_object') return undefined;
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
      return `openai-compatible (${choice.model} at ${displayUrl(choice.baseUrl)}; ${describeSetup({ setup: choice.setup, source: choice.setupSource })})`;
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

function modelCheckFor(choice: TextChoice, shared: { maxAnswerBytes: number; fetch?: FetchLike; now?: () => Date }): Promise<string> {
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
/** `now`: today's date for the start-up check's shutdown dates (tests pin it). */
export function providersFromEnv(env: Environment, options: { fetch?: FetchLike; now?: () => Date } = {}): EnvironmentProviders {
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
  // A 404 for the model names the variable that set it; the other adapters' defaults
  // (OPENAI_MODEL, TRANSCRIBE_MODEL, OLLAMA_MODEL, GEMINI_MODEL) are already the right ones.
  const geminiTranscribeSetting = get('TRANSCRIBE_MODEL') ? 'TRANSCRIBE_MODEL' : 'GEMINI_MODEL';
  if (transcriptionChoice?.kind === 'gemini') transcription = createGeminiTranscriber({ ...transcriptionChoice, ...shared, modelSetting: geminiTranscribeSetting });
  else if (transcriptionChoice?.kind === 'openai') transcription = createOpenAICompatibleTranscriber({ ...transcriptionChoice, ...shared });
  else if (transcriptionChoice?.kind === 'whispercpp') transcription = createWhisperCppTranscriber({ baseUrl: transcriptionChoice.baseUrl, ...shared });

  const transcriptionNotice = missingTranscriptionNotice(textChoice, transcriptionChoice);
  const structuredNotice = structuredOutputNotice(textChoice);
  const checkModel = textChoice ? () => modelCheckFor(textChoice, { ...shared, ...(options.now ? { now: options.now } : {}) }).catch(() => '[studyforge] could not check the model') : undefined;
  return {
    text,
    transcription,
    description: `${describeText(textChoice)}; ${describeTranscription(transcriptionChoice, transcriptionNotice)}`,
    ...(transcriptionNotice ? { transcriptionNotice } : {}),
    ...(structuredNotice ? { structuredNotice } : {}),
    ...(checkModel ? { checkModel } : {}),
  };
}
