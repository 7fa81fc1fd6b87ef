import type { Browser } from '@playwright/test';
import { findChromium } from '../findChromium';
import { storageKeys } from '../../src/kernel/stored/storage';
import { CHROME_FLAGS, firstLoad, kb, ms, newPage, record, ROUTES, TOOL_ROUTE, TOOL_ROUTES } from './harness';

/*
 * The page measures: first-load sizes and Lighthouse for
 * the landing page, the dashboard and four tools, and a project of 1,000
 * artifacts. The streaming and typing measures are in streaming.ts and
 * keystroke.ts.
 */

/** The first-load budgets, gzipped: the dashboard, and any tool route in all (the dashboard's code included). */
const DASHBOARD_JS = 80 * 1024;
const TOOL_JS = 116 * 1024;

export async function measureSizes(browser: Browser, base: string) {
  console.log('\nFirst load (production build, gzip -9)');
  const landing = await firstLoad(browser, `${base}#/`);
  record('#/ JavaScript', kb(landing.js));
  record('#/ CSS', kb(landing.css));
  const dashboard = await firstLoad(browser, `${base}#/dashboard`);
  record('#/dashboard JavaScript', kb(dashboard.js), `<= ${DASHBOARD_JS / 1024} KB`, dashboard.js <= DASHBOARD_JS);
  record('#/dashboard CSS', kb(dashboard.css));
  for (const route of TOOL_ROUTES) {
    const tool = await firstLoad(browser, `${base}${route}`);
    record(`${route} JavaScript`, kb(tool.js), `<= ${TOOL_JS / 1024} KB`, tool.js <= TOOL_JS);
    record(`${route} CSS`, kb(tool.css));
    // No target of its own (the total above is the budget); printed to show what a tool costs.
    record(`${route} adds over the dashboard`, kb(tool.js - dashboard.js));
  }
  return dashboard;
}

export async function measureLighthouse(base: string) {
  console.log('\nLighthouse (mobile defaults, simulated throttling)');
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const found = findChromium();
  const chrome = await chromeLauncher.launch({ chromePath: found.executablePath, chromeFlags: ['--headless=new', ...CHROME_FLAGS] });
  try {
    for (const route of ROUTES) {
      const result = await lighthouse(`${base}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`no Lighthouse result for ${route}`);
      const score = (id: string) => lhr.categories[id]?.score ?? 0;
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      record(`${route} performance`, score('performance').toFixed(2), '>= 0.98', score('performance') >= 0.98);
      record(`${route} accessibility`, score('accessibility').toFixed(2), '= 1.00', score('accessibility') >= 1);
      record(`${route} best practices`, score('best-practices').toFixed(2));
      record(`${route} FCP / LCP / TBT / CLS`, `${ms(audit('first-contentful-paint'))} / ${ms(audit('largest-contentful-paint'))} / ${ms(audit('total-blocking-time'))} / ${audit('cumulative-layout-shift').toFixed(3)}`);
    }
  } finally {
    chrome.kill();
  }
}

export async function measureBigProject(browser: Browser, base: string) {
  console.log('\nA project holding 1,000 artifacts');
  const project = { id: 'proj_1700000000000', name: 'A year of notes', createdAt: '2026-01-05T09:00:00.000Z' };
  const artifacts = Array.from({ length: 1000 }, (_, i) => ({
    id: `art_${1700000000000 + i}`,
    createdAt: new Date(Date.UTC(2026, 0, 5) + i * 3_600_000).toISOString(),
    toolId: i % 2 ? 'smart-notes' : 'essay-buddy',
    toolTitle: i % 2 ? 'SmartNotes' : 'Essay Buddy',
    data:
      i % 2
        ? `## Summary\nNotes number ${i} on photosynthesis: light-dependent reactions split water and release oxygen.\n\n## Key ideas\n- Chlorophyll absorbs red and blue light\n- The Calvin cycle fixes carbon dioxide`
        : { thesis: `Thesis ${i}: schools should limit phones in lessons.`, structure: ['Introduction', 'Attention', 'Wellbeing', 'Counter-argument', 'Conclusion'], introParagraph: 'Phones buzz in lessons. '.repeat(8) },
  }));
  const page = await newPage(browser);
  const context = page.context();
  await page.addInitScript(
    ({ keys, project, artifacts }) => {
      if (sessionStorage.getItem('bench-seeded')) return;
      sessionStorage.setItem('bench-seeded', '1');
      localStorage.setItem(keys.projects, JSON.stringify([project]));
      localStorage.setItem(keys.artifacts, JSON.stringify(artifacts));
      localStorage.setItem(keys.active, JSON.stringify(project.id));
      localStorage.setItem(keys.session, JSON.stringify({ values: { topic: 'Phones', essayType: 'Argumentative' }, result: { kind: 'json', data: artifacts[0]?.data }, resultId: 'res_1' }));
    },
    {
      keys: { projects: storageKeys.projects, artifacts: storageKeys.artifacts(project.id), active: storageKeys.activeProject, session: storageKeys.toolSession('essay-buddy') },
      project,
      artifacts,
    },
  );
  await page.goto(`${base}#/dashboard`);
  await page.locator('h1').first().waitFor({ state: 'attached' });
  // A user arrives by pointing at the project's link: its code loads on that intent, before the click.
  await page.goto(`${base}#/projects`);
  await page.getByRole('link', { name: new RegExp(project.name) }).hover();
  await page.waitForLoadState('networkidle');
  const render = await page.evaluate(async (id) => {
    const start = performance.now();
    location.hash = `#/projects/${id}`;
    await new Promise<void>((resolve) => {
      // The page shows the newest items first and the rest on demand ("Show more").
      const check = () => (document.querySelector('main .artifact-list li.artifact') ? resolve() : requestAnimationFrame(check));
      check();
    });
    return performance.now() - start;
  }, project.id);
  const shown = await page.locator('main li.artifact').count();
  record(`render the project page (1,000 artifacts; newest ${shown} shown, the rest on demand)`, ms(render), '< 200 ms', render < 200);

  await page.goto(`${base}${TOOL_ROUTE}`);
  const save = page.getByRole('button', { name: 'Save to Project' });
  await save.waitFor();
  const saveTime = await save.evaluate(async (button) => {
    const start = performance.now();
    (button as HTMLButtonElement).click();
    await new Promise<void>((resolve) => {
      const check = () => (button.textContent?.includes('Saved!') ? resolve() : requestAnimationFrame(check));
      check();
    });
    return performance.now() - start;
  });
  record('save one more artifact into it', ms(saveTime));
  await context.close();
}
