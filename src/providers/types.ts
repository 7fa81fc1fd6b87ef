import type { ContractSchema } from './schema';

/*
 * Model providers, written against fetch only, so the same code runs in the
 * gateway (Node, Deno, edge runtimes) and, in "bring your own key" mode, in
 * the browser.
 */

export interface ProviderRequest {
  prompt: string;
  /** Structured output: the answer must be JSON fitting this schema (the contract's vocabulary). */
  schema?: ContractSchema;
  /** Aborting it must abort the upstream request. */
  signal?: AbortSignal;
  /**
   * Told the tokens the call used, in the provider's own count (Gemini
   * usageMetadata, OpenAI usage, Ollama prompt_eval_count and eval_count),
   * once, when the provider reports them; never called with a guess. The
   * gateway's budgets and metrics count them.
   */
  onUsage?: (usage: TokenUsage) => void;
}

/** Tokens one call used, as the provider counted them. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export type ProviderName = 'gemini' | 'openai' | 'ollama';

export interface TextProvider {
  readonly name: ProviderName;
  readonly model: string;
  /** The whole answer's text. */
  generate(request: ProviderRequest): Promise<string>;
  /** The answer's text as it is written, delta by delta. */
  stream(request: ProviderRequest): AsyncIterable<string>;
  /** What `stream` would POST, without sending it: for "What will be sent". Headers (the key) are not shown. */
  streamRequest(request: Omit<ProviderRequest, 'signal'>): OutgoingRequest;
}

/** A request as it leaves: where to, and the body it carries. */
export interface OutgoingRequest {
  url: string;
  body: Record<string, unknown>;
}

export interface TranscriptionRequest {
  audio: Blob;
  fileName: string;
  signal?: AbortSignal;
  /** The spoken language's code, when the user chose one; services that detect the language may ignore it. */
  language?: string;
  /**
   * Told what the transcription used, once, when the service reports it:
   * tokens (Gemini's usageMetadata, OpenAI's token-billed models) or the
   * audio's length in seconds (OpenAI's whisper-1, billed by the second).
   * Never called with a guess: the gateway estimates where nothing is reported.
   */
  onUsage?: (usage: TranscriptionUsage) => void;
}

/** What a transcription service reports it used: its tokens, or the seconds of audio it billed. */
export type TranscriptionUsage = TokenUsage | { audioSeconds: number };

export interface TranscriptionProvider {
  readonly name: 'openai' | 'gemini' | 'whispercpp';
  /**
   * The audio MIME types (without parameters) it takes, when it takes only some:
   * the gateway tells the app, which converts other recordings to WAV first
   * (G7). Undefined: whatever browsers record (webm, mp4, ogg...).
   */
  readonly accepts?: readonly string[];
  transcribe(request: TranscriptionRequest): Promise<string>;
}

/**
 * A provider failure with a message fit for users and the status the gateway
 * should answer with. The message never quotes upstream text: an upstream
 * error body can hold database URLs, file paths and internal host names.
 * What upstream said goes to `upstreamDetail` instead, for the
 * operator's logs: already redacted (keys, credentials, tokens), one line, at
 * most MAX_DETAIL_LENGTH characters. Never send it to a browser as it is.
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterSeconds?: number,
    readonly upstreamDetail?: string,
  ) {
    super(message);
  }
}
