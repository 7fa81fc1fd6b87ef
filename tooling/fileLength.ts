import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The house rule that keeps modules small: no source file outside registry/
 * over 300 lines, tests and generated files counted too, unless it is named
 * in tooling/longFiles.ts with the reason it is long. Registry files are the
 * authors' data (one file per tool, as long as its prompt needs).
 */

export const MAX_LINES = 300;

/** What counts as source: code and stylesheets, whatever their module flavour. */
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css)$/;

/** Folders the repository does not hold: installed packages, git's own, builds and test reports (.gitignore). */
const NOT_SOURCE = new Set(['node_modules', '.git', 'dist', '.e2e-build', '.size-build', '.bench', 'test-results', 'playwright-report', 'blob-report']);

/** Registry files may be as long as their prompts: only the top folder's `registry/` is left out. */
const EXEMPT_FOLDER = 'registry';

/** Every source file under `root`, as a path relative to it with `/` separators, in name order. */
export function sourceFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!NOT_SOURCE.has(entry.name) && relative !== EXEMPT_FOLDER) walk(relative);
      } else if (entry.isFile() && SOURCE.test(entry.name)) {
        found.push(relative);
      }
    }
  };
  walk('');
  return found.sort();
}

/** Lines as an editor numbers them: a final newline ends the last line rather than starting another. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

/**
 * Files over the limit and not named in `allowed` (path -> reason), and named
 * files that no longer need to be, each as a sentence naming the fix.
 */
export function lengthProblems(root: string, allowed: Readonly<Record<string, string>>): string[] {
  const problems: string[] = [];
  const lengths = new Map(sourceFiles(root).map((file) => [file, lineCount(readFileSync(path.join(root, file), 'utf8'))]));
  for (const [file, lines] of lengths) {
    if (lines > MAX_LINES && allowed[file] === undefined) {
      problems.push(`${file}: ${lines} lines, over the ${MAX_LINES}-line limit. Split it, or name it in tooling/longFiles.ts with the reason it is long`);
    }
  }
  for (const file of Object.keys(allowed)) {
    const lines = lengths.get(file);
    if (lines === undefined) problems.push(`${file}: named in tooling/longFiles.ts but there is no such source file. Remove it from the list`);
    else if (lines <= MAX_LINES) problems.push(`${file}: ${lines} lines, within the limit now. Remove it from tooling/longFiles.ts`);
  }
  return problems;
}
