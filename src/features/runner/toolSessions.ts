import { create } from 'zustand';
import type { Answer } from '../../kernel/runTool';
import type { Backend } from '../../kernel/backend/types';
import type { ToolDeclaration } from '../../kernel/defineTool';
import { isDeclaration, type ToolForm } from '../../kernel/toolForm';
import { defaultValues, type FormValues } from '../../kernel/fields';
import { messages, UserFacingError } from '../../kernel/messages';
import { onDemand } from '../../kernel/onDemand';
import { readStored, storageKeys, writeStored } from '../../kernel/stored/storage';
import { onStorageChange } from '../../kernel/stored/otherTabs';
import type { StoredReader } from '../../kernel/stored/reader';
import { showing, useOutputLanguage, type ChangeRequest, type ReadingLevel } from '../refine';
import { useSettings } from '../settings';
import type { AnswerCode, AnswerEvent, ToolAnswerRequest } from './answerCode';

type AnswerModule = typeof import('./answerCode');
import type { ToolSession } from './sessionTypes';


/*
 * One session per tool: its inputs, its result's versions, and the
 * state of the request in flight. Inputs and result are stored per tool so they survive a
 * reload (spec 2); a result that no longer fits the tool's schema is dropped.
 * While a streaming backend writes, the text so far is kept too (never
 * stored, never a result: a preview of unvalidated text).
 */

export type { ToolSession, ToolStatus } from './sessionTypes';

/**
 * How requests go out and the code behind them (answerCode.ts), loaded as the person starts on the form
 * (loadSessionCode): a first visit paints without it. Once here, Generate starts its request in the same task.
 */
const requestCode = onDemand(() => import('./answerCode'));

export function loadSessionCode(): Promise<AnswerCode> {
  return requestCode.load().then(
    ({ answerCode }) => answerCode(),
    (error: unknown) => {
      console.warn('[tool sessions] could not load the request code', error);
      throw new UserFacingError(messages.toolNotLoaded);
    },
  );
}

/** The session code, once it has arrived. */
function sessionCodeNow(): AnswerCode | undefined {
  return requestCode.current()?.answerCodeNow();
}

/** Requests asked for before their code arrived, per tool: a cancel meanwhile drops them unsent. */
const waiting = new Map<string, symbol>();

function startAnswer(asked: ToolAnswerRequest, emit: (event: AnswerEvent) => void): Promise<void> {
  const code = requestCode.current();
  if (code) return code.startAnswer(asked, emit);
  const id = asked.tool.id;
  const mine = Symbol(id);
  waiting.set(id, mine);
  const stillAsked = () => waiting.get(id) === mine && waiting.delete(id);
  return loadSessionCode().then(
    () => (stillAsked() ? requestCode.current()?.startAnswer(asked, emit) : undefined),
    // Nothing was sent: the request ends as one whose code did not arrive.
    () => void (stillAsked() && emit({ kind: 'failed', message: messages.toolNotLoaded })),
  );
}

/** Stops this tool's request, sent or waiting for its code; false when there was none. */
function cancelAnswer(toolId: string): boolean {
  if (waiting.delete(toolId)) return true;
  return requestCode.current()?.cancelAnswer(toolId) ?? false;
}

/** The stored JSON as it is, checked by restoredSession (sessionCode) when there is any. */
const anyJson: StoredReader<unknown> = (value) => ({ ok: true, value });

/** Whether this tool has a session stored, so opening it needs loadSessionCode first. */
export function hasStoredSession(toolId: string): boolean {
  return readStored(storageKeys.toolSession(toolId), anyJson, null) !== null;
}

function persist(toolId: string, session: ToolSession): void {
  try {
    const { values, versions, shown, resultValues, level } = session;
    // A change on its way (or one a reload cut short, not yet run again or dismissed) is kept, so the next load can say so.
    const unfinished = session.pendingChange ?? session.interrupted;
    writeStored(storageKeys.toolSession(toolId), { values, versions, shown, resultValues, level, ...(unfinished ? { unfinished } : {}) });
  } catch (error) {
    // The session stays on screen; only its survival across a reload is lost.
    console.warn(`[tool ${toolId}] could not store inputs and result`, error);
  }
}

function restore(tool: ToolForm | ToolDeclaration): ToolSession {
  const stored = readStored(storageKeys.toolSession(tool.id), anyJson, null);
  if (stored === null) {
    const values = defaultValues(tool.fields);
    return { values, ...showing([], 0), resultValues: null, level: '', error: null, refineError: null, status: 'idle', partial: null, notice: null, pendingChange: null, interrupted: null };
  }
  const code = sessionCodeNow();
  if (!code || !isDeclaration(tool)) {
    throw new Error(`Tool "${tool.id}" has a stored session: open it with its declaration (loadTool), after await loadSessionCode().`);
  }
  return code.restoredSession(tool, stored);
}

function sameValues(a: FormValues, b: FormValues): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/**
 * The result on screen when Generate was pressed again, per tool: a new request never destroys a good
 * result, so a failed or cancelled one gives it back (with the error or notice beside it).
 */
const beforeRequest = new Map<string, Pick<ToolSession, 'versions' | 'shown' | 'result' | 'resultId' | 'resultValues'>>();

/** The tools opened in this tab, so their sessions can start again when storage is cleared. */
const opened = new Map<string, ToolForm | ToolDeclaration>();

interface ToolSessionsState {
  sessions: Record<string, ToolSession>;
  /**
   * Loads a tool's stored session the first time it is opened. A tool with none opens from its form alone; one with a
   * session stored needs its declaration (to check the stored results) and loadSessionCode first.
   */
  open(tool: ToolForm | ToolDeclaration): ToolSession;
  setValues(toolId: string, values: FormValues): void;
  /** A new answer to the form: added as the latest version (a failed one leaves the versions as they were). */
  generate(tool: ToolDeclaration, values: FormValues, backend: Backend): Promise<void>;
  /** A change to the version shown: a new version when it arrives; the shown one stays until then, and after a failure. */
  refine(tool: ToolDeclaration, change: ChangeRequest, backend: Backend): Promise<void>;
  /** Shows a version (the one shown again: forgets a change a reload cut short, without running it). */
  showVersion(toolId: string, index: number): void;
  setLevel(toolId: string, level: ReadingLevel): void;
  /** Stops the request in flight, if any, leaving the form as it was, with a short note saying so. */
  cancel(toolId: string, notice?: string): void;
  /** Clears the result and its versions (a bespoke screen's "start again"). */
  clearResult(toolId: string): void;
}

export const useToolSessions = create<ToolSessionsState>()((set, get) => {
  function update(toolId: string, change: Partial<ToolSession>, store = true): ToolSession {
    const current = get().sessions[toolId];
    if (!current) throw new Error(`Tool session "${toolId}" was not opened.`);
    const next = { ...current, ...change };
    set({ sessions: { ...get().sessions, [toolId]: next } });
    if (store) persist(toolId, next);
    return next;
  }

  function session(toolId: string): ToolSession {
    const current = get().sessions[toolId];
    if (!current) throw new Error(`Tool session "${toolId}" was not opened.`);
    return current;
  }

  /** Starts a request under the tool's key and applies what it reports; its answer becomes a version through `accept`. */
  function request(asked: ToolAnswerRequest, accept: (answer: Answer, code: AnswerModule) => Partial<ToolSession>) {
    const id = asked.tool.id;
    const failed = (message: string): Partial<ToolSession> => (asked.refine ? { refineError: message } : { error: message });
    return startAnswer(asked, (event) => {
      if (event.kind === 'text') return void update(id, { partial: event.text }, false);
      const kept = event.kind === 'failed' ? beforeRequest.get(id) : undefined;
      beforeRequest.delete(id);
      if (event.kind === 'answer') {
        const { privacyNotice } = event.answer;
        // The code that sent the request is here: it turns the answer into a version.
        update(id, { ...accept(event.answer, requestCode.current() as AnswerModule), status: 'idle', partial: null, pendingChange: null, ...(privacyNotice ? { notice: privacyNotice } : {}) });
        return;
      }
      // The earlier result is stored again (typing during the request may have stored the cleared session).
      // A failed change is stored as ended too, so a reload does not offer it again.
      update(id, { ...failed(event.message), status: 'idle', partial: null, pendingChange: null, ...kept }, kept !== undefined || asked.refine !== undefined);
    });
  }

  return {
    sessions: {},

    open(tool) {
      opened.set(tool.id, tool);
      const existing = get().sessions[tool.id];
      if (existing) return existing;
      const restored = restore(tool);
      set({ sessions: { ...get().sessions, [tool.id]: restored } });
      return restored;
    },

    setValues(toolId, values) {
      // The form reports its values on opening too: unchanged values are not stored, so a tool only looked at keeps no
      // session, and its next visit paints from the form alone, without loading the session's code.
      if (sameValues(session(toolId).values, values)) return;
      update(toolId, { values });
    },

    async generate(tool, values, backend) {
      if (session(tool.id).status !== 'idle') return; // A second click sends nothing.
      const output = { language: useOutputLanguage.getState().language, level: session(tool.id).level };
      const before = session(tool.id);
      const earlier = before.versions;
      if (before.versions.length > 0) beforeRequest.set(tool.id, { ...showing(before.versions, before.shown), resultValues: before.resultValues });
      else beforeRequest.delete(tool.id);
      // Not stored yet: until the new answer is in, the stored session keeps the earlier result.
      update(tool.id, { values, ...showing([], 0), resultValues: null, error: null, refineError: null, status: 'loading', partial: null, notice: null, interrupted: null }, false);
      // A new answer joins the versions rather than replacing them: each comment of a class set stays one step back.
      await request({ tool, values, backend, output }, (answer, code) => code.withAnswer(earlier, answer, values, output));
    },

    async refine(tool, change, backend) {
      const current = session(tool.id);
      const base = current.versions[current.shown];
      if (current.status !== 'idle' || !base) return;
      const values = current.resultValues ?? current.values;
      const output = { language: useOutputLanguage.getState().language, level: current.level };
      // Stored with the change on its way: a reload before it arrives can say it did not finish, and offer it again.
      update(tool.id, { error: null, refineError: null, status: 'refining', partial: null, notice: null, pendingChange: change, interrupted: null });
      await request({ tool, values, backend, output, refine: { previous: base.result, change } }, (answer, code) =>
        code.withChange(session(tool.id).versions, base, change, answer, values, output, backend.kind === 'sample'),
      );
    },

    showVersion(toolId, index) {
      const current = session(toolId);
      if (current.status === 'refining' || index < 0 || index >= current.versions.length) return;
      const inputs = current.versions[index]?.inputs ?? current.resultValues;
      update(toolId, { ...showing(current.versions, index), resultValues: inputs, refineError: null, notice: null, interrupted: null });
    },

    setLevel(toolId, level) {
      update(toolId, { level });
    },

    cancel(toolId, notice = messages.cancelled) {
      if (!cancelAnswer(toolId)) return;
      const kept = beforeRequest.get(toolId);
      beforeRequest.delete(toolId);
      const current = get().sessions[toolId];
      if (current) update(toolId, { status: 'idle', partial: null, notice, pendingChange: null, ...kept }, kept !== undefined || current.pendingChange !== null);
    },

    clearResult(toolId) {
      update(toolId, { ...showing([], 0), resultValues: null });
    },
  };
});

// "Delete all my data" (or another tab clearing storage): every session opened here starts again from
// (now empty) storage, its request stopped, so nothing typed or answered before is shown or written back.
onStorageChange((key) => {
  if (key !== null) return;
  const sessions: Record<string, ToolSession> = {};
  beforeRequest.clear();
  for (const [id, tool] of opened) {
    cancelAnswer(id);
    sessions[id] = restore(tool);
  }
  useToolSessions.setState({ sessions });
});

// Settings changed (an address fixed, a key added): an error about the old ones no longer says what Generate
// will do, so it goes from every tool page; the results stay. A request under way keeps its own outcome.
useSettings.subscribe((state, previous) => {
  if (state.stored === previous.stored) return;
  const sessions = useToolSessions.getState().sessions;
  const cleared = Object.entries(sessions).map(([id, session]) =>
    session.status === 'idle' && (session.error !== null || session.refineError !== null) ? [id, { ...session, error: null, refineError: null }] : [id, session],
  );
  if (cleared.some(([id, session]) => session !== sessions[id as string])) useToolSessions.setState({ sessions: Object.fromEntries(cleared) });
});
