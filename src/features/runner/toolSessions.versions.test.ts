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

  it('steps between versions, refines the one shown, and a new Generate adds a version of its own', async () => {
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
    expect(session().result).toBeNull();
    (await sent(calls, 3)).resolve({ thesis: 'New' });
    await generating;
    // Nothing earlier is lost: the new answer is the latest version, a new chain of its own, answering its own inputs.
    expect(session().versions.map((v) => v.chain.length)).toEqual([0, 1, 1, 0]);
    expect(session()).toMatchObject({ shown: 3, result: { kind: 'json', data: { thesis: 'New' } }, resultValues: tool.example.input });
  });

  it('keeps a class set: each new answer is a version, and stepping back shows the inputs it answered', async () => {
    const { useToolSessions, calls, backend, session } = await withFirstAnswer();
    const second = useToolSessions.getState().generate(tool, { topic: 'Tablets', essayType: 'Narrative' }, backend);
    (await sent(calls, 1)).resolve({ thesis: 'Second' });
    await second;
    expect(session()).toMatchObject({ shown: 1, resultValues: { topic: 'Tablets' } });
    useToolSessions.getState().showVersion(tool.id, 0);
    expect(session()).toMatchObject({ result: { kind: 'json', data: { thesis: 'First' } }, resultValues: { topic: 'Phones' } });
    // A refinement of the earlier answer answers its inputs, not the latest form.
    const refining = useToolSessions.getState().refine(tool, shorter, backend);
    expect((await sent(calls, 2)).request.prompt).toContain('Phones');
    (await sent(calls, 2)).resolve({ thesis: 'Short first' });
    await refining;
    expect(session().versions[2]?.inputs).toMatchObject({ topic: 'Phones' });

    const reloaded = (await freshStore()).useToolSessions.getState().open(tool);
    expect(reloaded.versions.map((v) => v.inputs?.topic)).toEqual(['Phones', 'Tablets', 'Phones']);
  });

  it('past the limit drops refinements before answers from Generate', async () => {
    const { useToolSessions, calls, backend, session } = await withFirstAnswer();
    let call = 1;
    const refining = useToolSessions.getState().refine(tool, shorter, backend);
    (await sent(calls, call++)).resolve({ thesis: 'Refined' });
    await refining;
    for (let i = 2; i <= MAX_VERSIONS; i++) {
      const generating = useToolSessions.getState().generate(tool, { topic: `Student ${i}`, essayType: 'Narrative' }, backend);
      (await sent(calls, call++)).resolve({ thesis: `Comment ${i}` });
      await generating;
    }
    const theses = session().versions.map((v) => (v.result.kind === 'json' ? (v.result.data as { thesis: string }).thesis : ''));
    expect(theses).toHaveLength(MAX_VERSIONS);
    expect(theses[0]).toBe('First');
    expect(theses).not.toContain('Refined');
    expect(theses[MAX_VERSIONS - 1]).toBe(`Comment ${MAX_VERSIONS}`);
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

describe('a change cut short by a reload', () => {
  it('is offered again after a reload, until it is run again or dismissed', async () => {
    const { useToolSessions, backend, session } = await withFirstAnswer();
    void useToolSessions.getState().refine(tool, shorter, backend);
    expect(session().pendingChange).toEqual(shorter);

    // The page goes mid-change: the next load says so, with the version that was shown.
    const reloaded = await freshStore();
    const restored = reloaded.useToolSessions.getState().open(tool);
    expect(restored).toMatchObject({ status: 'idle', interrupted: shorter, pendingChange: null, shown: 0 });
    // Typing does not forget it; dismissing does, across another reload too.
    reloaded.useToolSessions.getState().setValues(tool.id, { topic: 'Typed later', essayType: 'Narrative' });
    expect((await freshStore()).useToolSessions.getState().open(tool).interrupted).toEqual(shorter);
    const again = await freshStore();
    again.useToolSessions.getState().open(tool);
    again.useToolSessions.getState().showVersion(tool.id, 0);
    expect((await freshStore()).useToolSessions.getState().open(tool).interrupted).toBeNull();
  });

  it('is not offered when the change failed or was cancelled', async () => {
    const { useToolSessions, calls, backend } = await withFirstAnswer();
    const failing = useToolSessions.getState().refine(tool, shorter, backend);
    (await sent(calls, 1)).reject(new UserFacingError('Model overloaded'));
    await failing;
    expect((await freshStore()).useToolSessions.getState().open(tool).interrupted).toBeNull();

    const again = await freshStore();
    const held = heldBackend();
    again.useToolSessions.getState().open(tool);
    void again.useToolSessions.getState().refine(tool, spanish, held.backend);
    again.useToolSessions.getState().cancel(tool.id);
    expect((await freshStore()).useToolSessions.getState().open(tool).interrupted).toBeNull();
  });
});
