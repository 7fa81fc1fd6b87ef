/*
 * The import rules (.dependency-cruiser.cjs) each fire, by name, on a deliberate violation: a small tree laid
 * out like the repository, cruised once with the real rules and Babel set-up. A rule that silently stopped
 * matching (a renamed folder, a broken pattern, type imports dropped again) would let `npm run lint:imports`
 * pass on the very import it exists to stop.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cruiseWithHouseRules } from './importCruise';

/** Each fixture file and its source. A file's name says what it does. */
const fixtureTree: Record<string, string> = {
  // A cycle made only of type imports: Babel would drop them, so the rule relies on the boundary set-up keeping them.
  'src/kernel/typeCycleA.ts': "import type { B } from './typeCycleB';\nexport type A = { b?: B };\n",
  'src/kernel/typeCycleB.ts': "import type { A } from './typeCycleA';\nexport type B = { a?: A };\n",
  'src/kernel/kernelUsesFeature.ts': "import { refine } from '../features/refine/index';\nexport const kernelRefine = refine;\n",
  'src/features/refine/index.ts': "export { refine } from './refineInternals';\n",
  'src/features/refine/refineInternals.ts': "export const refine = (text: string): string => text;\n",
  'src/features/study/usesRefineInternals.ts':
    "import { refine } from '../refine/refineInternals';\nexport const studyRefine = refine;\n",
  'src/features/study/usesRefineEntry.ts': "import { refine } from '../refine/index';\nexport const studyRefine = refine;\n",
  'src/ui/uiUsesFeature.ts': "import { refine } from '../features/refine/index';\nexport const uiRefine = refine;\n",
  'src/providers/providerUsesFeature.ts':
    "import { refine } from '../features/refine/index';\nexport const providerRefine = refine;\n",
  'src/providers/providerUsesKernel.ts': "import type { A } from '../kernel/typeCycleA';\nexport type ProviderA = A;\n",
  'e2e/flowHelper.ts': 'export const flowHelper = 1;\n',
  'tooling/toolingUsesE2e.ts': "import { flowHelper } from '../e2e/flowHelper';\nexport const helper = flowHelper;\n",
};

let fixtureRoot = '';
/** Rule names broken by imports from each fixture file, as `npm run lint:imports` would report them. */
const rulesBrokenBy = new Map<string, Set<string>>();

beforeAll(async () => {
  fixtureRoot = mkdtempSync(join(tmpdir(), 'import-rules-'));
  for (const [path, source] of Object.entries(fixtureTree)) {
    mkdirSync(dirname(join(fixtureRoot, path)), { recursive: true });
    writeFileSync(join(fixtureRoot, path), source);
  }
  const result = await cruiseWithHouseRules(['{src,tooling,e2e}/**/*.ts'], fixtureRoot);
  for (const violation of result.summary.violations) {
    const names = rulesBrokenBy.get(violation.from) ?? new Set<string>();
    names.add(violation.rule.name);
    rulesBrokenBy.set(violation.from, names);
  }
}, 120_000);

afterAll(() => {
  if (fixtureRoot) rmSync(fixtureRoot, { recursive: true, force: true });
});

const brokenBy = (path: string): string[] => [...(rulesBrokenBy.get(path) ?? [])].sort();

describe('the import rules fire on the imports they forbid', () => {
  it('reports a cycle made only of type imports', () => {
    // dependency-cruiser reports a cycle once, from whichever of its files it reached first.
    const cycleRules = new Set([...brokenBy('src/kernel/typeCycleA.ts'), ...brokenBy('src/kernel/typeCycleB.ts')]);
    expect([...cycleRules]).toEqual(['no-circular']);
  });

  it('reports the kernel importing a feature, even through its entry', () => {
    expect(brokenBy('src/kernel/kernelUsesFeature.ts')).toEqual(['kernel-imports-no-feature']);
  });

  it("reports a feature importing another feature's internal file", () => {
    expect(brokenBy('src/features/study/usesRefineInternals.ts')).toEqual(['feature-imports-other-features-through-their-entry']);
  });

  it("lets a feature import another feature's index.ts", () => {
    expect(brokenBy('src/features/study/usesRefineEntry.ts')).toEqual([]);
  });

  it('lets a feature import its own internal files', () => {
    expect(brokenBy('src/features/refine/index.ts')).toEqual([]);
  });

  it('reports a shared UI primitive importing a feature', () => {
    expect(brokenBy('src/ui/uiUsesFeature.ts')).toEqual(['ui-imports-kernel-only']);
  });

  it('reports a provider importing a feature', () => {
    expect(brokenBy('src/providers/providerUsesFeature.ts')).toEqual(['providers-import-nothing-of-the-app']);
  });

  it('reports a provider importing the kernel, which builds on the providers', () => {
    expect(brokenBy('src/providers/providerUsesKernel.ts')).toEqual(['providers-import-nothing-of-the-app']);
  });

  it('reports tooling importing an end-to-end flow file', () => {
    expect(brokenBy('tooling/toolingUsesE2e.ts')).toEqual(['tooling-does-not-lean-on-e2e']);
  });
});
