import { z } from 'zod';
import { providerMessages } from './errors';
import { answerCap, defaultFetch, joinUrl, readJson, type FetchLike } from './transport';

/*
 * The start-up check: does the provider serve the configured model?
 * One function per provider, each asking the provider's own model endpoint:
 * - OpenAI-compatible: GET {base}/models -> {data: [{id}]} (openai/openai-node
 *   src/resources/models.ts: `list()` is getAPIList('/models', Page<Model>), Model.id
 *   "The model identifier, which can be referenced in the API endpoints"); OpenRouter,
 *   Groq, vLLM, LM Studio (/v1/models, https://lmstudio.ai/docs/api/openai-api) and
 *   llama.cpp's server serve the same list. OpenAI's entries may carry `shutdown_date`, "optional string
 *   or null … format: date", e.g. "2026-10-23" (https://developers.openai.com/api/reference/resources/models/methods/list),
 *   which its deprecations page says to check ([O-dep]); a model with one is warned about, naming the date;
 * - Gemini: GET {base}/v1beta/models/{model} with x-goog-api-key
 *   (https://ai.google.dev/api/models#method:-models.get); 404 means no such model
 *   (https://ai.google.dev/gemini-api/docs/troubleshooting);
 * - Ollama: GET {base}/api/tags -> {models: [{name}]}, "List models that are available
 *   locally" (ollama docs/api.md l.1380-1436, at fb30760); names carry a tag
 *   (`llama3.2:latest`), and a name without a tag means `:latest`.
 * Each returns one sentence to print and never throws: a check that cannot be made
 * (unreachable, a key refused, a timeout) says so and the gateway runs on. The wait is
 * bounded (CHECK_TIMEOUT_MS) and so is the answer read (the answer cap). Error bodies
 * are never quoted: only the status is named.
 */

export const CHECK_TIMEOUT_MS = 3000;
const PREFIX = '[studyforge]';
/** At most this many names are listed in a message. */
const MAX_LISTED = 20;

export interface ModelCheckOptions {
  baseUrl: string;
  model: string;
  apiKey?: string;
  fetch?: FetchLike;
  maxAnswerBytes?: number;
  timeoutMs?: number;
  /** Today, for shutdown dates; the clock when not given. */
  now?: () => Date;
}

const OpenAIModels = z.object({ data: z.array(z.object({ id: z.string(), shutdown_date: z.unknown().optional() })) });
const OllamaTags = z.object({ models: z.array(z.object({ name: z.string(), model: z.string().optional() })) });

type Fetched = { ok: true; body: unknown } | { ok: false; status?: number; reason: string };

async function getJson(url: string, headers: Record<string, string>, options: ModelCheckOptions): Promise<Fetched> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? CHECK_TIMEOUT_MS);
  try {
    const response = await (options.fetch ?? defaultFetch)(url, { method: 'GET', headers, signal });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, status: response.status, reason: `status ${response.status}` };
    }
    return { ok: true, body: await readJson(response, signal, answerCap(options.maxAnswerBytes)) };
  } catch (error) {
    const waited = options.timeoutMs ?? CHECK_TIMEOUT_MS;
    if (signal.aborted) return { ok: false, reason: `no answer within ${waited >= 1000 ? `${waited / 1000} s` : `${waited} ms`}` };
    const message = error instanceof Error ? error.message : '';
    if (message === providerMessages.tooLong(answerCap(options.maxAnswerBytes))) return { ok: false, reason: 'the list of models was too long' };
    if (message === providerMessages.unreadable) return { ok: false, reason: 'the list of models could not be read' };
    return { ok: false, reason: 'the provider could not be reached' };
  }
}

function couldNotCheck(what: string, reason: string, variable: string): string {
  return `${PREFIX} could not check the model "${what}" (${reason}); if tools fail, check ${variable} and the provider's address and key`;
}

/** A name from the provider's list, fit for a log line: no control characters, at most 100 characters. */
function printable(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
  return clean.length > 100 ? `${clean.slice(0, 100)}…` : clean;
}

function listed(names: readonly string[]): string {
  const shown = names.slice(0, MAX_LISTED).map(printable).join(', ');
  return names.length > MAX_LISTED ? `${shown} (and ${names.length - MAX_LISTED} more)` : shown;
}

function unknownModel(model: string, variable: string, names: readonly string[]): string {
  return names.length === 0
    ? `${PREFIX} the provider has no model "${model}" (it lists none): set ${variable} to a model it serves`
    : `${PREFIX} the provider has no model "${model}": set ${variable} to one of: ${listed(names)}`;
}

const found = (model: string) => `${PREFIX} model check: the provider serves "${model}"`;

/** A `shutdown_date` as documented (YYYY-MM-DD, a real day), at midnight UTC; anything else is no date. */
function shutdownDate(value: unknown): Date | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? undefined : date;
}

const dayMonthYear = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function shuttingDown(model: string, variable: string, date: Date, now: Date): string {
  const day = dayMonthYear(date);
  return date.getTime() <= now.getTime()
    ? `${PREFIX} the model "${model}" was shut down on ${day} (the provider's shutdown date) and no longer answers: set ${variable} to a current model`
    : `${PREFIX} the model "${model}" is being retired: the provider shuts it down on ${day}; set ${variable} to a current model before then`;
}

/** GET {base}/models on an OpenAI-compatible server; `variable` is the setting to name (OPENAI_MODEL by default). */
export async function checkOpenAICompatibleModel(options: ModelCheckOptions, variable = 'OPENAI_MODEL'): Promise<string> {
  const headers: Record<string, string> = options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {};
  const result = await getJson(joinUrl(options.baseUrl, 'models'), headers, options);
  if (!result.ok) return couldNotCheck(options.model, result.reason, variable);
  const parsed = OpenAIModels.safeParse(result.body);
  if (!parsed.success) return couldNotCheck(options.model, 'the list of models could not be read', variable);
  const entry = parsed.data.data.find((m) => m.id === options.model);
  if (!entry) return unknownModel(options.model, variable, parsed.data.data.map((m) => m.id));
  const date = shutdownDate(entry.shutdown_date);
  return date ? shuttingDown(options.model, variable, date, (options.now ?? (() => new Date()))()) : found(options.model);
}

/** GET {base}/v1beta/models/{model} on the Gemini API; a 404 is an unknown model. */
export async function checkGeminiModel(options: ModelCheckOptions, variable = 'GEMINI_MODEL'): Promise<string> {
  const name = options.model.replace(/^models\//, '');
  const headers: Record<string, string> = options.apiKey ? { 'x-goog-api-key': options.apiKey } : {};
  const result = await getJson(joinUrl(options.baseUrl, `v1beta/models/${encodeURIComponent(name)}`), headers, options);
  if (!result.ok) {
    if (result.status === 404) {
      return `${PREFIX} the provider has no model "${name}": set ${variable} to a current model (https://ai.google.dev/gemini-api/docs/models)`;
    }
    return couldNotCheck(name, result.reason, variable);
  }
  return found(name);
}

/** Ollama's names carry a tag; `llama3.2` means `llama3.2:latest`. */
function withTag(name: string): string {
  return name.includes(':') ? name : `${name}:latest`;
}

/** GET {base}/api/tags on Ollama. */
export async function checkOllamaModel(options: ModelCheckOptions, variable = 'OLLAMA_MODEL'): Promise<string> {
  const result = await getJson(joinUrl(options.baseUrl, 'api/tags'), {}, options);
  if (!result.ok) return couldNotCheck(options.model, result.reason, variable);
  const parsed = OllamaTags.safeParse(result.body);
  if (!parsed.success) return couldNotCheck(options.model, 'the list of models could not be read', variable);
  const names = parsed.data.models.map((m) => m.name);
  const wanted = withTag(options.model);
  if (names.some((n) => withTag(n) === wanted)) return found(options.model);
  return `${unknownModel(options.model, variable, names)} (or pull it: ollama pull ${options.model})`;
}
