// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, UserFacingError } from '../../kernel/messages';
import { storageKeys } from '../../kernel/stored/storage';
import { freshStore, heldBackend, tool } from './testing/toolSessionKit';

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('streaming and cancel', () => {
  it('keeps the text received so far while loading, and clears it when the result arrives', async () => {
    const { useToolSessions } = await freshStore();
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    const done = useToolSessions.getState().generate(tool, tool.example.input, backend);
    const session = () => useToolSessions.getState().sessions[tool.id];
    expect(session()?.partial).toBeNull();
    calls[0]?.request.onText?.('{"thesis": "Pho');
    expect(session()).toMatchObject({ status: 'loading', partial: '{"thesis": "Pho', result: null });
    calls[0]?.request.onText?.('{"thesis": "Phones help"}');
    expect(session()?.partial).toBe('{"thesis": "Phones help"}');
    calls[0]?.resolve({ thesis: 'Phones help' });
    await done;
    expect(session()).toMatchObject({ status: 'idle', partial: null, result: { kind: 'json', data: { thesis: 'Phones help' } } });
  });

  it('never stores the partial text', async () => {
    const { useToolSessions } = await freshStore();
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    const done = useToolSessions.getState().generate(tool, tool.example.input, backend);
    calls[0]?.request.onText?.('{"thesis": "Half');
    useToolSessions.getState().setValues(tool.id, { topic: 'Typed meanwhile', essayType: 'Narrative' });
    expect(localStorage.getItem(storageKeys.toolSession(tool.id))).not.toContain('Half');
    calls[0]?.resolve({ thesis: 'Whole' });
    await done;
    expect(localStorage.getItem(storageKeys.toolSession(tool.id))).not.toContain('partial');
  });

  it('clears the partial text on an error, showing only the error', async () => {
    const { useToolSessions } = await freshStore();
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    const failing = useToolSessions.getState().generate(tool, tool.example.input, backend);
    calls[0]?.request.onText?.('{"thesis": "Half');
    calls[0]?.reject(new UserFacingError(messages.connectionLost));
    await failing;
    expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({ status: 'idle', partial: null, error: messages.connectionLost });
  });

  it('shows no result when the whole answer does not fit, however good the preview looked', async () => {
    const { useToolSessions } = await freshStore();
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    const done = useToolSessions.getState().generate(tool, tool.example.input, backend);
    calls[0]?.request.onText?.('{"thesis": 42}');
    calls[0]?.resolve({ thesis: 42 });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    calls[1]?.resolve({ thesis: 43 });
    await done;
    expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({ result: null, partial: null, error: messages.invalidFormat });
  });

  it('cancel aborts the request, returns to idle at once with no error and no partial, and says Cancelled.', async () => {
    const { useToolSessions } = await freshStore();
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    const pending = useToolSessions.getState().generate(tool, { topic: 'Phones', essayType: 'Narrative' }, backend);
    calls[0]?.request.onText?.('{"thesis": "Half');
    useToolSessions.getState().cancel(tool.id);
    expect(calls[0]?.request.signal?.aborted).toBe(true);
    expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({
      status: 'idle',
      partial: null,
      error: null,
      result: null,
      notice: 'Cancelled.',
      values: { topic: 'Phones', essayType: 'Narrative' },
    });
    // Late deltas and the abort's rejection change nothing.
    calls[0]?.request.onText?.('{"thesis": "Half and more');
    calls[0]?.reject(new DOMException('aborted', 'AbortError'));
    await pending;
    expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({ status: 'idle', partial: null, error: null, notice: 'Cancelled.' });
  });

  it('ignores an answer that arrives after cancel', async () => {
    const { useToolSessions } = await freshStore();
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    const pending = useToolSessions.getState().generate(tool, tool.example.input, backend);
    useToolSessions.getState().cancel(tool.id);
    calls[0]?.resolve({ thesis: 'Too late' });
    await pending;
    expect(useToolSessions.getState().sessions[tool.id]?.result).toBeNull();
  });

  it('can generate again after cancel, which clears the notice', async () => {
    const { useToolSessions } = await freshStore();
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    void useToolSessions.getState().generate(tool, tool.example.input, backend);
    useToolSessions.getState().cancel(tool.id);
    const again = useToolSessions.getState().generate(tool, tool.example.input, backend);
    expect(calls).toHaveLength(2);
    expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({ status: 'loading', notice: null });
    calls[1]?.resolve({ thesis: 'Second try' });
    await again;
    expect(useToolSessions.getState().sessions[tool.id]?.result).toEqual({ kind: 'json', data: { thesis: 'Second try' } });
  });

  it('cancel with nothing in flight changes nothing', async () => {
    const { useToolSessions } = await freshStore();
    const before = useToolSessions.getState().open(tool);
    useToolSessions.getState().cancel(tool.id);
    expect(useToolSessions.getState().sessions[tool.id]).toBe(before);
  });

  it('cancel reaches fetch: the contract backend is aborted mid-stream', async () => {
    const { heldStream, startFakeContractServer } = await import('../../kernel/testing/fakeContractServer');
    const { createContractBackend } = await import('../../kernel/backend/contractClient');
    const server = await startFakeContractServer();
    try {
      const held = heldStream();
      server.respond(held.responder);
      const { useToolSessions } = await freshStore();
      useToolSessions.getState().open(tool);
      const backend = createContractBackend({ backendUrl: server.url, publicKey: 'k' });
      const pending = useToolSessions.getState().generate(tool, tool.example.input, backend);
      await held.opened;
      held.send({ event: 'delta', data: { text: '{"thesis": "Streaming' } });
      await vi.waitFor(() => expect(useToolSessions.getState().sessions[tool.id]?.partial).toBe('{"thesis": "Streaming'));
      useToolSessions.getState().cancel(tool.id);
      await expect(held.closed).resolves.toBe(true);
      await pending;
      expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({ status: 'idle', error: null, partial: null, result: null });
    } finally {
      await server.close();
    }
  });
});
