import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lengthProblems, lineCount, MAX_LINES } from './fileLength';
import { LONG_FILES } from './longFiles';

/* The 300-line rule on this checkout, and on a made-up one that breaks it. */

const ROOT = path.resolve(import.meta.dirname, '..');
const fixture = mkdtempSync(path.join(tmpdir(), 'studyforge-lengths-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

/** A made-up checkout of its own for one test: `files` maps each path to its number of lines. */
function checkout(name: string, files: Readonly<Record<string, number>>): string {
  const root = path.join(fixture, name);
  for (const [file, lines] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), Array.from({ length: lines }, (_, i) => `export const line${i} = ${i};\n`).join(''));
  }
  return root;
}

describe('no source file over 300 lines outside registry/', () => {
  it('holds on this checkout: every longer file is named in tooling/longFiles.ts with its reason', () => {
    expect(lengthProblems(ROOT, LONG_FILES)).toEqual([]);
    for (const reason of Object.values(LONG_FILES)) expect(reason.trim().length).toBeGreaterThan(20);
  });

  it('fails on a file one line over, naming it and its length, tests and stylesheets included', () => {
    const root = checkout('over', {
      'src/atLimit.ts': MAX_LINES,
      'src/oneOver.test.tsx': MAX_LINES + 1,
      'src/app/long.css': 400,
      // Registry files are the authors' data; installed packages and builds are not the repository's.
      'registry/long-tool.ts': 900,
      'node_modules/some-package/index.js': 900,
      '.e2e-build/4317/assets/index.mjs': 900,
      // Only the top folder's registry/ is left out.
      'src/registry/catalogue.ts': MAX_LINES + 2,
    });
    expect(lengthProblems(root, {})).toEqual([
      'src/app/long.css: 400 lines, over the 300-line limit. Split it, or name it in tooling/longFiles.ts with the reason it is long',
      'src/oneOver.test.tsx: 301 lines, over the 300-line limit. Split it, or name it in tooling/longFiles.ts with the reason it is long',
      'src/registry/catalogue.ts: 302 lines, over the 300-line limit. Split it, or name it in tooling/longFiles.ts with the reason it is long',
    ]);
    const listed = { 'src/app/long.css': 'one stylesheet', 'src/oneOver.test.tsx': 'many cases', 'src/registry/catalogue.ts': 'generated' };
    expect(lengthProblems(root, listed)).toEqual([]);
  });

  it('fails while the list names a file that is within the limit now, or gone', () => {
    const root = checkout('stale', { 'src/long.ts': 500, 'src/split.ts': 120 });
    expect(lengthProblems(root, { 'src/long.ts': 'still long', 'src/split.ts': 'was long', 'src/gone.ts': 'was long' })).toEqual([
      'src/split.ts: 120 lines, within the limit now. Remove it from tooling/longFiles.ts',
      'src/gone.ts: named in tooling/longFiles.ts but there is no such source file. Remove it from the list',
    ]);
  });

  it('counts lines as an editor numbers them', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb'), lineCount('a\n\n')]).toEqual([0, 1, 1, 2, 2]);
  });
});
