import { createParser } from 'eventsource-parser';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toContractSchema } from '../src/engine/contractSchema';
import { ProviderError, type ProviderRequest, type TextProvider, type TranscriptionProvider } from '../src/engine/providers/types';
import { createGateway, SAMPLE_HEADER } from './app';
import { gatewaySettingsFromEnv, type Environment } from './config';

/*
 * The gateway's own behaviour, through its fetch handler: the contract, its
 * streaming form, the guards (key, size, shape, rate, CORS), timeouts and
 * cancellation. Providers are stand-ins here; each real provider is tested
 * against a fake server of its own in src/engine/providers.
 */

const schema = toContractSchema(z.object({ thesis: z.string(), points: z.array(z.string()).min(2) }));

interface Stub extends TextProvider {
  requests: ProviderRequest[];
}

function stubProvider(behaviour: {
  answer?: string;
  deltas?: string[];
  fail?: Error;
  hang?: boolean;
  deltaDelayMs?: number;
}): Stub {
  const requests: ProviderRequest[] = [];
  const waitForAbort = (signal?: AbortSignal) =>
    new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }));
  return {
    name: 'gemini',
    model: 'stub',
    requests,
    async generate(request) {
      requests.push(request);
      if (behaviour.hang) return waitForAbort(request.signal);
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
      if (behaviour.fail) throw behaviour.fail;
    },
  };
}

function gateway(text: TextProvider | null, env: Environment = {}, transcription: TranscriptionProvider | null = null) {
  return createGateway({ settings: gatewaySettingsFromEnv({ STUDYFORGE_PUBLIC_KEY: 'anon-key', ...env }), text, transcription });
}

function call(body: unknown, init: { key?: string | null; accept?: string; path?: string; signal?: AbortSignal; origin?: string } = {}) {
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

async function events(response: Response): Promise<{ event: string; data: unknown }[]> {
  const received: { event: string; data: unknown }[] = [];
  const parser = createParser({ onEvent: (e) => received.push({ event: e.event ?? 'message', data: JSON.parse(e.data) }) });
  parser.feed(await response.text());
  return received;
}

describe('the generate contract (spec 7.1)', () => {
  it('answers {text} and hands the prompt and schema to the provider', async () => {
    const provider = stubProvider({ answer: '{"thesis":"T","points":["a","b"]}' });
    const response = await gateway(provider).fetch(
      call({ contents: 'Plan an essay', config: { responseMimeType: 'application/json', responseSchema: schema } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ text: '{"thesis":"T","points":["a","b"]}' });
    expect(provider.requests[0]).toMatchObject({ prompt: 'Plan an essay', schema });
  });

  it('also answers at /gemini, where Supabase routes the function', async () => {
    const response = await gateway(stubProvider({ answer: 'ok' })).fetch(call({ contents: 'x' }, { path: '/gemini' }));
    expect(await response.json()).toEqual({ text: 'ok' });
  });

  it('refuses a missing or wrong key with 401 and {error}', async () => {
    const app = gateway(stubProvider({ answer: 'ok' }));
    for (const key of [null, 'wrong']) {
      const response = await app.fetch(call({ contents: 'x' }, { key }));
      expect(response.status).toBe(401);
      expect((await response.json()) as { error: string }).toEqual({ error: expect.stringContaining('Bearer') });
    }
  });

  it('validates the request shape with clear 400 errors', async () => {
    const app = gateway(stubProvider({ answer: 'ok' }));
    const cases: [unknown, RegExp][] = [
      ['not json', /must be JSON/],
      [{}, /contents/],
      [{ contents: '   ' }, /must not be blank/],
      [{ contents: 'x', config: { responseSchema: { type: 'TABLE' } } }, /config\.responseSchema\.type/],
    ];
    for (const [body, message] of cases) {
      const response = await app.fetch(call(body));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await gateway(stubProvider({ answer: 'ok' }), { STUDYFORGE_MAX_TEXT_BYTES: '1024' }).fetch(
      call({ contents: 'x'.repeat(5000) }),
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toMatch(/too large/);
  });

  it('limits each client and says when to retry', async () => {
    const app = gateway(stubProvider({ answer: 'ok' }), { STUDYFORGE_RATE_LIMIT: '2', STUDYFORGE_RATE_WINDOW_MS: '60000' });
    expect((await app.fetch(call({ contents: 'a' }))).status).toBe(200);
    expect((await app.fetch(call({ contents: 'b' }))).status).toBe(200);
    const limited = await app.fetch(call({ contents: 'c' }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: string }).error).toMatch(/Too many requests/);
  });

  it('passes provider failures on as readable {error} with their status', async () => {
    const limited = await gateway(stubProvider({ fail: new ProviderError('The AI provider is rate-limiting requests.', 429, 7) })).fetch(
      call({ contents: 'x' }),
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(await limited.json()).toEqual({ error: 'The AI provider is rate-limiting requests.' });

    const broken = await gateway(stubProvider({ fail: new Error('socket hang up at 10.0.0.5 with key sk-secret') })).fetch(call({ contents: 'x' }));
    expect(broken.status).toBe(500);
    expect(JSON.stringify(await broken.json())).not.toMatch(/sk-secret|10\.0\.0\.5/);
  });

  it('gives up on a provider that takes too long, with 504', async () => {
    const provider = stubProvider({ hang: true });
    const response = await gateway(provider, { STUDYFORGE_UPSTREAM_TIMEOUT_MS: '50' }).fetch(call({ contents: 'x' }));
    expect(response.status).toBe(504);
    expect(provider.requests[0]?.signal?.aborted).toBe(true);
  });

  it('stops the provider when the caller goes away', async () => {
    const provider = stubProvider({ hang: true });
    const caller = new AbortController();
    const pending = Promise.resolve(gateway(provider).fetch(call({ contents: 'x' }, { signal: caller.signal })));
    await new Promise((resolve) => setTimeout(resolve, 10));
    caller.abort();
    await pending.catch(() => undefined);
    expect(provider.requests[0]?.signal?.aborted).toBe(true);
  });

  it('answers 404 with {error} for anything else', async () => {
    const response = await gateway(null).fetch(new Request('http://gateway.test/functions/v1/other', { method: 'POST' }));
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toMatch(/No such endpoint/);
  });
});

describe('the streaming form', () => {
  it('streams deltas as they come, then done without repeating them', async () => {
    const provider = stubProvider({ deltas: ['Photo', 'synthesis ', 'makes sugar.'] });
    const response = await gateway(provider).fetch(call({ contents: 'x' }, { accept: 'text/event-stream' }));
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await events(response)).toEqual([
      { event: 'delta', data: { text: 'Photo' } },
      { event: 'delta', data: { text: 'synthesis ' } },
      { event: 'delta', data: { text: 'makes sugar.' } },
      { event: 'done', data: {} },
    ]);
  });

  it('reports a failure during the stream as an error event', async () => {
    const provider = stubProvider({ deltas: ['Half an'], fail: new ProviderError('The AI provider had a problem (status 500). Please try again.', 502) });
    const received = await events(await gateway(provider).fetch(call({ contents: 'x' }, { accept: 'text/event-stream' })));
    expect(received.at(-1)).toEqual({ event: 'error', data: { error: 'The AI provider had a problem (status 500). Please try again.' } });
  });

  it('stops the provider when the reader cancels the stream', async () => {
    const provider = stubProvider({ deltas: ['first'], hang: true });
    const response = await gateway(provider).fetch(call({ contents: 'x' }, { accept: 'text/event-stream' }));
    const reader = response.body?.getReader();
    await reader?.read();
    await reader?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(provider.requests[0]?.signal?.aborted).toBe(true);
  });

  it('checks the key before streaming', async () => {
    const response = await gateway(stubProvider({ deltas: ['x'] })).fetch(call({ contents: 'x' }, { key: 'wrong', accept: 'text/event-stream' }));
    expect(response.status).toBe(401);
  });
});

describe('without a provider', () => {
  it('answers with samples that fit the schema, and says so', async () => {
    const response = await gateway(null).fetch(call({ contents: 'x', config: { responseMimeType: 'application/json', responseSchema: schema } }));
    expect(response.headers.get(SAMPLE_HEADER)).toBe('true');
    const { text } = (await response.json()) as { text: string };
    expect(z.object({ thesis: z.string(), points: z.array(z.string()).min(2) }).safeParse(JSON.parse(text)).success).toBe(true);

    const plain = (await (await gateway(null).fetch(call({ contents: 'x' }))).json()) as { text: string };
    expect(plain.text).toMatch(/sample answer/);
  });

  it('streams the sample too', async () => {
    const received = await events(await gateway(null).fetch(call({ contents: 'x' }, { accept: 'text/event-stream' })));
    expect(received.filter((e) => e.event === 'delta').length).toBeGreaterThan(1);
    expect(received.at(-1)?.event).toBe('done');
  });
});

describe('the transcription contract (spec 7.2)', () => {
  function upload(file: Blob | null, key = 'anon-key') {
    const form = new FormData();
    if (file) form.append('file', file, 'lecture.webm');
    return new Request('http://gateway.test/speechtotext/speechtotext/transcribe-audio/', {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' },
      body: form,
    });
  }

  const transcriber = (): TranscriptionProvider & { files: string[] } => {
    const files: string[] = [];
    return {
      name: 'openai',
      files,
      async transcribe({ audio, fileName }) {
        files.push(`${fileName}:${audio.size}`);
        return 'Today: the Reign of Terror.';
      },
    };
  };

  it('transcribes the multipart `file` field into {text}', async () => {
    const provider = transcriber();
    const response = await gateway(null, {}, provider).fetch(upload(new Blob([new Uint8Array(32)], { type: 'audio/webm' })));
    expect(await response.json()).toEqual({ text: 'Today: the Reign of Terror.' });
    expect(provider.files).toEqual(['lecture.webm:32']);
  });

  it('refuses a request without a file, or over the audio limit', async () => {
    expect((await gateway(null, {}, transcriber()).fetch(upload(null))).status).toBe(400);
    const big = await gateway(null, { STUDYFORGE_MAX_AUDIO_BYTES: '1000' }, transcriber()).fetch(upload(new Blob([new Uint8Array(5000)])));
    expect(big.status).toBe(413);
  });

  it('takes in maxAudioUploads at once, queues four per slot unread, and tells the rest to retry', async () => {
    const releases: (() => void)[] = [];
    const held: TranscriptionProvider = {
      name: 'openai',
      transcribe: () => new Promise<string>((resolve) => releases.push(() => resolve('Done.'))),
    };
    const app = gateway(null, { STUDYFORGE_MAX_AUDIO_UPLOADS: '1' }, held);
    const audio = () => upload(new Blob([new Uint8Array(16)], { type: 'audio/webm' }));
    const taken = [app.fetch(audio()), app.fetch(audio()), app.fetch(audio()), app.fetch(audio()), app.fetch(audio())];
    const refused = await app.fetch(audio());
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(((await refused.json()) as { error: string }).error).toMatch(/busy with other recordings/);
    // One at a time: each finished transcription lets the next in.
    for (let done = 0; done < 5; done++) {
      await vi.waitFor(() => expect(releases.length).toBe(done + 1));
      releases[done]?.();
    }
    expect((await Promise.all(taken)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('refuses audio that is not multipart with 415', async () => {
    const response = await gateway(null, {}, transcriber()).fetch(
      new Request('http://gateway.test/speechtotext/speechtotext/transcribe-audio/', {
        method: 'POST',
        headers: { Authorization: 'Bearer anon-key', 'Content-Type': 'audio/webm' },
        body: new Uint8Array(8),
      }),
    );
    expect(response.status).toBe(415);
  });

  it('answers a sample transcript without a service, and says so', async () => {
    const response = await gateway(null).fetch(upload(new Blob([new Uint8Array(8)])));
    expect(response.headers.get(SAMPLE_HEADER)).toBe('true');
    expect(((await response.json()) as { text: string }).text).toMatch(/sample transcript/);
  });
});

describe('CORS', () => {
  const app = () => gateway(stubProvider({ answer: 'ok' }), { STUDYFORGE_ALLOWED_ORIGINS: 'https://school.example' });
  const preflight = (origin: string) =>
    new Request('http://gateway.test/functions/v1/gemini', {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' },
    });

  it('lets configured origins call from the browser', async () => {
    const response = await app().fetch(preflight('https://school.example'));
    expect(response.headers.get('access-control-allow-origin')).toBe('https://school.example');
    const answered = await app().fetch(call({ contents: 'x' }, { origin: 'https://school.example' }));
    expect(answered.headers.get('access-control-allow-origin')).toBe('https://school.example');
  });

  it('gives other origins no CORS grant', async () => {
    const response = await app().fetch(preflight('https://evil.example'));
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
