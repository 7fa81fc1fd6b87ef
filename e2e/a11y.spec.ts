import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { z } from 'zod';
import type { ToolDeclaration } from '../src/engine/defineTool';
import { heldStream, startFakeContractServer } from '../src/engine/testing/fakeContractServer';
import {
  exampleAnswer,
  fakeBackend,
  fillFromExample,
  flowProject,
  generateButton,
  generateExample,
  openTool,
  resultRegion,
  seedBackend,
  seedStorage,
  sidebar,
  storageKeys,
  toolById,
} from './support/app';
import { scriptSpeechRecognition, sineWav } from './support/media';
import { expectedTextOf, loadRegistry } from './support/registry';

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
 * document (the theme is only an attribute on <html>).
 */

const tools = await loadRegistry();
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

test.use({ locale: 'en-US', timezoneId: 'UTC' });

async function violationsOf(page: Page, where: string, rules?: string[]): Promise<string[]> {
  // Legacy mode runs axe in the page itself. The default finishes each run in a fresh blank page,
  // which triples the time of a scan; it is needed only for cross-origin frames, and the app has none.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  const { violations } = await (rules ? builder.withRules(rules) : builder.withTags(TAGS)).analyze();
  return violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact ?? 'n/a'}) ${v.help}\n${v.nodes
        .slice(0, 6)
        .map((n) => `    ${n.target.join(' > ')}: ${(n.failureSummary ?? '').replace(/\s*\n\s*/g, ' ')}`)
        .join('\n')}`,
  );
}

async function useScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  // The app follows the system setting (no theme chosen in Settings).
  await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
}

/** Scans the page as it is: every rule in the light scheme, the colour rules again in the dark one. */
async function scan(page: Page, where: string): Promise<void> {
  await useScheme(page, 'light');
  const found = await violationsOf(page, `${where} [light]`);
  await useScheme(page, 'dark');
  found.push(...(await violationsOf(page, `${where} [dark]`, COLOUR_RULES)));
  await useScheme(page, 'light');
  expect.soft(found, `axe on ${where}`).toEqual([]);
}

function heading1(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { level: 1, name });
}

/** Splits the registry into a few similar batches: one test (one page) each. */
function batches<T>(items: readonly T[], count: number): T[][] {
  const size = Math.ceil(items.length / count);
  return Array.from({ length: count }, (_, i) => items.slice(i * size, (i + 1) * size)).filter((b) => b.length > 0);
}

const artifacts = [
  { id: 'art_1700000000300', createdAt: '2026-11-01T11:00:00.000Z', toolId: 'smart-notes', toolTitle: 'SmartNotes', data: '## Photosynthesis\n\n- Light reactions\n- **Calvin cycle**' },
  { id: 'art_1700000000200', createdAt: '2026-11-01T10:00:00.000Z', toolId: 'essay-buddy', toolTitle: 'Essay Buddy', data: toolById(tools, 'essay-buddy').example.output },
];
const emptyProject = { id: 'proj_1600000000000', name: 'Algebra', createdAt: '2021-01-10T12:00:00.000Z' };

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
  for (const [i, batch] of batches(tools, 4).entries()) {
    test(`form and result, batch ${i + 1}: ${batch.map((t) => t.id).join(', ')}`, async ({ page }) => {
      test.setTimeout(30_000 + batch.length * 10_000);
      for (const tool of batch) {
        await openTool(page, tool);
        await expect(generateButton(page, tool)).toBeVisible();
        await scan(page, `${tool.id} form`);
        await fillFromExample(page, tool);
        await generateButton(page, tool).click();
        await expect(resultRegion(page)).toContainText(expectedTextOf(tool));
        await scan(page, `${tool.id} result`);
      }
    });
  }
});

test.describe('tool states between form and result', () => {
  test('streaming previews (markdown, structured, bespoke), then cancelled', async ({ page }) => {
    // A local backend whose stream the test writes by hand (axe needs the page's real clock).
    const server = await startFakeContractServer({ cors: true });
    try {
      await seedBackend(page, server.url);
      for (const id of ['smart-notes', 'essay-buddy', 'quiz-whiz']) {
        const tool = toolById(tools, id);
        const held = heldStream();
        server.respond(held.responder);
        await openTool(page, tool);
        await fillFromExample(page, tool);
        await generateButton(page, tool).click();
        await held.opened;
        const answer = exampleAnswer(tool).text;
        held.send({ event: 'delta', data: { text: answer.slice(0, Math.ceil(answer.length / 3)) } });
        await expect(page.getByRole('region', { name: 'Writing...' })).toBeVisible();
        await scan(page, `${id} while it is written`);
        await page.getByRole('button', { name: 'Cancel' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'Cancelled.' })).toBeVisible();
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

const quizItem = z.object({ question: z.string(), options: z.array(z.string()), answer: z.string(), type: z.string().optional() });

test.describe('bespoke screens', () => {
  test('quiz: remediation, its answered follow-up, and the finished review', async ({ page }) => {
    const tool = toolById(tools, 'quiz-whiz');
    const items = z.array(quizItem).parse(tool.example.output);
    const result = await generateExample(page, tool);
    const first = items[0]!;
    const group = result.getByRole('group', { name: first.question, exact: true });
    await group.getByRole('button', { name: first.options.find((o) => o !== first.answer), exact: true }).click();
    const followUp = result.getByRole('region', { name: 'Try this one' });
    await expect(followUp).toBeVisible();
    await scan(page, 'quiz remediation');
    await followUp.getByRole('group').getByRole('button').first().click();
    await expect(result.getByRole('button', { name: 'Continue Quiz' })).toBeFocused();
    await scan(page, 'quiz remediation, follow-up answered');
    await result.getByRole('button', { name: 'Continue Quiz' }).click();
    for (const item of items.slice(1)) {
      await result.getByRole('group', { name: item.question, exact: true }).getByRole('button', { name: item.answer, exact: true }).click();
    }
    await expect(result.getByRole('heading', { name: 'Quiz complete' })).toBeVisible();
    await scan(page, 'quiz finished');
  });

  test('flashcards flipped, tabs switched, audio and rehearsal widgets', async ({ page }) => {
    const flashcards = await generateExample(page, toolById(tools, 'flashcard-generator'));
    await flashcards.getByRole('button', { name: /^Question:/ }).click();
    await expect(flashcards.getByRole('button', { name: /^Answer:/ })).toBeVisible();
    await scan(page, 'flashcards, answer side');
    await flashcards.getByRole('button', { name: 'Next' }).click();
    await scan(page, 'flashcards, second card');

    for (const id of ['concept-cracker', 'differentiated-text-generator']) {
      const tabs = await generateExample(page, toolById(tools, id));
      await tabs.getByRole('tab').last().click();
      await expect(tabs.getByRole('tab').last()).toHaveAttribute('aria-selected', 'true');
      await scan(page, `${id}, last tab`);
    }

    const audioNotes = toolById(tools, 'audio-notes');
    await openTool(page, audioNotes);
    await page.getByLabel('Upload audio or video').setInputFiles({ name: 'lecture.wav', mimeType: 'audio/wav', buffer: sineWav(1) });
    await expect(resultRegion(page)).toContainText(expectedTextOf(audioNotes));
    await scan(page, 'audio notes after an upload');
    await page.getByLabel('Upload audio or video').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect(page.getByRole('alert')).toContainText('Please choose an audio or video file.');
    await scan(page, 'audio notes, refused file');
  });

  test('rehearsal coach: listening with a live transcript, then the feedback', async ({ page }) => {
    await page.clock.install();
    await scriptSpeechRecognition(page, {
      results: [
        { text: 'Um, today I want to talk about why bees matter.', final: true, atMs: 500 },
        { text: 'So basically we should plant wild flowers', final: false, atMs: 1_000 },
      ],
    });
    const coach = toolById(tools, 'presentation-rehearsal-coach');
    await openTool(page, coach);
    await page.getByRole('button', { name: 'Start Rehearsing' }).click();
    await page.clock.runFor(1_500);
    await expect(page.getByLabel('Live transcript')).toContainText('wild flowers');
    await scan(page, 'rehearsal, listening');
    await page.clock.runFor(5_000);
    await page.getByRole('button', { name: 'Stop Rehearsing' }).click();
    await page.clock.runFor(1_000);
    await expect(resultRegion(page)).toBeVisible();
    await scan(page, 'rehearsal, feedback');
  });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu open, on the dashboard and on a tool', async ({ page }) => {
    await page.goto('#/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar(page)).toBeVisible();
    await scan(page, 'mobile dashboard, menu open');
    await page.keyboard.press('Escape');
    await scan(page, 'mobile dashboard, menu closed');

    // Tabs that wrap into pills, and a table (keyword definitions), at phone width.
    for (const id of ['concept-cracker', 'keyword-extractor']) {
      await generateExample(page, toolById(tools, id));
      await scan(page, `mobile ${id} result`);
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar(page)).toBeVisible();
    await scan(page, 'mobile tool, menu open');
  });
});
