import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGemini, startFakeOllama, type FakeProviderServer } from './testing/fakeProviders';
import { json, record, streamInto, toldOnceAtTheEnd } from './testing/usageRecording';
import { providerMessages } from './errors';
import { createGeminiProvider, GEMINI_DEFAULT_MODEL } from './gemini';
import { createOllamaProvider } from './ollama';

/*
 * Metering: every provider tells ProviderRequest.onUsage the tokens a call
 * used, in the provider's own count, once, whole and streamed; never a guess.
 * The fakes report 8 prompt and 12 answer tokens (Ollama: its prompt estimate
 * and 12), as the real services report them (see src/providers/testing/fakes).
 *
 * Gemini and Ollama here; the OpenAI-compatible setups in
 * openaiCompatibleUsage.test.ts.
 */

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
