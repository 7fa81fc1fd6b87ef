import { expect, test, type Locator } from '@playwright/test';
import { heldStream, startFakeContractServer } from '../src/kernel/testing/fakeContractServer';
import { exampleAnswer, fakeBackend, fillFromExample, flowProject, generateButton, openTool, resultRegion, seedBackend, seedStorage, storageKeys, toolById } from './support/app';
import { expectedTextOf } from './support/registry';
import { tools, scan, heading1, batches, artifacts, emptyProject, firstTimeDark } from './support/a11y';

/*
 * axe-core on every screen the app has, in both colour schemes: each page
 * route, every tool's form and its result from the offline sample backend
 * (both generated from the registry), the bespoke screens in each of their
 * states, and the mobile menu. Zero violations of WCAG 2.0, 2.1 and 2.2
 * A/AA and axe's best practices.
 *
 * To stay fast, one page visits many routes (hash navigation, no reload).
 * Each scan runs every rule in the light scheme, then, in the dark scheme,
 * the rules whose outcome depends on colour: the page is otherwise the same
 * document (the theme is only an attribute on <html>). For every tool's form
 * and result, the dark scan runs once per distinct set of controls and per
 * renderer (firstTimeDark), since colours come from components. The bespoke screens
 * and the mobile menu are in a11y-screens.spec.ts.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });
// A trace, when one is recorded (on CI, when a flow is retried), films the page whenever it paints. While a
// stream is held its spinners turn, so every frame is filmed, and each axe scan took 3 to 6 times as long
// (measured): the streaming-preview flow then ran past its allowance on a busy machine, inside analyze(), which
// looked like axe hanging. The trace keeps its DOM snapshot of every step, without the film.
test.use({ trace: { mode: 'on-first-retry', screenshots: false } });

test.describe('pages', () => {
  test('landing, dashboard tabs, projects (empty), settings, not found, unknown project', async ({ page }) => {
    test.slow();
    await page.goto('/');
    await expect(heading1(page, /Study smarter/)).toBeVisible();
    await scan(page, 'landing #/');

    await page.goto('#/dashboard');
    for (const name of ['All Tools', 'For Students', 'For Teachers']) {
      const tab = page.getByRole('tab', { name });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await scan(page, `dashboard, ${name} tab`);
    }

    await page.goto('#/projects');
    await expect(page.getByText('No projects yet!')).toBeVisible();
    await scan(page, 'projects, none yet');

    await page.goto('#/settings');
    await expect(heading1(page, 'Settings')).toBeVisible();
    await page.getByRole('switch', { name: 'Call a provider with my own key' }).check();
    await expect(page.getByLabel('Model', { exact: true })).toBeVisible();
    await scan(page, 'settings with the own-key section open');

    await page.goto('#/no-such-page');
    await expect(heading1(page, 'Page not found')).toBeVisible();
    await scan(page, 'not found');

    await page.goto('#/projects/proj_0');
    await expect(heading1(page, 'Project not found')).toBeVisible();
    await scan(page, 'unknown project');
  });

  test('projects and a project page: with items, empty, confirmations, rename and undo', async ({ page }) => {
    test.slow();
    await seedStorage(page, {
      [storageKeys.projects]: [emptyProject, flowProject],
      [storageKeys.artifacts(flowProject.id)]: artifacts,
      [storageKeys.activeProject]: flowProject.id,
    });
    await page.goto('#/projects');
    await expect(page.getByRole('link', { name: /Flow project/ })).toBeVisible();
    await scan(page, 'projects, two projects');

    await page.goto(`#/projects/${emptyProject.id}`);
    await expect(heading1(page, emptyProject.name)).toBeVisible();
    await scan(page, 'project page, empty');

    await page.goto(`#/projects/${flowProject.id}`);
    await expect(heading1(page, flowProject.name)).toBeVisible();
    await scan(page, 'project page with items');

    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'Project name' }).fill(' ');
    await expect(page.getByText('A project needs a name.')).toBeVisible();
    await scan(page, 'project page, renaming (blank name)');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Delete project' }).click();
    await expect(page.getByRole('button', { name: 'Yes, delete project' })).toBeVisible();
    await scan(page, 'project page, delete confirmation open');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Delete SmartNotes item/ }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
    await scan(page, 'project page, item deleted with Undo');
  });
});

test.describe('every tool', () => {
  const darkScanned = new Set<string>();
  const formParts = (tool: (typeof tools)[number]) =>
    `form:${tool.fields.map((f) => `${f.kind}/${'widget' in f ? f.widget ?? '' : ''}/${'attach' in f ? String(f.attach) : ''}`).join(',')}`;
  /** A renderer, and for markdown the kinds of element its example holds (tables, code, math, quotes have colours of their own). */
  const resultParts = (tool: (typeof tools)[number]) => {
    const text = JSON.stringify(tool.example.output);
    const elements = [/\|\s*-{3}/, /```|`[^`]+`/, /\$/, /\\n>/].map((pattern) => (pattern.test(text) ? '1' : '0')).join('');
    return `result:${tool.renderer ?? (tool.result === 'markdown' ? 'markdown' : 'json')}:${elements}`;
  };
  for (const [i, batch] of batches(tools, 4).entries()) {
    test(`form and result, batch ${i + 1}: ${batch.map((t) => t.id).join(', ')}`, async ({ page }) => {
      // About 9 s a tool alone on 2 cores (two axe scans); the allowance is a guard against a hang, not a speed target.
      test.setTimeout(30_000 + batch.length * 15_000);
      for (const tool of batch) {
        await openTool(page, tool);
        await expect(generateButton(page, tool)).toBeVisible();
        await scan(page, `${tool.id} form`, { dark: firstTimeDark(darkScanned, formParts(tool)) });
        await fillFromExample(page, tool);
        await generateButton(page, tool).click();
        await expect(resultRegion(page)).toContainText(expectedTextOf(tool));
        await scan(page, `${tool.id} result`, { dark: firstTimeDark(darkScanned, resultParts(tool)) });
      }
    });
  }
});

test.describe('tool states between form and result', () => {
  /** What shows that each kind of preview has its body laid out, so the scan sees the preview itself and not only its frame. */
  const previews: { id: string; kind: string; shown: (preview: Locator) => Locator }[] = [
    { id: 'smart-notes', kind: 'markdown', shown: (preview) => preview.getByRole('heading', { level: 2, name: 'Summary' }) },
    { id: 'essay-buddy', kind: 'structured', shown: (preview) => preview.getByRole('heading', { name: 'Thesis' }) },
    // A bespoke screen's preview stays neutral (its data would give a quiz's answers away).
    { id: 'quiz-whiz', kind: 'bespoke', shown: (preview) => preview.getByText('The answer is being written.') },
  ];

  test('streaming previews (markdown, structured, bespoke), then cancelled', async ({ page }) => {
    test.slow(); // Three tools streamed by hand, axe on each preview.
    // A local backend whose stream the test holds open at the network level: the page keeps its real clock and
    // event loop, which axe's own timers need, and the answer stays half written for as long as the scan takes.
    const server = await startFakeContractServer({ cors: true });
    try {
      await seedBackend(page, server.url);
      for (const { id, kind, shown } of previews) {
        const tool = toolById(tools, id);
        const held = heldStream();
        let streamClosed = false;
        void held.closed.then(() => {
          streamClosed = true;
        });
        server.respond(held.responder);
        await openTool(page, tool);
        await fillFromExample(page, tool);
        await generateButton(page, tool).click();
        await held.opened;
        const answer = exampleAnswer(tool).text;
        held.send({ event: 'delta', data: { text: answer.slice(0, Math.ceil(answer.length / 3)) } });
        const preview = page.getByRole('region', { name: 'Writing...' });
        await expect(shown(preview)).toBeVisible();
        await scan(page, `${id} (${kind} preview) while it is written`);
        // The scan saw the answer mid-stream: the preview is still up, the stream still open, no result yet.
        await expect(shown(preview)).toBeVisible();
        await expect(resultRegion(page)).toHaveCount(0);
        expect(streamClosed, 'the held stream, after the scan').toBe(false);
        await page.getByRole('button', { name: 'Cancel' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'Cancelled.' })).toBeVisible();
        expect(await held.closed, 'the page closed the held stream on Cancel').toBe(true);
      }
      await scan(page, 'quiz-whiz cancelled');
    } finally {
      await server.close();
    }
  });

  test('a failed request with Try again, and field errors', async ({ page }) => {
    await seedBackend(page);
    await fakeBackend(page, { status: 500, json: { error: 'boom' } });
    const essayBuddy = toolById(tools, 'essay-buddy');
    await openTool(page, essayBuddy);
    await fillFromExample(page, essayBuddy);
    await generateButton(page, essayBuddy).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await scan(page, 'essay-buddy failed');

    const presentation = toolById(tools, 'presentation-generator');
    await openTool(page, presentation);
    await fillFromExample(page, presentation);
    await page.getByLabel('Number of slides', { exact: true }).fill('20');
    await generateButton(page, presentation).click();
    await expect(page.locator('.field-error')).toBeVisible();
    await scan(page, 'presentation-generator with a field error');
  });
});
