import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build, preview, type PreviewServer } from 'vite';
import { findChromium } from '../findChromium';

/*
 * The benchmark's harness (see tooling/bench.ts): production builds served by
 * vite preview, Chromium pages, the first-load measure, and the table rows.
 */

export const root = path.resolve(import.meta.dirname, '../..');
export const work = path.join(root, '.bench');
export const CHROME_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
export const TOOL_ROUTE = '#/essay-buddy';
/** The tool routes with first-load and Lighthouse targets of their own: a markdown tool, a structured one, the quiz and the rehearsal coach. */
export const TOOL_ROUTES = ['#/smart-notes', TOOL_ROUTE, '#/interactive-quiz-builder', '#/presentation-rehearsal-coach'];
export const ROUTES = ['#/', '#/dashboard', ...TOOL_ROUTES];
export const EXTRA_TOOLS = 500;

export interface Row {
  measure: string;
  value: string;
  target?: string;
  ok?: boolean;
}
export const rows: Row[] = [];
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number) => `${value.toFixed(1)} ms`;

export function record(measure: string, value: string, target?: string, ok?: boolean) {
  rows.push({ measure, value, target, ok });
  console.log(`  ${measure}: ${value}${target ? `  (target ${target}: ${ok ? 'met' : 'NOT met'})` : ''}`);
}

export async function buildInto(outDir: string, env: Record<string, string> = {}): Promise<void> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env = saved;
  }
}

export async function serve(outDir: string): Promise<{ url: string; server: PreviewServer }> {
  const server = await preview({ root, logLevel: 'warn', build: { outDir }, preview: { port: 0, host: '127.0.0.1', strictPort: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('preview server has no URL');
  return { url, server };
}

export async function launch(): Promise<Browser> {
  const found = findChromium();
  return chromium.launch({ executablePath: found.executablePath, channel: found.channel, args: CHROME_FLAGS });
}

/**
 * A page whose evaluated functions survive tsx: esbuild wraps named functions
 * in a `__name` helper that does not exist in the page, so give it one.
 */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript('window.__name = (f) => f;');
  return context.newPage();
}

/** Gzipped bytes of the JavaScript and CSS a route loads, as the browser fetched them. */
export async function firstLoad(browser: Browser, url: string): Promise<{ js: number; css: number }> {
  const page = await newPage(browser);
  const context = page.context();
  const sizes = { js: 0, css: 0 };
  const pending: Promise<void>[] = [];
  let lastActivity = Date.now();
  page.on('request', () => (lastActivity = Date.now()));
  page.on('response', (response) => {
    lastActivity = Date.now();
    const kind = response.url().endsWith('.js') ? 'js' : response.url().endsWith('.css') ? 'css' : null;
    if (!kind) return;
    pending.push(
      response.body().then((body) => {
        sizes[kind] += gzipSync(body, { level: 9 }).length;
      }),
    );
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor();
  // A route can still fetch code after its heading shows (a lazy piece it renders): wait for the
  // network to be quiet as long again as networkidle does, then for every body, so none is read after the close.
  while (Date.now() - lastActivity < 500) await page.waitForTimeout(100);
  for (let counted = -1; counted !== pending.length; ) {
    counted = pending.length;
    await Promise.all(pending);
  }
  await context.close();
  return sizes;
}
