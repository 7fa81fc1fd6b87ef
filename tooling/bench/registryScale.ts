import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { buildInto, EXTRA_TOOLS, firstLoad, ms, newPage, record, root, serve, work } from './harness';

/*
 * Registry scale (issue 7): hundreds of generated registry files beside the
 * real ones; first-load growth per tool and the sidebar search per keystroke.
 */

const icons = ['quiz', 'edit', 'lightbulb', 'science', 'school', 'map', 'forum', 'label', 'timer', 'translate'];

/** Hundreds of plausible registry files, as a large catalogue would have. */
async function generateTools(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const engine = path.relative(dir, path.join(root, 'src/engine/defineTool')).split(path.sep).join('/');
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
    await page.context().close();
  } finally {
    await server.close();
  }
}
