// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Backend, GenerateRequest } from './backend/types';
import { defineTool } from './defineTool';
import { messages, UserFacingError } from './messages';
import { runTool, type ToolResult } from './runTool';
import { REQUEST_TIMEOUT_MS, ToolRequests, type ToolRequestHandlers } from './toolRequest';

const tool = defineTool({
  id: 'test-request',
  title: 'Test Request',
  description: 'A tool for tests.',
  icon: 'edit',
  category: 'Writing',
  fields: [{ name: 'topic', kind: 'text', label: 'Topic', required: true }],
  prompt: 'Explain {{topic}}',
  result: z.object({ answer: z.string() }),
  example: { input: { topic: 'Tides' }, output: { answer: 'The moon' } },
});

/** A backend whose answers the test hands out one by one. */
function heldBackend() {
  const calls: { request: GenerateRequest; resolve(value: unknown): void; reject(error: unknown): void }[] = [];
  const backend: Backend = {
    kind: 'contract',
    generate: (request) => new Promise((resolve, reject) => calls.push({ request, resolve, reject })),
  };
  return { backend, calls };
}

/** The tool's first answer as a request to run. */
const firstAnswer = (backend: Backend) => (options: { signal: AbortSignal; onText(text: string): void }) => runTool(tool, tool.example.input, backend, options);

/** Handlers that record what they hear. */
function recorder() {
  const heard: [keyof ToolRequestHandlers<ToolResult>, unknown][] = [];
  const handlers: ToolRequestHandlers<ToolResult> = {
    onText: (text) => heard.push(['onText', text]),
    onResult: (result) => heard.push(['onResult', result]),
    onError: (message) => heard.push(['onError', message]),
  };
  return { heard, handlers };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a tool request', () => {
  it('passes on the streamed text and then the validated result, and is no longer running', async () => {
    const requests = new ToolRequests();
    const { backend, calls } = heldBackend();
    const { heard, handlers } = recorder();
    const done = requests.run('t', firstAnswer(backend), handlers);
    expect(requests.running('t')).toBe(true);
    calls[0]?.request.onText?.('{"answer": "The');
    calls[0]?.resolve({ answer: 'The moon' });
    await done;
    expect(heard).toEqual([
      ['onText', '{"answer": "The'],
      ['onResult', { kind: 'json', data: { answer: 'The moon' } }],
    ]);
    expect(requests.running('t')).toBe(false);
  });

  it("reports the backend's error as a message", async () => {
    const requests = new ToolRequests();
    const { backend, calls } = heldBackend();
    const { heard, handlers } = recorder();
    const done = requests.run('t', firstAnswer(backend), handlers);
    calls[0]?.reject(new UserFacingError('Model overloaded'));
    await done;
    expect(heard).toEqual([['onError', 'Model overloaded']]);
  });

  it('aborts after the time limit and says the answer took too long', async () => {
    vi.useFakeTimers();
    const requests = new ToolRequests();
    const { backend, calls } = heldBackend();
    const { heard, handlers } = recorder();
    const done = requests.run('t', firstAnswer(backend), handlers);
    vi.advanceTimersByTime(REQUEST_TIMEOUT_MS - 1);
    expect(calls[0]?.request.signal?.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(calls[0]?.request.signal?.aborted).toBe(true);
    calls[0]?.reject(calls[0].request.signal?.reason);
    await done;
    expect(heard).toEqual([['onError', messages.timedOut]]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('aborts when the connection goes offline, saying so, and stops listening afterwards', async () => {
    const removed = vi.spyOn(window, 'removeEventListener');
    const requests = new ToolRequests();
    const { backend, calls } = heldBackend();
    const { heard, handlers } = recorder();
    const done = requests.run('t', firstAnswer(backend), handlers);
    window.dispatchEvent(new Event('offline'));
    expect(calls[0]?.request.signal?.aborted).toBe(true);
    // Whatever the backend rejects with, the user hears why the request was stopped.
    calls[0]?.reject(new DOMException('aborted', 'AbortError'));
    await done;
    expect(heard).toEqual([['onError', messages.wentOffline]]);
    expect(removed).toHaveBeenCalledWith('offline', expect.any(Function));
  });

  it('says it is offline, and sends nothing, when the connection went before the request could start', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const requests = new ToolRequests();
    const { backend, calls } = heldBackend();
    const { heard, handlers } = recorder();
    await requests.run('t', firstAnswer(backend), handlers);
    expect(calls).toHaveLength(0);
    expect(heard).toEqual([['onError', messages.wentOffline]]);
    expect(requests.running('t')).toBe(false);
  });

  it('cancel aborts the request, and nothing it brings back afterwards is reported', async () => {
    const requests = new ToolRequests();
    const { backend, calls } = heldBackend();
    const { heard, handlers } = recorder();
    const done = requests.run('t', firstAnswer(backend), handlers);
    expect(requests.cancel('t')).toBe(true);
    expect(calls[0]?.request.signal?.aborted).toBe(true);
    expect(requests.running('t')).toBe(false);
    calls[0]?.request.onText?.('{"answer": "Late');
    calls[0]?.resolve({ answer: 'Too late' });
    await done;
    expect(heard).toEqual([]);
  });

  it('cancel with nothing running says so', () => {
    expect(new ToolRequests().cancel('t')).toBe(false);
  });

  it('a replaced request reports nothing, and does not end its replacement', async () => {
    const requests = new ToolRequests();
    const { backend, calls } = heldBackend();
    const first = recorder();
    const second = recorder();
    const firstDone = requests.run('t', firstAnswer(backend), first.handlers);
    const secondDone = requests.run('t', firstAnswer(backend), second.handlers);
    calls[0]?.request.onText?.('{"answer": "Old');
    calls[0]?.resolve({ answer: 'Old' });
    await firstDone;
    expect(first.heard).toEqual([]);
    expect(requests.running('t')).toBe(true);
    calls[1]?.resolve({ answer: 'New' });
    await secondDone;
    expect(second.heard).toEqual([['onResult', { kind: 'json', data: { answer: 'New' } }]]);
  });

  it('a replaced request that fails reports no error', async () => {
    const requests = new ToolRequests();
    const { backend, calls } = heldBackend();
    const first = recorder();
    const firstDone = requests.run('t', firstAnswer(backend), first.handlers);
    void requests.run('t', firstAnswer(backend), recorder().handlers);
    calls[0]?.reject(new UserFacingError('Old failure'));
    await firstDone;
    expect(first.heard).toEqual([]);
  });

  it('keeps requests under different keys apart', async () => {
    const requests = new ToolRequests();
    const { backend, calls } = heldBackend();
    const a = recorder();
    const b = recorder();
    const aDone = requests.run('a', firstAnswer(backend), a.handlers);
    const bDone = requests.run('b', firstAnswer(backend), b.handlers);
    requests.cancel('a');
    expect(calls[1]?.request.signal?.aborted).toBe(false);
    calls[1]?.resolve({ answer: 'B' });
    calls[0]?.resolve({ answer: 'A' });
    await Promise.all([aDone, bDone]);
    expect(a.heard).toEqual([]);
    expect(b.heard).toEqual([['onResult', { kind: 'json', data: { answer: 'B' } }]]);
  });
});
