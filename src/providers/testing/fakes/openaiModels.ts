import type { ServerResponse } from 'node:http';
import { isRecord, sendJson } from './http';
import type { FakeProviderOptions } from './types';

// ---------------------------------------------------------------------------
// OpenAI-compatible: the list of models (GET /v1/models) and which hosts take stream_options.

/** The local servers the fake can imitate, each documenting stream_options.include_usage (below). */
export type LocalServerFlavour = 'vllm' | 'lmstudio' | 'llamacpp';

/** One entry of GET /v1/models. */
export interface FakeListedModel {
  id: string;
  /** OpenAI's: "optional string or null … The date when the model will shut down, or null if not announced". */
  shutdown_date?: string | null;
}

/** FakeOpenAIOptions.listedModels: what GET /v1/models lists, instead of the host's own list (below). */
export interface FakeModelListOptions {
  listedModels?: readonly FakeListedModel[];
}

/*
 * OpenAI's list, with the shutdown dates its deprecations page gives
 * ([O-dep] https://developers.openai.com/api/docs/deprecations, through the
 * copies cited in /work/shared/findings/provider-conformance-3.md): gpt-4o-mini
 * on 2027-01-14, whisper-1, gpt-4o-transcribe and gpt-4o-mini-transcribe on
 * 2027-02-26, replaced by gpt-6-luna and gpt-transcribe. The entry shape is
 * the List models reference's (https://developers.openai.com/api/reference/resources/models/methods/list):
 * {id, object: "model", created, owned_by, shutdown_date: "YYYY-MM-DD" | null}.
 */
export const OPENAI_LISTED_MODELS: readonly FakeListedModel[] = [
  { id: 'gpt-6-luna', shutdown_date: null },
  { id: 'gpt-transcribe', shutdown_date: null },
  { id: 'gpt-4o-mini', shutdown_date: '2027-01-14' },
  { id: 'whisper-1', shutdown_date: '2027-02-26' },
  { id: 'gpt-4o-transcribe', shutdown_date: '2027-02-26' },
  { id: 'gpt-4o-mini-transcribe', shutdown_date: '2027-02-26' },
];

function listedModelsOption(options: FakeProviderOptions): readonly FakeListedModel[] | undefined {
  if (!('listedModels' in options) || !Array.isArray(options.listedModels)) return undefined;
  return options.listedModels.filter((m): m is FakeListedModel => isRecord(m) && typeof m.id === 'string');
}

/**
 * Answers GET /v1/models. OpenAI lists its catalogue with shutdown dates; the
 * other hosts list the served model without the field (llama.cpp's README
 * example: {id, object, created, owned_by, meta}; LM Studio lists its loaded
 * or downloaded models, https://lmstudio.ai/docs/developer/core/headless).
 */
export function answerModelList(res: ServerResponse, options: FakeProviderOptions, flavour: string): void {
  const pinned = options.model;
  const own = flavour === 'openai' ? OPENAI_LISTED_MODELS : [{ id: pinned ?? 'local-model' }];
  const listed = listedModelsOption(options) ?? (pinned === undefined || own.some((m) => m.id === pinned) ? own : [...own, { id: pinned }]);
  const data = listed.map((m) => ({
    id: m.id,
    object: 'model',
    created: 1_700_000_000,
    owned_by: flavour === 'openai' ? 'system' : 'owner',
    ...(flavour === 'openai' ? { shutdown_date: m.shutdown_date ?? null } : {}),
  }));
  sendJson(res, 200, { object: 'list', data });
}

/*
 * stream_options {include_usage} only where the server documents it: OpenAI
 * ([O-sdk] ChatCompletionStreamOptions), vLLM, LM Studio and llama.cpp (the
 * [vLLM-usage], [LMS-usage] and [LCPP-usage] sources in capabilities.ts); all
 * of them send the usage chunk only when asked (openaiCompatible.ts
 * asksForUsage). The 'generic' fake stands for a server that documents no such
 * field and refuses it, as a strict server refuses any field it does not have:
 * the adapter must not send it there.
 */
export function checkStreamOptionsDocumented(json: unknown, flavour: string, problems: string[]): void {
  if (flavour === 'generic' && isRecord(json) && json.stream_options !== undefined) problems.push('Unrecognized request argument supplied: stream_options');
}
