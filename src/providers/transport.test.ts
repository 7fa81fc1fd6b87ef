import { describe, expect, it } from 'vitest';
import { ProviderError } from './types';
import { DEFAULT_MAX_ANSWER_BYTES, readJson, readNdjson, readServerSentEvents, readText, send, type Upstream } from './transport';

/*
 * The byte caps the attack run asked for, on hand-made bodies: every read of
 * an upstream body stops at its cap and cancels the body, so the upstream
 * connection closes instead of the reader growing without bound.
 */

const encoder = new TextEncoder();

/** Far beyond every cap here: a reader without a cap fails its assertions instead of reading forever. */
const SAFETY_END = 16 * 1024 * 1024;

/**
 * A body that starts with `head` and then goes on (to SAFETY_END), counting what was pulled and whether it
 * was cancelled. Each pull yields to the event loop, so a reader without a cap cannot starve the test's timers.
 */
function endlessBody(head: string, piece: string) {
  const state = { pulled: 0, cancelled: false };
  const bytes = encoder.encode(piece);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
    },
    async pull(controller) {
      await new Promise((resolve) => setImmediate(resolve));
      if (state.pulled >= SAFETY_END) {
        controller.close();
        return;
      }
      state.pulled += bytes.length;
      controller.enqueue(bytes);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { state, response: new Response(stream, { status: 200 }) };
}

async function drain<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const tooLong = (size: string) => `The AI provider's answer was longer than StudyForge accepts (${size}).`;

describe('answer caps', () => {
  it('DEFAULT_MAX_ANSWER_BYTES is 4 MiB', () => {
    expect(DEFAULT_MAX_ANSWER_BYTES).toBe(4 * 1024 * 1024);
  });

  it('readJson stops an endless body at the cap, cancels it, and says why', async () => {
    const { state, response } = endlessBody('{"text":"', 'z'.repeat(4096));
    const error = await readJson(response, undefined, 100_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ message: tooLong('100000 bytes'), status: 502 });
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(100_000 + 2 * 4096);
  });

  it('readJson refuses a body whose Content-Length is over the cap without reading it', async () => {
    const { state, response } = endlessBody('{', 'z'.repeat(4096));
    const declared = new Response(response.body, { status: 200, headers: { 'Content-Length': String(10 * 1024 * 1024) } });
    await expect(readJson(declared, undefined, 1024 * 1024)).rejects.toMatchObject({ message: tooLong('1 MB') });
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(4096);
  });

  it('readJson reads a body exactly at the cap, counting bytes, not characters', async () => {
    const text = JSON.stringify({ text: 'é'.repeat(100) }); // 'é' is two bytes in UTF-8
    const bytes = encoder.encode(text).length;
    await expect(readJson(new Response(text), undefined, bytes)).resolves.toEqual({ text: 'é'.repeat(100) });
    await expect(readJson(new Response(text), undefined, bytes - 1)).rejects.toMatchObject({ message: tooLong(`${bytes - 1} bytes`) });
  });

  it('readText counts bytes across chunks and cancels the body at the cap', async () => {
    const { state, response } = endlessBody('', 'chunk '.repeat(100));
    let received = 0;
    const error = await (async () => {
      for await (const text of readText(response, undefined, 8192)) received += text.length;
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ message: tooLong('8 KB'), status: 502 });
    expect(received).toBeLessThanOrEqual(8192);
    expect(state.cancelled).toBe(true);
  });

  it('readServerSentEvents cuts an event line that never ends', async () => {
    const { state, response } = endlessBody('data: {"choices":[{"delta":{"content":"', 'a'.repeat(1000));
    await expect(drain(readServerSentEvents(response, undefined, 64 * 1024))).rejects.toMatchObject({ message: tooLong('64 KB') });
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(64 * 1024 + 2000);
  });

  it('readServerSentEvents cuts a stream of well-formed events at the cap', async () => {
    const { state, response } = endlessBody('', 'data: {"n":1}\n\n'.repeat(100));
    await expect(drain(readServerSentEvents(response, undefined, 32 * 1024))).rejects.toMatchObject({ message: tooLong('32 KB') });
    expect(state.cancelled).toBe(true);
  });

  it('readNdjson cuts a line that never ends', async () => {
    const { state, response } = endlessBody('{"message":{"content":"', 'b'.repeat(1000));
    await expect(drain(readNdjson(response, undefined, 64 * 1024))).rejects.toMatchObject({ message: tooLong('64 KB') });
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(64 * 1024 + 2000);
  });

  it('readNdjson still splits lines across chunk boundaries under the cap', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of ['{"a":', '1}\n{"a"', ':2}\n', '{"a":3}']) controller.enqueue(encoder.encode(piece));
        controller.close();
      },
    });
    await expect(drain(readNdjson(new Response(body), undefined, 1024))).resolves.toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
  });
});

describe('error bodies', () => {
  it('send reads at most 16 KiB of an endless error body and cancels it', async () => {
    const { state, response } = endlessBody('{"error":"quota exceeded for project 12 at /srv/quota.db ', 'q'.repeat(1000));
    const failing = new Response(response.body, { status: 403 });
    const upstream: Upstream = { fetch: async () => failing, secrets: [], maxAnswerBytes: DEFAULT_MAX_ANSWER_BYTES };
    const error = await send(upstream, 'https://provider.example/v1', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'The AI provider rejected the API key. Check the key that is configured for it.', status: 502 });
    expect((error as ProviderError).upstreamDetail).toMatch(/^\{"error":"quota exceeded for project 12 at \/srv\/quota\.db q+/);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(16 * 1024 + 2000);
  });
});
