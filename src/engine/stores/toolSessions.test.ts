// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Backend, GenerateRequest } from '../backend/types';
import { defineTool } from '../defineTool';
import { messages, UserFacingError } from '../messages';
import { storageKeys } from '../storage';

const tool = defineTool({
  id: 'test-essay',
  title: 'Test Essay',
  description: 'A tool for tests.',
  icon: 'edit',
  category: 'Writing',
  fields: [
    { name: 'topic', kind: 'text', label: 'Topic', required: true },
    { name: 'essayType', kind: 'select', label: 'Type', options: ['Argumentative', 'Narrative'], default: 'Argumentative' },
  ],
  prompt: 'Plan a {{essayType}} essay on:\n{{topic}}',
  result: z.object({ thesis: z.string() }),
  example: { input: { topic: 'Phones', essayType: 'Argumentative' }, output: { thesis: 'Example thesis' } },
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

async function freshStore() {
  vi.resetModules();
  return import('./toolSessions');
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('a tool session', () => {
  it('starts from the field defaults', async () => {
    const { useToolSessions } = await freshStore();
    expect(useToolSessions.getState().open(tool)).toEqual({
      values: { topic: '', essayType: 'Argumentative' },
      result: null,
      resultId: null,
      error: null,
      status: 'idle',
    });
  });

  it('goes idle -> loading -> result, sending the trimmed, delimited prompt and the schema', async () => {
    const { useToolSessions } = await freshStore();
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    const done = useToolSessions.getState().generate(tool, { topic: '  Phones in class ', essayType: 'Narrative' }, backend);
    expect(useToolSessions.getState().sessions[tool.id]?.status).toBe('loading');
    expect(calls[0]?.request.prompt).toContain('Plan a Narrative essay on:\n<user_input name="topic">\nPhones in class\n</user_input>');
    expect(calls[0]?.request.responseSchema?.type).toBe('OBJECT');
    calls[0]?.resolve({ thesis: 'Phones help' });
    await done;
    expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({
      status: 'idle',
      result: { kind: 'json', data: { thesis: 'Phones help' } },
      error: null,
    });
  });

  it('clears the previous result when a new request starts', async () => {
    const { useToolSessions } = await freshStore();
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    const first = useToolSessions.getState().generate(tool, tool.example.input, backend);
    calls[0]?.resolve({ thesis: 'First' });
    await first;
    const second = useToolSessions.getState().generate(tool, tool.example.input, backend);
    expect(useToolSessions.getState().sessions[tool.id]?.result).toBeNull();
    const firstId = useToolSessions.getState().sessions[tool.id]?.resultId;
    calls[1]?.resolve({ thesis: 'Second' });
    await second;
    expect(useToolSessions.getState().sessions[tool.id]?.result).toEqual({ kind: 'json', data: { thesis: 'Second' } });
    // Even an identical answer is a new result, with an id of its own.
    expect(useToolSessions.getState().sessions[tool.id]?.resultId).toMatch(/^res_\d+$/);
  });

  it('shows the error, keeps the inputs and is ready to generate again', async () => {
    const { useToolSessions } = await freshStore();
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    const failing = useToolSessions.getState().generate(tool, { topic: 'Phones', essayType: 'Narrative' }, backend);
    calls[0]?.reject(new UserFacingError('Model overloaded'));
    await failing;
    expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({
      status: 'idle',
      error: 'Model overloaded',
      result: null,
      values: { topic: 'Phones', essayType: 'Narrative' },
    });
  });

  it('never shows an answer that does not fit the schema', async () => {
    const { useToolSessions } = await freshStore();
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    const done = useToolSessions.getState().generate(tool, tool.example.input, backend);
    calls[0]?.resolve({ thesis: 42 });
    await done;
    expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({ result: null, error: messages.invalidFormat });
  });

  it('sends one request for a double click', async () => {
    const { useToolSessions } = await freshStore();
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    void useToolSessions.getState().generate(tool, tool.example.input, backend);
    void useToolSessions.getState().generate(tool, tool.example.input, backend);
    expect(calls).toHaveLength(1);
  });

  it('drops a cancelled request without an error', async () => {
    const { useToolSessions } = await freshStore();
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    const pending = useToolSessions.getState().generate(tool, tool.example.input, backend);
    useToolSessions.getState().cancel(tool.id);
    expect(calls[0]?.request.signal?.aborted).toBe(true);
    calls[0]?.reject(new DOMException('aborted', 'AbortError'));
    await pending;
    expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({ status: 'idle', error: null, result: null });
  });

  it('keeps inputs and result across a reload', async () => {
    const first = await freshStore();
    const { backend, calls } = heldBackend();
    first.useToolSessions.getState().open(tool);
    const done = first.useToolSessions.getState().generate(tool, { topic: 'Phones', essayType: 'Narrative' }, backend);
    calls[0]?.resolve({ thesis: 'Kept' });
    await done;
    const second = await freshStore();
    expect(second.useToolSessions.getState().open(tool)).toMatchObject({
      values: { topic: 'Phones', essayType: 'Narrative' },
      result: { kind: 'json', data: { thesis: 'Kept' } },
    });
  });

  it('drops a stored result that no longer fits, and unreadable sessions entirely', async () => {
    localStorage.setItem(
      storageKeys.toolSession(tool.id),
      JSON.stringify({ values: { topic: 'Old', essayType: 'Narrative' }, result: { kind: 'json', data: { wrong: true } } }),
    );
    const { useToolSessions } = await freshStore();
    expect(useToolSessions.getState().open(tool)).toMatchObject({ values: { topic: 'Old' }, result: null });

    localStorage.setItem(storageKeys.toolSession(tool.id), 'nonsense');
    const again = await freshStore();
    expect(again.useToolSessions.getState().open(tool).values).toEqual({ topic: '', essayType: 'Argumentative' });
  });
});
