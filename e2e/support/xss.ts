import { expect, type Locator, type Page, type Request } from '@playwright/test';
import type { ZodType } from 'zod';
import type { ToolDeclaration } from '../../src/kernel/defineTool';
import { distinctStringCount, XSS_HIT, xssPayloads, type XssPayload } from '../../src/kernel/testing/xssPayloads';
import { findDanger } from '../../src/kernel/testing/xssScan';
import { toolById } from './app';
import { loadRegistry } from './registry';

/*
 * What the XSS flows share (xss.spec.ts, xss-restored.spec.ts): the tools fed
 * hostile answers, the watch that fails on any sign of a payload running, and
 * the record of rendering paths that saw every payload.
 */

export const tools = await loadRegistry();
export const smartNotes = toolById(tools, 'smart-notes'); // markdown
export const essayBuddy = toolById(tools, 'essay-buddy'); // generic structured
export const quizWhiz = toolById(tools, 'quiz-whiz'); // bespoke, with a follow-up call
export const restoredTools = ['flashcard-generator', 'concept-cracker', 'presentation-generator', 'focus-sprint-planner'].map((id) => toolById(tools, id));

export const schemaOf = (tool: ToolDeclaration) => (tool.result === 'markdown' ? undefined : (tool.result as ZodType));
/** The whole corpus in one answer where the schema allows: this many payloads in each string. */
export const perString = (tool: ToolDeclaration) => Math.ceil(xssPayloads.length / Math.max(1, distinctStringCount(tool.example.output)));

/** Rendering paths that saw every payload with nothing run; printed at the end. */
const passedPaths = new Set<string>();
const ALL_PATHS = [
  'markdown result',
  'error message',
  'structured result',
  'Copy of a result',
  'quiz with remediation',
  ...restoredTools.map((t) => `${t.renderer ?? 'structured'} renderer`),
  'streamed markdown preview',
  'streamed structured preview',
  'project page and list',
  'Copy on the project page',
];

/** Prints which rendering paths saw every payload in this worker (each XSS spec file calls it after its tests). */
export function reportCoverage(): void {
  const line =
    passedPaths.size === ALL_PATHS.length
      ? `[xss] ${xssPayloads.length} payloads x ${ALL_PATHS.length} rendering paths: none executed`
      : `[xss] ${xssPayloads.length} payloads: ${passedPaths.size} of ${ALL_PATHS.length} rendering paths passed in this worker`;
  console.log(line);
}

export function covered(path: string, payloads: readonly XssPayload[]): void {
  const seen = new Set(payloads.map((x) => x.id));
  const missing = xssPayloads.filter((x) => !seen.has(x.id)).map((x) => x.id);
  expect(missing, `payloads ${path} never received`).toEqual([]);
  passedPaths.add(path);
}

export interface Watch {
  /** Everything that must not happen: hits, dialogs, popups, page errors, CSP violations. */
  readonly events: string[];
  /** Scans the page's DOM and fails on anything dangerous, or on any event so far. */
  check(what: string): Promise<void>;
}

/** Installs __xssHit before the app starts and listens for every sign of a payload running. */
export async function watch(page: Page): Promise<Watch> {
  const events: string[] = [];
  await page.exposeFunction('__xssReport', (entry: string) => {
    events.push(entry);
  });
  await page.addInitScript((hitName: string) => {
    const report = (entry: string) => (window as unknown as { __xssReport(entry: string): void }).__xssReport(entry);
    Object.defineProperty(window, hitName, { value: (id: unknown) => report(`hit:${String(id)}`), configurable: false, writable: false });
    document.addEventListener('securitypolicyviolation', (e) => report(`csp:${e.violatedDirective} blocked ${e.blockedURI} ${e.sample}`));
  }, XSS_HIT);
  page.on('dialog', (dialog) => {
    events.push(`dialog:${dialog.type()}:${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('popup', (popup) => events.push(`popup:${popup.url()}`));
  page.on('pageerror', (error) => events.push(`pageerror:${error.message}`));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) events.push(`console:${message.text()}`);
  });
  return {
    events,
    async check(what) {
      const problems = await page.locator('#root').evaluate(findDanger);
      expect(problems, `${what}: dangerous DOM`).toEqual([]);
      // Give anything that was triggered (an image error, a timer) a moment to report.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
      expect(events, `${what}: something ran`).toEqual([]);
    },
  };
}

/** Every link in the region that leaves the app opens in a new tab without access to it (findDanger checks each; this checks there are some). */
export async function expectSafeExternalLinks(region: Locator): Promise<void> {
  await expect(region.locator('a[href^="https://evil.example"]').first()).toHaveAttribute('target', '_blank');
  await expect(region.locator('a[href^="https://evil.example"]').first()).toHaveAttribute('rel', /\bnoopener\b.*\bnoreferrer\b/);
}

export const isRemediation = (request: Request) => {
  const body = request.postDataJSON() as { config?: { responseSchema?: { properties?: Record<string, unknown> } } };
  return body.config?.responseSchema?.properties?.diagnosis !== undefined;
};
