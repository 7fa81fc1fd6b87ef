import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { buildInto, EXTRA_TOOLS, firstLoad, ms, newPage, record, root, serve, work } from './harness';

/*
 * Registry scale: hundreds of generated registry files beside the
 * real ones; first-load growth per tool and the sidebar search per keystroke.
 */

const icons = ['quiz', 'edit', 'lightbulb', 'science', 'school', 'map', 'forum', 'label', 'timer', 'translate'];

/** Hundreds of plausible registry files, as a large catalogue would have. */
async function generateTools(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const engine = path.relative(dir, path.join(root, 'src/kernel/defineTool')).split(path.sep).join('/');
  await Promise.all(
    Array.from({ length: EXTRA_TOOLS }, (_, i) => {
      const id = `generated-tool-${String(i).padStart(3, '0')}`;
      return writeFile(
        path.join(dir, `${id}.ts`),
        `import { defineTool } from '${engine}';
export default defineTool({
  id: '${id}',
  title: 'Generated Tool ${i}',
  description: 'A generated tool number ${i} that explains a topic in plain words for revision.',
  icon: '${icons[i % icons.length]}',
  category: 'Notes and summaries',
  fields: [{ name: 'topic', kind: 'text', label: 'Topic', required: true }],
  prompt: \`Explain the topic below for a student, in three short paragraphs.

The topic:
{{topic}}\`,
  result: 'markdown',
  example: { input: { topic: 'Tides ${i}' }, output: 'Tides are caused mainly by the Moon pulling on the oceans (${i}).' },
});
`,
      );
    }),
  );
}

/** Milliseconds of main-thread work per keystroke in the sidebar search, over the whole catalogue. */
async function searchTimePerKeystroke(page: Page): Promise<{ mean: number; max: number; tools: number }> {
  return page.evaluate(async () => {
    const input = document.querySelector<HTMLInputElement>('input[type="search"]');
    if (!input) throw new Error('no search box');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const tools = document.querySelectorAll('nav ul[aria-labelledby] li').length;
    const times: number[] = [];
    for (const query of ['g', 'ge', 'gen', 'gene', 'gener', 'genera', 'generat', 'generate', 'generated', 'generated ', 't', 'to', 'too', 'tool', 'tool 4', 'tool 42', '', 'e', 'ex', 'exp']) {
      const start = performance.now();
      setValue?.call(input, query);
      input.dispatchEvent(new Event('input', { bubbles: true })); // React renders a discrete input event synchronously.
      times.push(performance.now() - start);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    }
    return { mean: times.reduce((a, b) => a + b, 0) / times.length, max: Math.max(...times), tools };
  });
}

/** The cards a screen holds at most (Dashboard.tsx draws this many in its first render). */
const FIRST_SCREEN_CARDS = 64;

/**
 * Milliseconds from asking for the dashboard (a hash change from another screen, its code already loaded) to
 * its first screen of cards, and to every card; and the cold load's first contentful paint (the dashboard's
 * scale target: the first screen under 100 ms at 500 tools).
 */
async function dashboardRenderTime(page: Page, url: string): Promise<{ firstScreen: number; warm: number; firstPaint: number; cards: number }> {
  await page.goto(`${url}#/dashboard`);
  await page.locator('.tool-card').first().waitFor();
  const firstPaint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
  // Every tool: the sidebar lists them all (the dashboard's first render draws only its first screen).
  const cards = await page.locator('nav ul[aria-labelledby] li').count();
  await page.evaluate(() => (location.hash = '#/projects'));
  await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
  const [firstScreen, warm] = await page.evaluate(
    ([screenful, expected]) =>
      new Promise<[number, number]>((resolve) => {
        const start = performance.now();
        let first = Number.NaN;
        const check = () => {
          const drawn = document.querySelectorAll('.tool-card').length;
          if (Number.isNaN(first) && drawn >= screenful) first = performance.now() - start;
          if (drawn >= expected) resolve([first, performance.now() - start]);
          else requestAnimationFrame(check);
        };
        location.hash = '#/dashboard';
        requestAnimationFrame(check);
      }),
    [Math.min(FIRST_SCREEN_CARDS, cards), cards] as const,
  );
  return { firstScreen, warm, firstPaint, cards };
}

/** Milliseconds of main-thread work per keystroke in the command palette, ranking the whole catalogue. */
async function paletteTimePerKeystroke(page: Page, url: string): Promise<{ mean: number; max: number }> {
  await page.goto(`${url}#/dashboard`);
  await page.locator('.tool-card').first().waitFor();
  await page.keyboard.press('Control+K');
  const box = page.getByRole('combobox', { name: 'Search tools, pages and projects' });
  await box.waitFor();
  return box.evaluate(async (input: HTMLInputElement) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const times: number[] = [];
    for (const query of ['f', 'fl', 'fla', 'flas', 'flasc', 'flasch', 'flascha', 'flaschar', 'flaschard', '', 'g', 'ge', 'gen', 'gene', 'generated tool 4', 'rubrik', 'esay', 'математика', 'x', '']) {
      const start = performance.now();
      setValue?.call(input, query);
      input.dispatchEvent(new Event('input', { bubbles: true })); // A discrete event: React renders it at once.
      times.push(performance.now() - start);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    }
    return { mean: times.reduce((a, b) => a + b, 0) / times.length, max: Math.max(...times) };
  });
}

export async function measureRegistryScale(browser: Browser, baseDashboardJs: number) {
  console.log(`\nRegistry scale (${EXTRA_TOOLS} generated entries beside the real ones)`);
  const generated = path.join(work, 'generated-registry');
  await generateTools(generated);
  const outDir = path.join(work, 'dist-scale');
  await buildInto(outDir, { STUDYFORGE_EXTRA_REGISTRY: generated });
  const { url, server } = await serve(outDir);
  try {
    const scaled = await firstLoad(browser, `${url}#/dashboard`);
    const perTool = (scaled.js - baseDashboardJs) / EXTRA_TOOLS;
    record('first-load JavaScript growth per added tool', `${(perTool / 1024).toFixed(3)} KB`, '<= 0.3 KB', perTool <= 0.3 * 1024);
    const page = await newPage(browser);
    await page.goto(`${url}#/dashboard`);
    await page.locator('h1').first().waitFor({ state: 'attached' });
    const search = await searchTimePerKeystroke(page);
    record(`search per keystroke over ${search.tools} tools (mean / max)`, `${ms(search.mean)} / ${ms(search.max)}`, '< 4 ms', search.mean < 4);
    const dashboard = await dashboardRenderTime(page, url);
    record(`dashboard with ${dashboard.cards} tools: first contentful paint (cold load)`, ms(dashboard.firstPaint));
    record(`dashboard with ${dashboard.cards} tools: its first screen of cards after navigating to it`, ms(dashboard.firstScreen), '< 100 ms', dashboard.firstScreen < 100);
    record(`dashboard with ${dashboard.cards} tools: every card on screen after navigating to it`, ms(dashboard.warm));
    const palette = await paletteTimePerKeystroke(page, url);
    record(`command palette per keystroke over ${dashboard.cards} tools (mean / max)`, `${ms(palette.mean)} / ${ms(palette.max)}`, '< 4 ms', palette.mean < 4);
    await page.context().close();
  } finally {
    await server.close();
  }
}
