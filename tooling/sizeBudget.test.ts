import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { routeSizes } from './routeSizes';
import { overBudget, parseBudget, readBudget, updatedBudget, type SizeBudget } from './sizeBudget';

/*
 * The budgets as an author meets them: a made-up build of four tools, one of
 * them new (named nowhere in the budget file), one an exception with its reason.
 */

const outDir = mkdtempSync(path.join(tmpdir(), 'studyforge-budget-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Text that gzip cannot shrink much, so each form's size differs plainly from the others'. */
function noise(length: number, seed: number): string {
  let state = seed;
  return Array.from({ length }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return String.fromCharCode(97 + (state % 26));
  }).join('');
}

const forms = { essay: 100, quiz: 200, 'brand-new': 300, recorder: 900 };
const manifest: Record<string, { file: string; isEntry?: boolean; imports?: string[] }> = {
  'index.html': { file: 'assets/index.js', isEntry: true },
  'src/features/runner/ToolPage.tsx': { file: 'assets/ToolPage.js', imports: ['index.html'] },
};
mkdirSync(path.join(outDir, 'assets'), { recursive: true });
writeFileSync(path.join(outDir, 'assets/index.js'), `export const app = '${noise(2000, 1)}';`);
writeFileSync(path.join(outDir, 'assets/ToolPage.js'), `export const page = '${noise(500, 2)}';`);
Object.entries(forms).forEach(([id, length], i) => {
  writeFileSync(path.join(outDir, `assets/${id}.js`), `export const form = '${noise(length, 10 + i)}';`);
  manifest[`virtual:studyforge/tool-form/${id}`] = { file: `assets/${id}.js` };
});
mkdirSync(path.join(outDir, '.vite'));
writeFileSync(path.join(outDir, '.vite/manifest.json'), JSON.stringify(manifest));

const sizes = routeSizes(outDir);
const size = (route: string): number => sizes[route] ?? Number.NaN;
const recorderReason = 'its form carries the sample recording’s transcript to the first paint';

/** The budget file as it would be after the last update, which saw every tool but `brand-new`. */
function budget(changes: Partial<SizeBudget> = {}): SizeBudget {
  return {
    dashboard: size('dashboard'),
    everyToolRoute: size('brand-new'),
    measuredWithTools: 4,
    perAddedTool: { bytes: 50, reason: 'the catalogue entry a new tool adds to every route' },
    exceptions: { recorder: { budget: size('recorder'), reason: recorderReason } },
    ...changes,
  };
}

describe('one budget for every tool route, with named exceptions', () => {
  it('holds a tool route named nowhere in the budget file to the shared budget: passes within it, fails one byte over', () => {
    expect(size('essay')).toBeLessThan(size('quiz'));
    expect(size('quiz')).toBeLessThan(size('brand-new'));
    expect(overBudget(sizes, budget())).toEqual([]);
    const problems = overBudget(sizes, budget({ everyToolRoute: size('brand-new') - 1 }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^brand-new: \d+ B gzipped, over the budget every tool route shares, \d+ B, by 1 B\./);
  });

  it('fails an exception over its own budget, naming the tool and the reason it is an exception', () => {
    // The exception is larger than the shared budget, and passes at its own.
    expect(size('recorder')).toBeGreaterThan(size('brand-new'));
    const problems = overBudget(sizes, budget({ exceptions: { recorder: { budget: size('recorder') - 7, reason: recorderReason } } }));
    expect(problems).toEqual([
      `recorder: ${size('recorder')} B gzipped, over its own budget (an exception: ${recorderReason}), ${size('recorder') - 7} B, by 7 B. ` +
        'Make it smaller, or raise the budget on purpose in the same change (npm run size -- --update)',
    ]);
  });

  it('holds a tool no longer named as an exception to the shared budget', () => {
    expect(overBudget(sizes, budget({ exceptions: {} }))[0]).toMatch(/^recorder: .* over the budget every tool route shares/);
  });

  it('holds a tool whose id is also an object property name (constructor) to the shared budget', () => {
    const problems = overBudget({ dashboard: size('dashboard'), constructor: 11 }, budget({ everyToolRoute: 10, measuredWithTools: 1, exceptions: {} }));
    expect(problems).toEqual([expect.stringMatching(/^constructor: 11 B gzipped, over the budget every tool route shares, 10 B, by 1 B\./)]);
  });

  it('names an exception the build has no route for, and one without a budget yet, with the fix', () => {
    const problems = overBudget(sizes, budget({ exceptions: { recorder: { reason: recorderReason }, 'gone-tool': { budget: 1, reason: 'was large' } } }));
    expect(problems).toEqual([
      'recorder: named as an exception in tooling/size-budget.json but without a budget yet (run npm run size -- --update)',
      'gone-tool: named as an exception in tooling/size-budget.json, but the build has no tool route of that name. Remove it from the exceptions',
    ]);
  });

  it('lets each tool added since the update add its catalogue entry to every route, and no more', () => {
    const measuredBefore = budget({ measuredWithTools: 3, dashboard: size('dashboard') - 50, everyToolRoute: size('brand-new') - 50 });
    expect(overBudget(sizes, measuredBefore)).toEqual([]);
    const problems = overBudget(sizes, { ...measuredBefore, dashboard: size('dashboard') - 51 });
    expect(problems).toEqual([expect.stringMatching(/^dashboard: .* \+ 50 B for the 1 tool added since it was measured, by 1 B\./)]);
  });

  it('updates to the largest tool route outside the exceptions, each exception at its size with its reason kept', () => {
    const stale = budget({ dashboard: 1, everyToolRoute: 1, measuredWithTools: 1, exceptions: { recorder: { reason: recorderReason }, 'gone-tool': { budget: 1, reason: 'was large' } } });
    const { budget: updated, notes } = updatedBudget(sizes, stale);
    expect(updated).toEqual(budget());
    expect(notes).toEqual(['Dropped the exception for gone-tool: the build has no tool route of that name.']);
    expect(overBudget(sizes, updated)).toEqual([]);
  });

  it('refuses a budget file of another shape, naming what is wrong', () => {
    expect(() => parseBudget({ dashboard: 1, essay: 2 })).toThrow(/tooling\/size-budget\.json is not a size budget:[\s\S]*everyToolRoute/);
    expect(() => parseBudget({ ...budget(), exceptions: { recorder: { budget: 5, reason: ' ' } } })).toThrow(/exceptions\.recorder\.reason: write why, beside it/);
  });

  it('keeps an exception in the committed budget file only while its route is larger than the shared budget', () => {
    const committed = readBudget();
    expect(committed.everyToolRoute).toBeGreaterThan(0);
    for (const exception of Object.values(committed.exceptions)) expect(exception.budget).toBeGreaterThan(committed.everyToolRoute);
  });
});
