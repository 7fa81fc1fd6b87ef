import { expect, type Page } from '@playwright/test';
import type { ToolDeclaration } from '../../src/kernel/defineTool';
import { json, type FakeContractServer, type ReceivedRequest, type Responder } from '../../src/kernel/testing/fakeContractServer';

/* What the refine flows share (refine-journeys.spec.ts): a backend that makes each change visible, and the controls under a result. */

/** The prompt a contract request carried (spec 7.1: `contents`). */
export function promptOf(request: ReceivedRequest | undefined): string {
  return request ? ((JSON.parse(request.body) as { contents: string }).contents ?? '') : '';
}

/** The result with a marker put in front of its first piece of free text (never an answer key, option or enum). */
function marked(output: unknown, marker: string): unknown {
  if (typeof output === 'string') return `${marker}\n\n${output}`;
  let done = false;
  const visit = (value: unknown, key: string): unknown => {
    if (done) return value;
    if (typeof value === 'string' && !['answer', 'type', 'difficulty'].includes(key)) {
      done = true;
      return `${marker} ${value}`;
    }
    if (Array.isArray(value)) return key === 'options' ? value : value.map((item) => visit(item, key));
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, k)]));
    return value;
  };
  return visit(output, '');
}

/**
 * Answers a first request with the tool's example, and the n-th request that
 * asks for a change with the example marked "REV<n>", so each version shows
 * which request made it. Plain JSON answers, as the contract allows.
 */
export function revisingResponder(server: FakeContractServer, tool: ToolDeclaration): Responder {
  return (request, response) => {
    const prompt = promptOf(request);
    const output = prompt.includes('<change_request>') ? marked(tool.example.output, `REV${server.requests.length}`) : tool.example.output;
    json(200, { text: typeof output === 'string' ? output : JSON.stringify(output) })(request, response);
  };
}

export const versionsGroup = (page: Page) => page.getByRole('group', { name: 'Versions' });
export const refineToolbar = (page: Page) => page.getByRole('toolbar', { name: 'Refine this result' });

export async function expectVersion(page: Page, text: string): Promise<void> {
  await expect(versionsGroup(page)).toContainText(text);
}
