import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { routeSizes } from './routeSizes';
import { overBudget, type SizeBudget } from './sizeBudget';

/* The size guard's arithmetic, on a small build of known files. */

const outDir = mkdtempSync(path.join(tmpdir(), 'studyforge-sizes-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function file(name: string, text: string): number {
  mkdirSync(path.dirname(path.join(outDir, name)), { recursive: true });
  writeFileSync(path.join(outDir, name), text);
  return gzipSync(Buffer.from(text), { level: 9 }).length;
}

describe('route sizes from the build manifest', () => {
  const entry = file('assets/index.js', 'console.log("app");'.repeat(20));
  const css = file('assets/index.css', 'body{color:red}'.repeat(10));
  const shared = file('assets/shared.js', 'export const shared = 1;'.repeat(5));
  const page = file('assets/ToolPage.js', 'export const page = 2;'.repeat(8));
  const form = file('assets/essay-form.js', 'export const form = 3;'.repeat(3));
  file('assets/essay.js', 'export const declaration = 5;'.repeat(30));
  file('assets/never.js', 'export const lazy = 4;');
  mkdirSync(path.join(outDir, '.vite'), { recursive: true });
  writeFileSync(
    path.join(outDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], css: ['assets/index.css'], dynamicImports: ['virtual:studyforge/tool-form/essay'] },
      '_shared.js': { file: 'assets/shared.js' },
      'src/features/runner/ToolPage.tsx': { file: 'assets/ToolPage.js', imports: ['_shared.js', 'index.html'], dynamicImports: ['renderers/lazy.tsx'] },
      'virtual:studyforge/tool-form/essay': { file: 'assets/essay-form.js', imports: ['_shared.js'], dynamicImports: ['registry/essay.ts'] },
      'registry/essay.ts': { file: 'assets/essay.js', imports: ['_shared.js'] },
      'renderers/lazy.tsx': { file: 'assets/never.js' },
    }),
  );

  it('counts each file a route loads once, static imports and stylesheets included, dynamic imports not', () => {
    // A tool route paints from its form; the declaration it imports loads as the person starts on the form.
    expect(routeSizes(outDir)).toEqual({ dashboard: entry + css + shared, essay: entry + css + shared + page + form });
  });

  it('names each route over its budget; a tool route without a line of its own is held to the shared one', () => {
    const budget: SizeBudget = { dashboard: 100, everyToolRoute: 250, measuredWithTools: 2, perAddedTool: { bytes: 0, reason: 'none' }, exceptions: {} };
    expect(overBudget({ dashboard: 100, essay: 300, fresh: 10 }, budget)).toEqual([
      'essay: 300 B gzipped, over the budget every tool route shares, 250 B, by 50 B. Make it smaller, or raise the budget on purpose in the same change (npm run size -- --update)',
    ]);
  });
});
