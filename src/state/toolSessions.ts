import { z } from 'zod';
import { create } from 'zustand';
import type { Backend } from '../engine/backend/types';
import type { ToolDeclaration } from '../engine/defineTool';
import { defaultValues, type FormValues } from '../engine/fields';
import { messageOf, UserFacingError, messages } from '../engine/messages';
import { revalidatedResult, runTool, type ToolResult } from '../engine/runTool';
import { readStored, storageKeys, writeStored } from '../engine/storage';

/*
 * One session per tool: its inputs, its last result, and the state of the
 * request in flight. Inputs and result are stored per tool so they survive a
 * reload (spec 2); a result that no longer fits the tool's schema is dropped.
 * While a streaming backend writes, the text so far is kept too (never
 * stored, never a result: a preview of unvalidated text).
 */

export type ToolStatus = 'idle' | 'loading';

export interface ToolSession {
  values: FormValues;
  result: ToolResult | null;
  /** New for every generated result, so screens can tell a new result from a reloaded one. */
  resultId: string | null;
  error: string | null;
  status: ToolStatus;
  /** The answer's text received so far while loading (unvalidated); null when nothing has arrived or no request is running. */
  partial: string | null;
  /** A short note about how the last request ended when it ended without result or error ('Cancelled.'). */
  notice: string | null;
}

const storedSessionSchema = z.object({
  values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  result: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('text'), text: z.string() }),
      z.object({ kind: z.literal('json'), data: z.unknown() }),
    ])
    .nullable(),
  resultId: z.string().nullable().optional(),
});

function persist(toolId: string, session: ToolSession): void {
  try {
    writeStored(storageKeys.toolSession(toolId), { values: session.values, result: session.result, resultId: session.resultId });
  } catch (error) {
    // The session stays on screen; only its survival across a reload is lost.
    console.warn(`[tool ${toolId}] could not store inputs and result`, error);
  }
}

function restore(tool: ToolDeclaration): ToolSession {
  const defaults = defaultValues(tool.fields);
  const stored = readStored(storageKeys.toolSession(tool.id), storedSessionSchema.nullable(), null);
  const values = { ...defaults };
  for (const field of tool.fields) {
    const kept = stored?.values[field.name];
    const cleared = field.kind === 'number' && kept === '';
    if (kept !== undefined && (typeof kept === typeof defaults[field.name] || cleared)) values[field.name] = kept;
  }
  const result = revalidatedResult(tool.result, stored?.result ?? null);
  return {
    values,
    result,
    resultId: result ? (stored?.resultId ?? 'restored') : null,
    error: null,
    status: 'idle',
    partial: null,
    notice: null,
  };
}

const inFlight = new Map<string, AbortController>();

/** How long an answer may take before the user is told and can try again. */
export const REQUEST_TIMEOUT_MS = 120_000;

interface ToolSessionsState {
  sessions: Record<string, ToolSession>;
  /** Loads a tool's stored session the first time it is opened. */
  open(tool: ToolDeclaration): ToolSession;
  setValues(toolId: string, values: FormValues): void;
  generate(tool: ToolDeclaration, values: FormValues, backend: Backend): Promise<void>;
  /** Stops the request in flight, if any, leaving the form as it was, with a short note saying so. */
  cancel(toolId: string, notice?: string): void;
  /** Replaces the result (bespoke screens that keep their own state in it). */
  setResult(toolId: string, result: ToolResult | null): void;
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

  return {
    sessions: {},

    open(tool) {
      const existing = get().sessions[tool.id];
      if (existing) return existing;
      const session = restore(tool);
      set({ sessions: { ...get().sessions, [tool.id]: session } });
      return session;
    },

    setValues(toolId, values) {
      update(toolId, { values });
    },

    async generate(tool, values, backend) {
      if (get().sessions[tool.id]?.status === 'loading') return; // A second click sends nothing.
      const controller = new AbortController();
      inFlight.set(tool.id, controller);
      update(tool.id, { values, result: null, resultId: null, error: null, status: 'loading', partial: null, notice: null });
      // A request that is cancelled or replaced no longer owns the session: nothing it brings back is written.
      const owned = () => inFlight.get(tool.id) === controller;
      const current = () => owned() && !controller.signal.aborted;
      const onText = (textSoFar: string) => {
        if (current()) update(tool.id, { partial: textSoFar }, false);
      };
      // Faults that end the request with a message of their own: too slow, or the connection went away.
      const timer = setTimeout(() => controller.abort(new UserFacingError(messages.timedOut)), REQUEST_TIMEOUT_MS);
      const wentOffline = () => controller.abort(new UserFacingError(messages.wentOffline));
      globalThis.addEventListener?.('offline', wentOffline);
      try {
        const result = await runTool(tool, values, backend, controller.signal, onText);
        if (current()) update(tool.id, { result, resultId: `res_${Date.now()}`, status: 'idle', partial: null });
      } catch (error) {
        const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
        if (owned()) update(tool.id, { error: messageOf(reason), status: 'idle', partial: null }, false);
      } finally {
        clearTimeout(timer);
        globalThis.removeEventListener?.('offline', wentOffline);
        if (owned()) inFlight.delete(tool.id);
      }
    },

    cancel(toolId, notice = messages.cancelled) {
      const controller = inFlight.get(toolId);
      if (!controller) return;
      inFlight.delete(toolId);
      controller.abort();
      if (get().sessions[toolId]) update(toolId, { status: 'idle', partial: null, notice }, false);
    },

    setResult(toolId, result) {
      update(toolId, { result, resultId: result ? `res_${Date.now()}` : null });
    },
  };
});
