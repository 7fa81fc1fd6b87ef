import { expect, type Locator, type Page, type Request } from '@playwright/test';
import type { ToolDeclaration } from '../../src/kernel/defineTool';
import type { Field } from '../../src/kernel/fields';
import { storageKeys } from '../../src/kernel/stored/storage';

export { storageKeys };

/**
 * Puts raw strings into localStorage before the app starts, once per test
 * (a reload keeps what the app wrote since).
 */
export async function seedRawStorage(page: Page, entries: Record<string, string>): Promise<void> {
  await page.addInitScript((items: Record<string, string>) => {
    const marker = `e2e-seeded:${Object.keys(items).join(',')}`;
    if (sessionStorage.getItem(marker)) return;
    sessionStorage.setItem(marker, '1');
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, entries);
}

/** Like seedRawStorage, for values stored as JSON, as the app stores them. */
export async function seedStorage(page: Page, entries: Record<string, unknown>): Promise<void> {
  await seedRawStorage(page, Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, JSON.stringify(v)])));
}

export const flowProject = { id: 'proj_1700000000000', name: 'Flow project', createdAt: '2026-11-01T09:00:00.000Z' };

/** A project to save into, already chosen as the active project. */
export async function seedActiveProject(page: Page): Promise<void> {
  await seedStorage(page, {
    [storageKeys.projects]: [flowProject],
    [storageKeys.activeProject]: flowProject.id,
  });
}

/** Points the app at a backend (which the test then fakes with page.route). */
export async function seedBackend(page: Page, backendUrl = 'http://127.0.0.1:9/backend', publicKey = 'test-public-key'): Promise<void> {
  await seedStorage(page, { [storageKeys.settings]: { backendUrl, publicKey } });
}

async function fillField(page: Page, field: Field, value: unknown): Promise<void> {
  if (field.kind === 'switch') {
    await page.getByRole('switch', { name: field.label }).setChecked(value === true);
    return;
  }
  const control = page.getByLabel(field.label, { exact: true });
  if (field.kind === 'select') await control.selectOption(String(value));
  else await control.fill(String(value));
}

/** Fills a tool's form from its registry example, the way a person would: by label. */
export async function fillFromExample(page: Page, tool: ToolDeclaration): Promise<void> {
  const input = tool.example.input as Record<string, unknown>;
  for (const field of tool.fields) await fillField(page, field, input[field.name]);
}

/** Exact: a star beside a tool is named "Favourite: <title>", and "Convert" is in "Learning Converter". */
export function generateButton(page: Page, tool?: ToolDeclaration) {
  return page.getByRole('button', { name: tool?.actionLabel ?? 'Generate', exact: true });
}

export async function openTool(page: Page, tool: Pick<ToolDeclaration, 'id' | 'title'>): Promise<void> {
  await page.goto(`#/${tool.id}`);
  await expect(page.getByRole('heading', { level: 1, name: tool.title })).toBeVisible();
}

/**
 * Pauses the clock once the tool's form is on screen: the form arrives a frame after the heading
 * (requestAnimationFrame, a timer the fake clock owns), so pausing earlier could hold it back.
 */
export async function pauseClockOnForm(page: Page, tool?: ToolDeclaration): Promise<void> {
  await expect(generateButton(page, tool)).toBeVisible();
  await pauseClock(page);
}

export function resultRegion(page: Page) {
  return page.getByRole('region', { name: 'Result' });
}

/** Opens a tool, fills it from its example and generates; returns the result region once it shows. */
export async function generateExample(page: Page, tool: ToolDeclaration): Promise<Locator> {
  await openTool(page, tool);
  await fillFromExample(page, tool);
  await generateButton(page, tool).click();
  const result = resultRegion(page);
  await expect(result).toBeVisible();
  return result;
}

/* ---- Helpers shared by the area flows (landing, shell, dashboard, projects, backend, storage). ---- */

/** A registry tool by id; fails loudly when the registry has no such tool. */
export function toolById(tools: readonly ToolDeclaration[], id: string): ToolDeclaration {
  const tool = tools.find((t) => t.id === id);
  if (!tool) throw new Error(`The registry has no tool "${id}".`);
  return tool;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The app's top header (the shell's only banner landmark). */
export function appHeader(page: Page) {
  return page.getByRole('banner');
}

export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** The tool links under the sidebar's 'Tools' heading. */
export function sidebarToolLinks(page: Page) {
  return sidebar(page).getByRole('list', { name: 'Tools' }).getByRole('link');
}

/** The sample-answers notice shown while no backend is configured. */
export function sampleBanner(page: Page) {
  return page.getByRole('note', { name: 'Sample answers' });
}

/** The backend function every tool calls (spec 7.1). */
export const backendRoute = '**/functions/v1/gemini';

/** What a backend answers for a tool's example: {text}, JSON text for structured tools. */
export function exampleAnswer(tool: ToolDeclaration): { text: string } {
  const output: unknown = tool.example.output;
  return { text: typeof output === 'string' ? output : JSON.stringify(output) };
}

export type FakeReply =
  | { status?: number; json?: unknown; body?: string; contentType?: string }
  | { abort: 'connectionrefused' | 'failed' | 'timedout' };

export interface FakeBackend {
  /** Every request that reached the fake backend, in order. */
  readonly requests: Request[];
  /** Parsed JSON bodies of those requests. */
  bodies(): unknown[];
  /** Sets the reply for the requests that follow. */
  reply(next: FakeReply | ((request: Request) => FakeReply)): void;
  /** Holds the requests that follow until the returned release function is called. */
  hold(): () => void;
}

/**
 * Fakes the backend with page.route. Call seedBackend(page) too, so the app
 * calls a backend instead of answering with samples.
 */
export async function fakeBackend(page: Page, initial: FakeReply | ((request: Request) => FakeReply)): Promise<FakeBackend> {
  let replyWith = initial;
  let gate: Promise<void> | null = null;
  const requests: Request[] = [];
  await page.route(backendRoute, async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') {
      await route.fulfill({
        status: 204,
        headers: {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'POST, OPTIONS',
          'access-control-allow-headers': 'authorization, content-type',
        },
      });
      return;
    }
    requests.push(request);
    const waitFor = gate;
    if (waitFor) await waitFor;
    const reply = typeof replyWith === 'function' ? replyWith(request) : replyWith;
    if ('abort' in reply) {
      await route.abort(reply.abort);
      return;
    }
    await route.fulfill({
      status: reply.status ?? 200,
      contentType: reply.contentType ?? 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: reply.body ?? JSON.stringify(reply.json ?? {}),
    });
  });
  return {
    requests,
    bodies: () => requests.map((r) => r.postDataJSON() as unknown),
    reply(next) {
      replyWith = next;
    },
    hold() {
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      gate = held;
      return () => {
        if (gate === held) gate = null;
        release();
      };
    },
  };
}

/**
 * Stops the page's fake clock (installed with page.clock.install before goto)
 * a moment after its current time (it keeps running until then), so timers
 * fire only on clock.runFor / fastForward.
 */
/**
 * Runs a paused fake clock on, a step at a time, until `check` passes. React's
 * own timers run on that clock too (it holds back the reveal of a result whose
 * code arrived over the network a moment later), so an answer that lands
 * after one fixed run would otherwise wait for time that never passes.
 */
export async function runClockUntil(page: Page, check: () => Promise<void>, stepMs = 250): Promise<void> {
  await expect(async () => {
    await page.clock.runFor(stepMs);
    await check();
  }).toPass({ timeout: 15_000, intervals: [50] });
}

export async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 1_000);
      return;
    } catch (error) {
      // The clock ran past the target before the call arrived (a very slow machine): try again.
      if (attempt >= 2 || !String(error).includes('to the past')) throw error;
    }
  }
}
