import type { Page } from '@playwright/test';
import { encodeStreamEvent, type StreamEvent } from '../../src/kernel/backend/streamProtocol';
import type { ToolDeclaration } from '../../src/kernel/defineTool';
import { startFakeContractServer, type FakeContractServer } from '../../src/kernel/testing/fakeContractServer';
import { fillFromExample, openTool, seedBackend, toolById } from './app';
import { loadRegistry } from './registry';

/* The tools, SSE helpers and local backend the streaming flows share (streaming.spec.ts, streaming-live.spec.ts). */

export const tools = await loadRegistry();
export const essayBuddy = toolById(tools, 'essay-buddy'); // structured
export const smartNotes = toolById(tools, 'smart-notes'); // markdown
export const quizWhiz = toolById(tools, 'quiz-whiz'); // bespoke renderer

export const sse = (events: StreamEvent[]) => events.map(encodeStreamEvent).join('');
export const streamed = (pieces: string[]): StreamEvent[] => [
  ...pieces.map((text): StreamEvent => ({ event: 'delta', data: { text } })),
  { event: 'done', data: { text: pieces.join('') } },
];

export const previewRegion = (page: Page) => page.getByRole('region', { name: 'Writing...' });
export const cancelButton = (page: Page) => page.getByRole('button', { name: 'Cancel' });

export async function openFilled(page: Page, tool: ToolDeclaration) {
  await openTool(page, tool);
  await fillFromExample(page, tool);
}

/** A local backend speaking SSE, reachable from the page (CORS), whose answers the test writes. */
export async function localBackend(page: Page): Promise<FakeContractServer> {
  const server = await startFakeContractServer({ cors: true });
  await seedBackend(page, server.url);
  return server;
}
