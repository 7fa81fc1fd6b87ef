import { messages, UserFacingError } from '../messages';
import type { Backend, GenerateRequest } from './types';

/*
 * The seed's backend contract, spec 7.1:
 *   POST {backend}/functions/v1/gemini
 *   Content-Type: application/json, Authorization: Bearer {key}
 *   body {contents, config?}; config = {responseMimeType: 'application/json', responseSchema}
 *   200 -> {text}; non-OK -> {error}
 */

export interface ContractEndpoint {
  backendUrl: string;
  publicKey: string;
}

export function geminiUrl(backendUrl: string): string {
  return `${backendUrl.replace(/\/+$/, '')}/functions/v1/gemini`;
}

export function requestBody(request: GenerateRequest): string {
  const { prompt, responseSchema } = request;
  return JSON.stringify(
    responseSchema
      ? { contents: prompt, config: { responseMimeType: 'application/json', responseSchema } }
      : { contents: prompt },
  );
}

async function errorMessageOf(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const error = (body as { error: unknown }).error;
      if (typeof error === 'string' && error.trim() !== '') return error;
    }
  } catch {
    // Unreadable body: fall through to the status text the spec prescribes.
  }
  return messages.requestFailed(response.status);
}

/** Some models wrap JSON in a markdown fence even when asked for JSON; the fence is not part of the answer. */
function withoutCodeFence(text: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(text);
  return fenced?.[1] ?? text;
}

export function parseAnswer(text: string, wantsJson: boolean): unknown {
  if (!wantsJson) return text;
  try {
    return JSON.parse(withoutCodeFence(text));
  } catch {
    throw new UserFacingError(messages.invalidFormat);
  }
}

export function createContractBackend(endpoint: ContractEndpoint, fetcher: typeof fetch = globalThis.fetch.bind(globalThis)): Backend {
  return {
    kind: 'contract',
    async generate(request) {
      let response: Response;
      try {
        response = await fetcher(geminiUrl(endpoint.backendUrl), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${endpoint.publicKey}` },
          body: requestBody(request),
          signal: request.signal,
        });
      } catch (error) {
        if (request.signal?.aborted) throw error;
        throw new UserFacingError(messages.backendUnreachable(endpoint.backendUrl));
      }
      if (!response.ok) throw new UserFacingError(await errorMessageOf(response));

      let payload: unknown;
      try {
        payload = await response.json();
      } catch {
        throw new UserFacingError(messages.invalidFormat);
      }
      const text = typeof payload === 'object' && payload !== null ? (payload as { text?: unknown }).text : undefined;
      if (typeof text !== 'string') throw new UserFacingError(messages.invalidFormat);
      return parseAnswer(text, request.responseSchema !== undefined);
    },
  };
}
