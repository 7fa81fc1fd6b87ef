/*
 * Runs dependency-cruiser with the house's own rules (.dependency-cruiser.cjs) from code, so the import
 * picture (tooling/importPicture.ts) and the rules' own test read the imports exactly as
 * `npm run lint:imports` does: the same rules, and the same Babel set-up that keeps type-only imports.
 */
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';
import extractBabelConfig from 'dependency-cruiser/config-utl/extract-babel-config';

export const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const rulesFile = fileURLToPath(new URL('../.dependency-cruiser.cjs', import.meta.url));
const babelFile = fileURLToPath(new URL('./importBoundaries.babel.cjs', import.meta.url));

/**
 * Cruises `globs` (relative to `baseDirectory`) under the house's rules and returns every module with its
 * dependencies and every rule it breaks. Globs, not folder names: dependency-cruiser only lists .ts files
 * in a folder when the TypeScript compiler API is present, and TypeScript 7 has none.
 */
export async function cruiseWithHouseRules(globs: readonly string[], baseDirectory: string = repositoryRoot): Promise<ICruiseResult> {
  const ruleSet: IConfiguration = await extractDepcruiseConfig(rulesFile);
  const babelConfig = await extractBabelConfig(babelFile);
  const { output } = await cruise(
    [...globs],
    { ruleSet, validate: true, baseDir: baseDirectory, outputType: 'json' },
    {},
    { babelConfig },
  );
  if (typeof output !== 'string') throw new Error('dependency-cruiser answered without its JSON report');
  return JSON.parse(output) as ICruiseResult;
}
