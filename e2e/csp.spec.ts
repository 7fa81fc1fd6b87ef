import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { contentSecurityPolicy } from '../server/contentSecurityPolicy';
import type { ToolDeclaration } from '../src/kernel/defineTool';
import { freePort, spawnGroup, waitUntilUp, type GroupProcess } from '../server/testing/processGroup';
import { fillFromExample, flowProject, generateButton, openTool, resultRegion, seedStorage, storageKeys, toolById } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * The Content-Security-Policy (server/contentSecurityPolicy.ts): the built
 * app carries it as a meta element, `vite preview` and our gateway send it
 * as a header too, and the whole app works under it: every screen, a tool
 * of every renderer kind (and both field widgets) with a result, and not
 * one violation report, console complaint or page error on the way. Then
 * that the policy really holds: inline script, eval and framing are refused.
 */

const tools = await loadRegistry();
const port = Number(process.env.E2E_PORT ?? 4317);
const root = path.resolve(import.meta.dirname, '..');

/** Collects every sign of the policy being broken: violation events, the console's CSP messages, page errors. */
async function collectViolations(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction('__cspReport', (entry: string) => {
    problems.push(entry);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspReport(entry: string): void }).__cspReport(`${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy|Refused to/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** One tool per renderer kind and per field widget. */
function toolsToVisit(): ToolDeclaration[] {
  const byKind = new Map<string, ToolDeclaration>();
  for (const tool of tools) {
    const kind = tool.renderer ?? (tool.result === 'markdown' ? 'markdown' : 'structured');
    if (!byKind.has(kind)) byKind.set(kind, tool);
    for (const field of tool.fields) {
      if (field.widget && !byKind.has(`widget:${field.widget}`)) byKind.set(`widget:${field.widget}`, tool);
    }
  }
  return [...new Set(byKind.values())];
}

test('the built app carries the policy as a meta element, and vite preview sends it as a header', async ({ request }) => {
  const response = await request.get('./');
  const html = await response.text();
  expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy('meta')}" />`);
  // First in <head> after the charset: before every script and stylesheet.
  expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
  expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<link'));
  expect(contentSecurityPolicy('meta')).not.toContain('frame-ancestors');
  // The built page has no inline script or style for the policy to refuse.
  expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  expect(html).not.toMatch(/<style|\sstyle=/);
  expect(response.headers()['content-security-policy']).toBe(contentSecurityPolicy('header'));
  expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
});

test('every screen, and a tool of every renderer kind with its result, run with no violation', async ({ page }) => {
  test.slow();
  const problems = await collectViolations(page);
  await seedStorage(page, {
    [storageKeys.projects]: [flowProject],
    [storageKeys.activeProject]: flowProject.id,
    [storageKeys.artifacts(flowProject.id)]: [
      { id: 'art_1', createdAt: '2026-11-02T09:00:00.000Z', toolId: 'smart-notes', toolTitle: 'Smart Notes', data: '## Notes\n- one' },
    ],
  });

  const screens: [string, RegExp | string][] = [
    ['#/', /AI tools/],
    ['#/dashboard', 'Dashboard'],
    ['#/projects', 'Projects'],
    [`#/projects/${flowProject.id}`, flowProject.name],
    ['#/settings', 'Settings'],
    ['#/no-such-page', /not found/i],
  ];
  for (const [hash, heading] of screens) {
    await page.goto(hash);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeAttached();
    expect(problems, `on ${hash}`).toEqual([]);
  }

  const visited: string[] = [];
  for (const tool of toolsToVisit()) {
    await openTool(page, tool);
    if (tool.fields.some((f) => f.widget)) {
      // The recording widgets: the page and its controls, without recording.
      await expect(page.getByRole('main')).toBeVisible();
    } else {
      await fillFromExample(page, tool);
      await generateButton(page, tool).click();
      await expect(resultRegion(page)).toBeVisible({ timeout: 15_000 });
      if (tool.renderer === 'quiz') {
        // A wrong answer opens the remediation lesson (a follow-up call).
        await resultRegion(page).locator('.quiz-option').last().click();
      }
      if (tool.renderer === 'flashcards') await resultRegion(page).locator('.flashcard').click();
    }
    visited.push(`${tool.id} (${tool.renderer ?? (tool.result === 'markdown' ? 'markdown' : 'structured')})`);
    expect(problems, `on ${tool.id}`).toEqual([]);
  }
  // A moment for anything late (a lazy chunk, an icon) to report.
  await page.waitForTimeout(300);
  expect(problems).toEqual([]);
  console.log(`[csp] ${screens.length} screens and ${visited.length} tools under the policy, no violations: ${visited.join(', ')}`);
});

test('the policy holds: inline script, inline handlers and eval are refused', async ({ page }) => {
  const problems = await collectViolations(page);
  await page.goto('#/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const outcome = await page.evaluate(async () => {
    const w = window as unknown as Record<string, unknown>;
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="x" onerror="window.__handlerRan = true">';
    document.body.append(holder);
    // A string timer is eval by another name (code evaluated straight from here is exempt from the policy).
    (setTimeout as unknown as (code: string, ms: number) => number)('window.__evalRan = true', 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    holder.remove();
    script.remove();
    return { inline: w.__inlineRan === true, handler: w.__handlerRan === true, eval: w.__evalRan === true };
  });
  expect(outcome).toEqual({ inline: false, handler: false, eval: false });
  // ...and each refusal was reported.
  expect(problems.join('\n')).toMatch(/script-src/);
});

test('no other site can frame the app', async ({ page }) => {
  await page.route('http://framing.test/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><iframe id="app" src="http://127.0.0.1:${port}/#/dashboard"></iframe><iframe id="control" src="http://framed.test/"></iframe>`,
    }),
  );
  // A control: a page without the policy does show in a frame here.
  await page.route('http://framed.test/', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><h1>Framed fine</h1>' }));
  await page.goto('http://framing.test/');
  await expect(page.frameLocator('#control').getByRole('heading', { name: 'Framed fine' })).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(page.frameLocator('#app').getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page.frameLocator('#app').locator('#root')).toHaveCount(0);
});

test.describe('served by the gateway (npm start)', () => {
  let gateway: GroupProcess | undefined;
  let url = '';

  test.beforeAll(async () => {
    const gatewayPort = await freePort();
    // Its own process group: npx starts node and tsx another; stopping the group ends them all.
    gateway = spawnGroup('npx', ['tsx', 'server/node.ts'], {
      cwd: root,
      // No provider configured: the app answers with its samples, which is all this needs.
      env: { ...process.env, PORT: String(gatewayPort), STUDYFORGE_STATIC_DIR: path.join(root, '.e2e-build', String(port)), STUDYFORGE_PUBLIC_KEY: '' },
    });
    url = `http://127.0.0.1:${gatewayPort}`;
    await waitUntilUp(`${url}/healthz`, gateway, 60_000);
  });

  test.afterAll(async () => {
    await gateway?.stop();
  });

  test("sends the policy as a header with the app's page, and the app runs under it", async ({ page, request }) => {
    for (const pagePath of ['/', '/index.html']) {
      const response = await request.get(`${url}${pagePath}`);
      expect(response.headers()['content-security-policy'], pagePath).toBe(contentSecurityPolicy('header'));
      expect(response.headers()['x-content-type-options'], pagePath).toBe('nosniff');
      // The settings it writes into the page are data, not script: the policy has nothing to refuse.
      expect(await response.text()).toMatch(/<script type="application\/json" id="studyforge-config">/);
    }
    const problems = await collectViolations(page);
    const smartNotes = toolById(tools, 'smart-notes');
    await page.goto(`${url}/#/${smartNotes.id}`);
    await expect(page.getByRole('heading', { level: 1, name: smartNotes.title })).toBeVisible();
    await fillFromExample(page, smartNotes);
    await generateButton(page, smartNotes).click();
    await expect(resultRegion(page)).toBeVisible();
    expect(problems).toEqual([]);
  });
});
