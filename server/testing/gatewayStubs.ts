import { createParser } from 'eventsource-parser';
import { z } from 'zod';
import { toContractSchema } from '../../src/kernel/contractSchema';
import { type ProviderRequest, type TextProvider, type TokenUsage, type TranscriptionProvider } from '../../src/providers/types';
import { createGateway } from '../app';
import { gatewaySettingsFromEnv, type Environment } from '../config';

/*
 * Stand-in providers and request helpers for the gateway's own tests
 * (server/app.test.ts and server/appTranscription.test.ts).
 */

export const schema = toContractSchema(z.object({ thesis: z.string(), points: z.array(z.string()).min(2) }));

export interface Stub extends TextProvider {
  requests: ProviderRequest[];
}

export function stubProvider(behaviour: {
  answer?: string;
  deltas?: string[];
  fail?: Error;
  hang?: boolean;
  deltaDelayMs?: number;
  /** Reported through onUsage, as a provider reports its own count. */
  usage?: TokenUsage;
}): Stub {
  const requests: ProviderRequest[] = [];
  const waitForAbort = (signal?: AbortSignal) =>
    new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }));
  return {
    name: 'gemini',
    model: 'stub',
    requests,
    streamRequest: (request) => ({ url: 'stub:stream', body: { prompt: request.prompt } }),
    async generate(request) {
      requests.push(request);
      if (behaviour.hang) return waitForAbort(request.signal);
      if (behaviour.usage) request.onUsage?.(behaviour.usage);
      if (behaviour.fail) throw behaviour.fail;
      return behaviour.answer ?? '';
    },
    async *stream(request) {
      requests.push(request);
      for (const delta of behaviour.deltas ?? []) {
        await new Promise((resolve) => setTimeout(resolve, behaviour.deltaDelayMs ?? 1));
        if (request.signal?.aborted) throw request.signal.reason;
        yield delta;
      }
      if (behaviour.hang) await waitForAbort(request.signal);
      if (behaviour.usage) request.onUsage?.(behaviour.usage);
      if (behaviour.fail) throw behaviour.fail;
    },
  };
}

export function gateway(text: TextProvider | null, env: Environment = {}, transcription: TranscriptionProvider | null = null) {
  return createGateway({ settings: gatewaySettingsFromEnv({ STUDYFORGE_PUBLIC_KEY: 'anon-key', ...env }), text, transcription });
}

export function call(body: unknown, init: { key?: string | null; accept?: string; path?: string; signal?: AbortSignal; origin?: string } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (init.key !== null) headers.Authorization = `Bearer ${init.key ?? 'anon-key'}`;
  if (init.accept) headers.Accept = init.accept;
  if (init.origin) headers.Origin = init.origin;
  return new Request(`http://gateway.test${init.path ?? '/functions/v1/gemini'}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: init.signal,
  });
}

export async function events(response: Response): Promise<{ event: string; data: unknown }[]> {
  const received: { event: string; data: unknown }[] = [];
  const parser = createParser({ onEvent: (e) => received.push({ event: e.event ?? 'message', data: JSON.parse(e.data) }) });
  parser.feed(await response.text());
  return received;
}
