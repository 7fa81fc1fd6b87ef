import { z } from 'zod';
import { create } from 'zustand';
import type { Backend } from '../engine/backend/types';
import type { ToolDeclaration } from '../engine/defineTool';
import { defaultValues, type FormValues } from '../engine/fields';
import { messages } from '../engine/messages';
import { revalidatedResult, type ToolResult } from '../engine/runTool';
import { readStored, storageKeys, writeStored } from '../engine/storage';
import { ToolRequests } from '../engine/toolRequest';

export { REQUEST_TIMEOUT_MS } from '../engine/toolRequest';

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

/** The request in flight per tool: its time limit, going offline, cancel (engine/toolRequest.ts). */
const requests = new ToolRequests();

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
      update(tool.id, { values, result: null, resultId: null, error: null, status: 'loading', partial: null, notice: null });
      await requests.run(tool.id, tool, values, backend, {
        onText: (textSoFar) => update(tool.id, { partial: textSoFar }, false),
        onResult: (result) => update(tool.id, { result, resultId: `res_${Date.now()}`, status: 'idle', partial: null }),
        onError: (error) => update(tool.id, { error, status: 'idle', partial: null }, false),
      });
    },

    cancel(toolId, notice = messages.cancelled) {
      if (!requests.cancel(toolId)) return;
      if (get().sessions[toolId]) update(toolId, { status: 'idle', partial: null, notice }, false);
    },

    setResult(toolId, result) {
      update(toolId, { result, resultId: result ? `res_${Date.now()}` : null });
    },
  };
});
