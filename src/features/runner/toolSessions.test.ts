// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, UserFacingError } from '../../kernel/messages';
import { storageKeys } from '../../kernel/stored/storage';
import { freshStore, heldBackend, tool } from './testing/toolSessionKit';

/* The request itself (time limit, offline, cancel, ownership) is tested in src/kernel/toolRequest.test.ts; streaming and cancel in toolSessions.streaming.test.ts. */

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
      versions: [],
      shown: 0,
      resultValues: null,
      level: '',
      error: null,
      refineError: null,
      status: 'idle',
      partial: null,
      notice: null,
      pendingChange: null,
      interrupted: null,
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

  it('a failed or cancelled new request gives back the earlier result, on screen and in storage', async () => {
    const { useToolSessions } = await freshStore();
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    const first = useToolSessions.getState().generate(tool, tool.example.input, backend);
    calls[0]?.resolve({ thesis: 'Good one' });
    await first;
    const good = useToolSessions.getState().sessions[tool.id]?.resultId;

    const failing = useToolSessions.getState().generate(tool, tool.example.input, backend);
    expect(useToolSessions.getState().sessions[tool.id]?.result).toBeNull();
    // Typing while it runs stores the session: the earlier result must still come back.
    useToolSessions.getState().setValues(tool.id, { ...tool.example.input, topic: 'Changed while waiting' });
    calls[1]?.reject(new UserFacingError('Model overloaded'));
    await failing;
    expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({ error: 'Model overloaded', resultId: good, result: { kind: 'json', data: { thesis: 'Good one' } } });
    expect(localStorage.getItem(storageKeys.toolSession(tool.id))).toContain('Good one');

    // The held backend never answers a cancelled call: the session is idle again at once all the same.
    void useToolSessions.getState().generate(tool, tool.example.input, backend);
    useToolSessions.getState().cancel(tool.id);
    expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({ status: 'idle', error: null, resultId: good, notice: messages.cancelled });
    expect(localStorage.getItem(storageKeys.toolSession(tool.id))).toContain('Good one');
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

  it('drops an error once the backend settings change, keeping the inputs', async () => {
    const { useToolSessions } = await freshStore();
    const { useSettings } = await import('../settings');
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    const failing = useToolSessions.getState().generate(tool, { topic: 'Phones', essayType: 'Narrative' }, backend);
    calls[0]?.reject(new UserFacingError(messages.requestFailed(401)));
    await failing;
    expect(useToolSessions.getState().sessions[tool.id]?.error).toBe(messages.requestFailed(401));
    useSettings.getState().save({ backendUrl: 'http://127.0.0.1:9/fixed', publicKey: 'new-key', transcribeUrl: '' });
    expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({ error: null, values: { topic: 'Phones', essayType: 'Narrative' } });
  });

  it('asks once more, saying what was wrong, when an answer does not fit the schema', async () => {
    const { useToolSessions } = await freshStore();
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    const done = useToolSessions.getState().generate(tool, tool.example.input, backend);
    calls[0]?.resolve({ thesis: 42 });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.request.prompt).toContain(calls[0]?.request.prompt ?? 'missing');
    expect(calls[1]?.request.prompt).toMatch(/Your previous answer could not be used because it did not fit the required structure \(at thesis: .*expected string/);
    calls[1]?.resolve({ thesis: 'A fitting answer' });
    await done;
    expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({ result: { kind: 'json', data: { thesis: 'A fitting answer' } }, error: null });
  });

  it('never shows an answer that still does not fit after the retry', async () => {
    const { useToolSessions } = await freshStore();
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    const done = useToolSessions.getState().generate(tool, tool.example.input, backend);
    calls[0]?.resolve('not even an object');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    calls[1]?.resolve({ thesis: 42 });
    await done;
    expect(calls).toHaveLength(2);
    expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({ result: null, error: messages.invalidFormat });
  });

  it('tells the user when the answer takes too long, and keeps the inputs', async () => {
    vi.useFakeTimers();
    try {
      const { useToolSessions, REQUEST_TIMEOUT_MS } = await freshStore();
      const { backend, calls } = heldBackend();
      useToolSessions.getState().open(tool);
      const done = useToolSessions.getState().generate(tool, { topic: 'Slow topic', essayType: 'Narrative' }, backend);
      vi.advanceTimersByTime(REQUEST_TIMEOUT_MS);
      expect(calls[0]?.request.signal?.aborted).toBe(true);
      calls[0]?.reject(calls[0].request.signal?.reason);
      await done;
      expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({
        status: 'idle',
        error: messages.timedOut,
        values: { topic: 'Slow topic' },
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells the user when the connection goes offline mid-request', async () => {
    const { useToolSessions } = await freshStore();
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    const done = useToolSessions.getState().generate(tool, tool.example.input, backend);
    window.dispatchEvent(new Event('offline'));
    expect(calls[0]?.request.signal?.aborted).toBe(true);
    calls[0]?.reject(calls[0].request.signal?.reason);
    await done;
    expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({ status: 'idle', error: messages.wentOffline });
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
});

describe('a tool session, kept', () => {

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

  it('opens a first visit without the session code, and says what to load before opening a stored session', async () => {
    vi.resetModules();
    const cold = await import('./toolSessions');
    expect(cold.hasStoredSession(tool.id)).toBe(false);
    expect(cold.useToolSessions.getState().open(tool)).toMatchObject({ values: { topic: '', essayType: 'Argumentative' }, result: null });

    localStorage.setItem(storageKeys.toolSession(tool.id), JSON.stringify({ values: { topic: 'Kept', essayType: 'Narrative' } }));
    vi.resetModules();
    const later = await import('./toolSessions');
    expect(later.hasStoredSession(tool.id)).toBe(true);
    expect(() => later.useToolSessions.getState().open(tool)).toThrow(/after await loadSessionCode\(\)/);
    await later.loadSessionCode();
    expect(later.useToolSessions.getState().open(tool).values).toEqual({ topic: 'Kept', essayType: 'Narrative' });
  });

  it('stores nothing for a tool only looked at: the form reporting its opening values changes nothing', async () => {
    const { useToolSessions, hasStoredSession } = await freshStore();
    const opened = useToolSessions.getState().open(tool);
    useToolSessions.getState().setValues(tool.id, { ...opened.values });
    expect(hasStoredSession(tool.id)).toBe(false);
    useToolSessions.getState().setValues(tool.id, { ...opened.values, topic: 'Tides' });
    expect(hasStoredSession(tool.id)).toBe(true);
    expect(useToolSessions.getState().sessions[tool.id]?.values.topic).toBe('Tides');
  });

  it('answers Generate pressed before the session code arrived: the request waits for it', async () => {
    vi.resetModules();
    const { useToolSessions } = await import('./toolSessions');
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    const done = useToolSessions.getState().generate(tool, { topic: 'Phones', essayType: 'Narrative' }, backend);
    expect(useToolSessions.getState().sessions[tool.id]?.status).toBe('loading');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0]?.resolve({ thesis: 'Late but here' });
    await done;
    expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({ status: 'idle', result: { kind: 'json', data: { thesis: 'Late but here' } } });
  });

  it('sends nothing for a Generate cancelled while its code was still loading', async () => {
    vi.resetModules();
    const { useToolSessions, loadSessionCode } = await import('./toolSessions');
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    const done = useToolSessions.getState().generate(tool, { topic: 'Phones', essayType: 'Narrative' }, backend);
    useToolSessions.getState().cancel(tool.id);
    await loadSessionCode();
    await done;
    expect(calls).toHaveLength(0);
    expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({ status: 'idle', error: null, notice: messages.cancelled });
  });

  it('starts again when storage is cleared ("Delete all my data"): nothing typed or answered is shown or written back', async () => {
    const { useToolSessions } = await freshStore();
    const { announceStorageChange } = await import('../../kernel/stored/otherTabs');
    const { backend, calls } = heldBackend();
    useToolSessions.getState().open(tool);
    const done = useToolSessions.getState().generate(tool, { topic: 'Amira’s essay', essayType: 'Narrative' }, backend);
    localStorage.clear();
    announceStorageChange(null);
    calls[0]?.resolve({ thesis: 'Too late' });
    await done;
    expect(useToolSessions.getState().sessions[tool.id]).toMatchObject({ values: { topic: '', essayType: 'Argumentative' }, result: null, status: 'idle' });
    expect(localStorage.getItem(storageKeys.toolSession(tool.id))).toBeNull();
  });
});
