import { vi } from 'vitest';
import { z } from 'zod';
import type { Backend, GenerateRequest } from '../../../kernel/backend/types';
import { defineTool } from '../../../kernel/defineTool';
import { REQUEST_TIMEOUT_MS } from '../../../kernel/toolRequest';

/* What the tool sessions tests share: a small tool, a backend the test answers by hand, a fresh store. */

export const tool = defineTool({
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
export function heldBackend() {
  const calls: { request: GenerateRequest; resolve(value: unknown): void; reject(error: unknown): void }[] = [];
  const backend: Backend = {
    kind: 'contract',
    generate: (request) => new Promise((resolve, reject) => calls.push({ request, resolve, reject })),
  };
  return { backend, calls };
}

/** A fresh store module, reading whatever localStorage holds now (as a page load would). */
export async function freshStore() {
  vi.resetModules();
  const sessions = await import('../toolSessions');
  // The session code loads as a person starts on a form; these tests start with it here, as Generate usually does.
  await sessions.loadSessionCode();
  // The time limit lives with the requests, which load with the session code.
  return { ...sessions, REQUEST_TIMEOUT_MS };
}
