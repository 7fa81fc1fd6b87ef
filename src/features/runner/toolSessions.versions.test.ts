// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserFacingError } from '../../kernel/messages';
import { storageKeys } from '../../kernel/stored/storage';
import { MAX_VERSIONS } from '../refine';
import { freshStore, heldBackend, tool } from './testing/toolSessionKit';

/* Result versions: refinements add versions; a failure, a cancel or a reload loses none; Generate starts a new chain. */

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const shorter = { label: 'Shorter', instruction: 'Make it shorter.' };
const spanish = { label: 'in Spanish for grade 5', instruction: 'in Spanish for grade 5' };

/** The i-th request, once it is sent (a refinement's prompt code loads first). */
async function sent(calls: ReturnType<typeof heldBackend>['calls'], i: number) {
  await vi.waitFor(() => expect(calls[i]).toBeDefined());
  return calls[i]!;
}

/** A session with a first answer, "First". */
async function withFirstAnswer() {
  const store = await freshStore();
  const held = heldBackend();
  store.useToolSessions.getState().open(tool);
  const done = store.useToolSessions.getState().generate(tool, { topic: 'Phones', essayType: 'Narrative' }, held.backend);
  held.calls[0]?.resolve({ thesis: 'First' });
  await done;
  return { ...store, ...held, session: () => store.useToolSessions.getState().sessions[tool.id]! };
}

describe('refining a result', () => {
  it('keeps the version shown while the change is on its way, then adds a version with its chain', async () => {
    const { useToolSessions, calls, backend, session } = await withFirstAnswer();
    const refining = useToolSessions.getState().refine(tool, shorter, backend);
    expect(session()).toMatchObject({ status: 'refining', result: { kind: 'json', data: { thesis: 'First' } } });
    expect((await sent(calls, 1)).request.prompt).toContain('"thesis": "First"');
    expect((await sent(calls, 1)).request.prompt).toContain('<change_request>\nMake it shorter.\n</change_request>');
    (await sent(calls, 1)).resolve({ thesis: 'Short' });
    await refining;
    expect(session()).toMatchObject({ status: 'idle', shown: 1, result: { kind: 'json', data: { thesis: 'Short' } } });
    expect(session().versions.map((v) => v.chain.map((c) => c.label))).toEqual([[], ['Shorter']]);

    const again = useToolSessions.getState().refine(tool, spanish, backend);
    (await sent(calls, 2)).resolve({ thesis: 'Corto' });
    await again;
    expect(session().versions[2]?.chain.map((c) => c.label)).toEqual(['Shorter', 'in Spanish for grade 5']);
  });

  it('answers the inputs the result was made from, even after the form changed', async () => {
    const { useToolSessions, calls, backend } = await withFirstAnswer();
    useToolSessions.getState().setValues(tool.id, { topic: 'Something else', essayType: 'Argumentative' });
    void useToolSessions.getState().refine(tool, shorter, backend);
    expect((await sent(calls, 1)).request.prompt).toContain('Plan a Narrative essay on:\n<user_input name="topic">\nPhones\n</user_input>');
  });

  it('leaves the current version on screen and says why when the change fails', async () => {
    const { useToolSessions, calls, backend, session } = await withFirstAnswer();
    const failing = useToolSessions.getState().refine(tool, shorter, backend);
    (await sent(calls, 1)).reject(new UserFacingError('Model overloaded'));
    await failing;
    expect(session()).toMatchObject({ status: 'idle', refineError: 'Model overloaded', error: null, shown: 0, result: { kind: 'json', data: { thesis: 'First' } } });
    expect(session().versions).toHaveLength(1);
  });

  it('leaves the current version on screen when cancelled, saying so', async () => {
    const { useToolSessions, backend, session } = await withFirstAnswer();
    void useToolSessions.getState().refine(tool, shorter, backend);
    useToolSessions.getState().cancel(tool.id);
    expect(session()).toMatchObject({ status: 'idle', notice: 'Cancelled.', result: { kind: 'json', data: { thesis: 'First' } } });
  });

  it('steps between versions, refines the one shown, and a new Generate starts a new chain', async () => {
    const { useToolSessions, calls, backend, session } = await withFirstAnswer();
    const refining = useToolSessions.getState().refine(tool, shorter, backend);
    (await sent(calls, 1)).resolve({ thesis: 'Short' });
    await refining;
    useToolSessions.getState().showVersion(tool.id, 0);
    expect(session()).toMatchObject({ shown: 0, result: { kind: 'json', data: { thesis: 'First' } } });
    useToolSessions.getState().showVersion(tool.id, 5); // No such version: nothing changes.
    expect(session().shown).toBe(0);
    const fromFirst = useToolSessions.getState().refine(tool, spanish, backend);
    expect((await sent(calls, 2)).request.prompt).toContain('"thesis": "First"');
    (await sent(calls, 2)).resolve({ thesis: 'Primero' });
    await fromFirst;
    expect(session().versions[2]?.chain.map((c) => c.label)).toEqual(['in Spanish for grade 5']);

    const generating = useToolSessions.getState().generate(tool, tool.example.input, backend);
    expect(session().versions).toEqual([]);
    (await sent(calls, 3)).resolve({ thesis: 'New' });
    await generating;
    expect(session().versions).toHaveLength(1);
  });

  it('keeps every version, and which one is shown, across a reload', async () => {
    const { useToolSessions, calls, backend } = await withFirstAnswer();
    const refining = useToolSessions.getState().refine(tool, shorter, backend);
    (await sent(calls, 1)).resolve({ thesis: 'Short' });
    await refining;
    useToolSessions.getState().showVersion(tool.id, 0);

    const reloaded = await freshStore();
    const restored = reloaded.useToolSessions.getState().open(tool);
    expect(restored).toMatchObject({ shown: 0, result: { kind: 'json', data: { thesis: 'First' } }, resultValues: { topic: 'Phones', essayType: 'Narrative' } });
    expect(restored.versions.map((v) => v.result)).toEqual([
      { kind: 'json', data: { thesis: 'First' } },
      { kind: 'json', data: { thesis: 'Short' } },
    ]);
  });

  it('keeps the first answer and the latest refinements past the limit', async () => {
    const { useToolSessions, calls, backend, session } = await withFirstAnswer();
    for (let i = 1; i <= MAX_VERSIONS + 2; i++) {
      const refining = useToolSessions.getState().refine(tool, { label: `Change ${i}`, instruction: `Change ${i}` }, backend);
      (await sent(calls, i)).resolve({ thesis: `Version ${i + 1}` });
      await refining;
    }
    const versions = session().versions;
    expect(versions).toHaveLength(MAX_VERSIONS);
    expect(versions[0]?.result).toEqual({ kind: 'json', data: { thesis: 'First' } });
    expect(versions[versions.length - 1]?.result).toEqual({ kind: 'json', data: { thesis: `Version ${MAX_VERSIONS + 3}` } });
  });
});

describe('stored versions', () => {
  it('reads a session stored before versions existed as its first version', async () => {
    localStorage.setItem(storageKeys.toolSession(tool.id), JSON.stringify({ values: { topic: 'Old' }, result: { kind: 'json', data: { thesis: 'Old thesis' } }, resultId: 'res_1' }));
    const { useToolSessions } = await freshStore();
    const restored = useToolSessions.getState().open(tool);
    expect(restored.versions).toHaveLength(1);
    expect(restored).toMatchObject({ shown: 0, resultId: 'res_1', result: { kind: 'json', data: { thesis: 'Old thesis' } } });
  });

  it('drops a version that no longer fits the tool, keeping the rest', async () => {
    const good = { result: { kind: 'json', data: { thesis: 'Kept' } }, id: 'res_1', chain: [], output: { language: 'en', level: '' }, reading: null, sampleOnly: false };
    const stale = { ...good, id: 'res_2', result: { kind: 'json', data: { thesis: 42 } } };
    const broken = { id: 'res_3' };
    localStorage.setItem(storageKeys.toolSession(tool.id), JSON.stringify({ values: {}, versions: [good, stale, broken], shown: 2 }));
    const { useToolSessions } = await freshStore();
    const restored = useToolSessions.getState().open(tool);
    expect(restored.versions.map((v) => v.id)).toEqual(['res_1']);
    expect(restored).toMatchObject({ shown: 0, result: { kind: 'json', data: { thesis: 'Kept' } } });
  });
});
