import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeGemini, startFakeOllama, startFakeOpenAI, type FakeProviderServer } from './testing/fakeProviders';
import { CAPABILITIES, capabilitiesOf, type SetupId } from './capabilities';
import { providerMessages } from './errors';
import { createGeminiProvider, GEMINI_DEFAULT_MODEL } from './gemini';
import { createOllamaProvider } from './ollama';
import { chatRequestBody, createOpenAICompatibleProvider } from './openaiCompatible';
import type { ProviderRequest, TextProvider, TokenUsage } from './types';

/*
 * Metering: every provider tells ProviderRequest.onUsage the tokens a call
 * used, in the provider's own count, once, whole and streamed; never a guess.
 * The fakes report 8 prompt and 12 answer tokens (Ollama: its prompt estimate
 * and 12), as the real services report them (see src/providers/testing/fakes).
 */

/** What happened during a call, in order: each delta, and each usage told. */
type Event = { delta: string } | { usage: TokenUsage };

interface Recorded {
  events: Event[];
  onUsage: ReturnType<typeof vi.fn<(usage: TokenUsage) => void>>;
  request: ProviderRequest;
}

function record(prompt: string, extra: Partial<ProviderRequest> = {}): Recorded {
  const events: Event[] = [];
  const onUsage = vi.fn((usage: TokenUsage) => {
    events.push({ usage });
  });
  return { events, onUsage, request: { prompt, ...extra, onUsage } };
}

async function streamInto(provider: TextProvider, recorded: Recorded): Promise<void> {
  for await (const delta of provider.stream(recorded.request)) recorded.events.push({ delta });
}

/** The usage was told once, after every delta. */
function toldOnceAtTheEnd(recorded: Recorded, usage: TokenUsage): void {
  expect(recorded.onUsage).toHaveBeenCalledTimes(1);
  expect(recorded.onUsage).toHaveBeenCalledWith(usage);
  expect(recorded.events.at(-1)).toEqual({ usage });
  expect(recorded.events.filter((event) => 'delta' in event).length).toBeGreaterThan(0);
}

const json = (body: unknown) => ({ kind: 'raw' as const, status: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('Gemini: usageMetadata', () => {
  const KEY = 'gemini-usage-key';
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeGemini({ apiKey: KEY, model: GEMINI_DEFAULT_MODEL, chunkDelayMs: 2 });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.reset();
    server.script({ kind: 'text', text: 'Cells are the unit of life.' });
  });
  const provider = () => createGeminiProvider({ apiKey: KEY, baseUrl: server.baseUrl });
  const sse = (...bodies: unknown[]) => ({
    kind: 'raw' as const,
    status: 200,
    headers: { 'Content-Type': 'text/event-stream' },
    body: bodies.map((body) => `data: ${JSON.stringify(body)}\r\n\r\n`).join(''),
  });
  const candidate = (text: string, finishReason?: string) => ({ candidates: [{ content: { role: 'model', parts: [{ text }] }, ...(finishReason ? { finishReason } : {}) }] });

  it('whole: promptTokenCount in, candidatesTokenCount out, told once', async () => {
    const recorded = record('Explain cells');
    await expect(provider().generate(recorded.request)).resolves.toBe('Cells are the unit of life.');
    expect(recorded.onUsage).toHaveBeenCalledTimes(1);
    expect(recorded.onUsage).toHaveBeenCalledWith({ inputTokens: 8, outputTokens: 12 });
  });

  it('streamed: the last chunk\'s totals, told once after the last delta', async () => {
    const recorded = record('Explain cells');
    await streamInto(provider(), recorded);
    toldOnceAtTheEnd(recorded, { inputTokens: 8, outputTokens: 12 });
  });

  it('streamed with usageMetadata on several chunks: only the last, once; thinking tokens count as output', async () => {
    server.script(
      sse(
        { ...candidate('One '), usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 1, totalTokenCount: 9 } },
        { ...candidate('two '), usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 2, thoughtsTokenCount: 30, totalTokenCount: 40 } },
        { ...candidate('three.', 'STOP'), usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 3, thoughtsTokenCount: 30, totalTokenCount: 41 } },
      ),
    );
    const recorded = record('Count');
    await streamInto(provider(), recorded);
    toldOnceAtTheEnd(recorded, { inputTokens: 8, outputTokens: 33 });
  });

  it('whole: thoughtsTokenCount is output; a count left out (proto3 JSON omits 0) is 0', async () => {
    server.script(json({ ...candidate('ok', 'STOP'), usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 2, thoughtsTokenCount: 40, totalTokenCount: 50 } }));
    const thinking = record('x');
    await provider().generate(thinking.request);
    expect(thinking.onUsage).toHaveBeenCalledWith({ inputTokens: 8, outputTokens: 42 });
    server.script(json({ ...candidate('ok', 'STOP'), usageMetadata: { promptTokenCount: 8, totalTokenCount: 8 } }));
    const noOutput = record('x');
    await provider().generate(noOutput.request);
    expect(noOutput.onUsage).toHaveBeenCalledWith({ inputTokens: 8, outputTokens: 0 });
  });

  it('no usageMetadata, an empty one, or a malformed one: never told, and the answer is still read', async () => {
    const malformed = [undefined, {}, { promptTokenCount: '8', candidatesTokenCount: 12 }, { promptTokenCount: -1 }, { promptTokenCount: 8, candidatesTokenCount: 1.5 }, null, 'lots'];
    for (const usageMetadata of malformed) {
      server.script(json({ ...candidate('ok', 'STOP'), ...(usageMetadata === undefined ? {} : { usageMetadata }) }));
      const whole = record('x');
      await expect(provider().generate(whole.request)).resolves.toBe('ok');
      expect(whole.onUsage).not.toHaveBeenCalled();
      server.script(sse(candidate('o'), { ...candidate('k', 'STOP'), ...(usageMetadata === undefined ? {} : { usageMetadata }) }));
      const streamed = record('x');
      await streamInto(provider(), streamed);
      expect(streamed.events).toEqual([{ delta: 'o' }, { delta: 'k' }]);
      expect(streamed.onUsage).not.toHaveBeenCalled();
    }
  });

  it('a length stop is still an error, and its usage is told once first, whole and streamed', async () => {
    server.script({ kind: 'gemini', text: 'Half an ans', finishReason: 'MAX_TOKENS' });
    const whole = record('x');
    await expect(provider().generate(whole.request)).rejects.toMatchObject({ message: providerMessages.answerCutOff });
    expect(whole.onUsage).toHaveBeenCalledTimes(1);
    expect(whole.onUsage).toHaveBeenCalledWith({ inputTokens: 8, outputTokens: 12 });
    const streamed = record('x');
    await expect(streamInto(provider(), streamed)).rejects.toMatchObject({ message: providerMessages.answerCutOff });
    toldOnceAtTheEnd(streamed, { inputTokens: 8, outputTokens: 12 });
  });

  it('a blocked prompt tells the prompt tokens it reported', async () => {
    server.script({ kind: 'gemini', blockReason: 'SAFETY' });
    const whole = record('x');
    await expect(provider().generate(whole.request)).rejects.toThrow();
    expect(whole.onUsage).toHaveBeenCalledExactlyOnceWith({ inputTokens: 8, outputTokens: 0 });
  });
});

describe('OpenAI-compatible: usage', () => {
  const KEY = 'sk-usage-abcdefghijklmnopqrstuvwx';
  let openai: FakeProviderServer;
  let generic: FakeProviderServer;
  let openrouter: FakeProviderServer;
  beforeAll(async () => {
    [openai, generic, openrouter] = await Promise.all([
      startFakeOpenAI({ apiKey: KEY, model: 'gpt-4o-mini', chunkDelayMs: 2, flavour: 'openai' }),
      startFakeOpenAI({ model: 'local-model', chunkDelayMs: 2, flavour: 'generic' }),
      startFakeOpenAI({ apiKey: KEY, chunkDelayMs: 2, flavour: 'openrouter' }),
    ]);
  });
  afterAll(() => Promise.all([openai.close(), generic.close(), openrouter.close()]));
  beforeEach(() => {
    for (const server of [openai, generic, openrouter]) {
      server.reset();
      server.script({ kind: 'text', text: 'Cells are the unit of life.' });
    }
  });
  const openaiProvider = () => createOpenAICompatibleProvider({ baseUrl: openai.baseUrl, apiKey: KEY, model: 'gpt-4o-mini', setup: 'openai' });
  const genericProvider = (setup: SetupId) => createOpenAICompatibleProvider({ baseUrl: generic.baseUrl, model: 'local-model', setup });

  it('the request asks for streamed usage only for the openai setup, and only when streaming', () => {
    const request = { prompt: 'x' };
    expect(chatRequestBody('gpt-4o-mini', request, true, CAPABILITIES.openai)).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(chatRequestBody('gpt-4o-mini', request, false, CAPABILITIES.openai)).not.toHaveProperty('stream_options');
    const others: SetupId[] = ['openrouter', 'groq', 'vllm', 'lmstudio', 'llamacpp', 'ollama-openai', 'openai-compatible'];
    for (const setup of others) {
      expect(capabilitiesOf(setup, 'openai/gpt-4o-mini').streamUsageOption).not.toBe(true);
      expect(chatRequestBody('m', request, true, capabilitiesOf(setup, 'm'))).not.toHaveProperty('stream_options');
    }
    expect(chatRequestBody('m', request, true)).not.toHaveProperty('stream_options');
  });

  it('OpenAI, whole: usage.prompt_tokens and completion_tokens, told once; no stream_options sent', async () => {
    const recorded = record('Explain cells');
    await expect(openaiProvider().generate(recorded.request)).resolves.toBe('Cells are the unit of life.');
    expect(recorded.onUsage).toHaveBeenCalledExactlyOnceWith({ inputTokens: 8, outputTokens: 12 });
    const [exchange] = openai.exchanges;
    expect(exchange?.problems).toEqual([]);
    expect(exchange?.json).not.toHaveProperty('stream_options');
  });

  it('OpenAI, streamed: asks with stream_options.include_usage and tells the usage chunk once, after the last delta', async () => {
    const recorded = record('Explain cells');
    await streamInto(openaiProvider(), recorded);
    toldOnceAtTheEnd(recorded, { inputTokens: 8, outputTokens: 12 });
    const [exchange] = openai.exchanges;
    expect(exchange?.problems).toEqual([]);
    expect(exchange?.json).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    // What will be sent shows the same body.
    expect(openaiProvider().streamRequest({ prompt: 'Explain cells' }).body).toMatchObject({ stream_options: { include_usage: true } });
  });

  it('OpenAI, streamed, a length stop: still an error, the usage told once first', async () => {
    openai.script({ kind: 'openai', text: 'Half an ans', finishReason: 'length' });
    const recorded = record('x');
    await expect(streamInto(openaiProvider(), recorded)).rejects.toMatchObject({ message: providerMessages.answerCutOff });
    toldOnceAtTheEnd(recorded, { inputTokens: 8, outputTokens: 12 });
  });

  for (const setup of ['vllm', 'openai-compatible'] as const) {
    it(`${setup}: no stream_options; a stream without usage is never told, a whole answer with usage is`, async () => {
      const streamed = record('x');
      await streamInto(genericProvider(setup), streamed);
      expect(streamed.onUsage).not.toHaveBeenCalled();
      const [exchange] = generic.exchanges;
      expect(exchange?.problems).toEqual([]);
      expect(exchange?.json).toMatchObject({ stream: true });
      expect(exchange?.json).not.toHaveProperty('stream_options');
      const whole = record('x');
      await genericProvider(setup).generate(whole.request);
      expect(whole.onUsage).toHaveBeenCalledExactlyOnceWith({ inputTokens: 8, outputTokens: 12 });
    });
  }

  it('OpenRouter: the usage chunk it sends unasked is told once', async () => {
    openrouter.script({ kind: 'openai', text: 'All good here', usageChunk: true });
    const provider = createOpenAICompatibleProvider({ baseUrl: openrouter.baseUrl, apiKey: KEY, model: 'meta-llama/llama-3.3-70b-instruct', setup: 'openrouter' });
    const recorded = record('x');
    await streamInto(provider, recorded);
    toldOnceAtTheEnd(recorded, { inputTokens: 8, outputTokens: 12 });
    expect(openrouter.exchanges[0]?.json).not.toHaveProperty('stream_options');
  });

  it('several chunks with usage: the last one, told once', async () => {
    const chunk = (content: string | undefined, usage: unknown, finish: string | null = null) => ({
      choices: content === undefined ? [] : [{ index: 0, delta: { content }, finish_reason: finish }],
      usage,
    });
    const events = [chunk('One ', null), chunk('two', { prompt_tokens: 8, completion_tokens: 1 }), chunk('', null, 'stop'), chunk(undefined, { prompt_tokens: 8, completion_tokens: 2, total_tokens: 10 })];
    generic.script({ kind: 'raw', status: 200, headers: { 'Content-Type': 'text/event-stream' }, body: `${events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')}data: [DONE]\n\n` });
    const recorded = record('x');
    await streamInto(genericProvider('vllm'), recorded);
    toldOnceAtTheEnd(recorded, { inputTokens: 8, outputTokens: 2 });
  });

  it('no usage, usage: null or a malformed usage: never told, and the answer is still read', async () => {
    const answer = (usage: unknown) => ({ choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }], ...(usage === undefined ? {} : { usage }) });
    for (const usage of [undefined, null, {}, { prompt_tokens: 8 }, { prompt_tokens: '8', completion_tokens: 12 }, { prompt_tokens: 8, completion_tokens: -2 }, { prompt_tokens: 8.5, completion_tokens: 12 }, 'many']) {
      generic.script(json(answer(usage)));
      const recorded = record('x');
      await expect(genericProvider('vllm').generate(recorded.request)).resolves.toBe('ok');
      expect(recorded.onUsage).not.toHaveBeenCalled();
    }
  });

  it('Groq structured output, asked whole and replayed: told once', async () => {
    const groq = await startFakeOpenAI({ apiKey: KEY, chunkDelayMs: 2, flavour: 'groq' });
    try {
      groq.script({ kind: 'text', text: '{"items":["a"]}' });
      const provider = createOpenAICompatibleProvider({ baseUrl: groq.baseUrl, apiKey: KEY, model: 'openai/gpt-oss-20b', setup: 'groq' });
      const recorded = record('x', { schema: { type: 'OBJECT', properties: { items: { type: 'ARRAY', items: { type: 'STRING' } } }, required: ['items'] } });
      await streamInto(provider, recorded);
      expect(recorded.onUsage).toHaveBeenCalledExactlyOnceWith({ inputTokens: 8, outputTokens: 12 });
      expect(groq.exchanges[0]?.json).not.toHaveProperty('stream');
    } finally {
      await groq.close();
    }
  });

  describe('the fake is as strict as OpenAI about streamed usage', () => {
    const post = (body: Record<string, unknown>) =>
      fetch(`${openai.baseUrl}/chat/completions`, { method: 'POST', headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], ...body }) });
    const chunks = (text: string) =>
      text
        .split('\n\n')
        .filter((event) => event.startsWith('data: {'))
        .map((event) => JSON.parse(event.slice(6)) as Record<string, unknown>);

    it('asked: usage: null on every chunk, then a choices: [] chunk with the usage, before [DONE]', async () => {
      const text = await (await post({ stream: true, stream_options: { include_usage: true } })).text();
      const all = chunks(text);
      const last = all.at(-1);
      expect(last).toMatchObject({ choices: [], usage: { prompt_tokens: 8, completion_tokens: 12 } });
      for (const chunk of all.slice(0, -1)) expect(chunk).toHaveProperty('usage', null);
      expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    });

    it('not asked: no usage at all; a malformed stream_options is refused with 400', async () => {
      const text = await (await post({ stream: true })).text();
      expect(text).not.toContain('"usage"');
      const falseAsked = await (await post({ stream: true, stream_options: { include_usage: false } })).text();
      expect(falseAsked).not.toContain('"usage"');
      expect((await post({ stream: true, stream_options: { include_usage: 'yes' } })).status).toBe(400);
      expect((await post({ stream: true, stream_options: { usage: true } })).status).toBe(400);
      expect((await post({ stream_options: { include_usage: true } })).status).toBe(400);
    });
  });
});

describe('Ollama: prompt_eval_count and eval_count', () => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeOllama({ model: 'llama3.2', chunkDelayMs: 2 });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.reset();
    server.script({ kind: 'text', text: 'Cells are the unit of life.' });
  });
  const provider = () => createOllamaProvider({ baseUrl: server.baseUrl, model: 'llama3.2' });
  // The fake counts about 4 characters a token: 'Explain cells, briefly.' (23 characters) is 6.
  const PROMPT = 'Explain cells, briefly.';
  const ndjson = (...lines: unknown[]) => ({ kind: 'raw' as const, status: 200, headers: { 'Content-Type': 'application/x-ndjson' }, body: lines.map((line) => `${JSON.stringify(line)}\n`).join('') });
  const line = (content: string, done: boolean, counts: Record<string, unknown> = {}) => ({ model: 'llama3.2', message: { role: 'assistant', content }, done, ...counts });

  it('whole: prompt_eval_count in, eval_count out, told once', async () => {
    const recorded = record(PROMPT);
    await expect(provider().generate(recorded.request)).resolves.toBe('Cells are the unit of life.');
    expect(recorded.onUsage).toHaveBeenCalledExactlyOnceWith({ inputTokens: 6, outputTokens: 12 });
  });

  it('streamed: the final done: true line\'s counts, told once after the last delta', async () => {
    const recorded = record(PROMPT);
    await streamInto(provider(), recorded);
    toldOnceAtTheEnd(recorded, { inputTokens: 6, outputTokens: 12 });
  });

  it('a count left out (Go omitempty: 0) is 0; no counts, or malformed ones: never told, the answer still read', async () => {
    server.script(json(line('ok', true, { eval_count: 3 })));
    const cached = record('x');
    await provider().generate(cached.request);
    expect(cached.onUsage).toHaveBeenCalledExactlyOnceWith({ inputTokens: 0, outputTokens: 3 });
    for (const counts of [{}, { prompt_eval_count: '6', eval_count: 3 }, { prompt_eval_count: 6, eval_count: -3 }, { prompt_eval_count: 6, eval_count: 2.5 }]) {
      server.script(json(line('ok', true, counts)));
      const whole = record('x');
      await expect(provider().generate(whole.request)).resolves.toBe('ok');
      expect(whole.onUsage).not.toHaveBeenCalled();
      server.script(ndjson(line('o', false), line('k', false), line('', true, counts)));
      const streamed = record('x');
      await streamInto(provider(), streamed);
      expect(streamed.events).toEqual([{ delta: 'o' }, { delta: 'k' }]);
      expect(streamed.onUsage).not.toHaveBeenCalled();
    }
  });

  it('an empty streamed answer is still an error, the usage told once first', async () => {
    server.script(ndjson(line('', false), line('', true, { prompt_eval_count: 6, eval_count: 1 })));
    const recorded = record('x');
    await expect(streamInto(provider(), recorded)).rejects.toMatchObject({ message: providerMessages.empty });
    expect(recorded.onUsage).toHaveBeenCalledExactlyOnceWith({ inputTokens: 6, outputTokens: 1 });
  });
});
