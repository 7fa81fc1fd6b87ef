import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeProviderServer } from './testing/fakeProviders';
import { json, record, streamInto, toldOnceAtTheEnd } from './testing/usageRecording';
import { CAPABILITIES, capabilitiesOf, type SetupId } from './capabilities';
import { providerMessages } from './errors';
import { chatRequestBody, createOpenAICompatibleProvider } from './openaiCompatible';

/*
 * Metering: every provider tells ProviderRequest.onUsage the tokens a call
 * used, in the provider's own count, once, whole and streamed; never a guess.
 * The fakes report 8 prompt and 12 answer tokens (Ollama: its prompt estimate
 * and 12), as the real services report them (see src/providers/testing/fakes).
 *
 * The OpenAI-compatible setups here (OpenAI, OpenRouter, Groq and local
 * servers); Gemini and Ollama in usage.test.ts.
 */

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

  it('the request asks for streamed usage where the server documents it (OpenAI, vLLM, LM Studio, llama.cpp), and only when streaming', () => {
    const request = { prompt: 'x' };
    expect(chatRequestBody('gpt-4o-mini', request, true, CAPABILITIES.openai)).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(chatRequestBody('gpt-4o-mini', request, false, CAPABILITIES.openai)).not.toHaveProperty('stream_options');
    for (const setup of ['vllm', 'lmstudio', 'llamacpp'] as const) {
      expect(chatRequestBody('m', request, true, capabilitiesOf(setup, 'm'))).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    }
    const others: SetupId[] = ['openrouter', 'groq', 'ollama-openai', 'openai-compatible'];
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

  for (const setup of ['ollama-openai', 'openai-compatible'] as const) {
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
    await streamInto(genericProvider('openai-compatible'), recorded);
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

  it('Groq, streamed: the usage it sends only in x_groq.usage is told once; x_groq.error cuts it off, its detail kept', async () => {
    const groq = await startFakeOpenAI({ apiKey: KEY, chunkDelayMs: 2, flavour: 'groq' });
    try {
      const provider = createOpenAICompatibleProvider({ baseUrl: groq.baseUrl, apiKey: KEY, model: 'llama-3.3-70b-versatile', setup: 'groq' });
      groq.script({ kind: 'text', text: 'Cells are the unit of life.' });
      const recorded = record('x');
      await streamInto(provider, recorded);
      toldOnceAtTheEnd(recorded, { inputTokens: 8, outputTokens: 12 });
      // "An error string indicating why a stream was stopped early" (x_groq.error): the operator gets it.
      groq.script({ kind: 'groq', chunks: ['Cells '], error: 'model overloaded' });
      const stopped = record('x');
      await expect(streamInto(provider, stopped)).rejects.toMatchObject({ message: providerMessages.answerUnfinished, upstreamDetail: 'model overloaded' });
      expect(groq.exchanges.every((exchange) => exchange.problems.length === 0)).toBe(true);
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
